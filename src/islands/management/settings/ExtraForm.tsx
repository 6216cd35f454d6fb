import type { SyntheticEvent } from 'react';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { extraAdds, ExtraSavedSchema, MAX_EXTRA_MINUTES, type StaffExtra } from '../../../domain/extras-catalogue.ts';
import type { StaffService } from '../../../domain/shop-settings.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useFields } from '../use-fields.ts';
import { wholeNumber } from '../whole-number.ts';
import { EMPTY_EXTRA, extraBody, extraFormOf, withService } from './extra-form.ts';

/** A new extra (no `extra`) or one being edited; `onDone` says what was saved. */
export function ExtraForm({
  extra,
  services,
  onCancel,
  onDone,
}: {
  extra?: StaffExtra;
  services: readonly StaffService[];
  onCancel(): void;
  onDone(text: string): void;
}) {
  const { values: f, set, field } = useFields(() => (extra ? extraFormOf(extra) : EMPTY_EXTRA));
  const submit = useSubmit('We could not save the extra');
  const title = extra ? `Edit ${extra.title}` : 'New extra';
  const id = `extra-${extra?._id ?? 'new'}`;
  const serviceIds = services.map((s) => s._id);

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const made = extraBody(f, serviceIds);
    if ('problem' in made) return submit.fail(made.problem);
    const options = { body: made.body, schema: ExtraSavedSchema };
    void submit.run(
      () =>
        extra
          ? staffCall(apiRoutes.saveExtra, { ...options, params: { id: extra._id } })
          : staffCall(apiRoutes.addExtra, options),
      ({ extra: saved }) => onDone(`${saved.title} saved: ${extraAdds(saved)}${saved.active ? '' : ', retired'}.`),
    );
  };

  return (
    <form className="rec-form rec-service-form" onSubmit={save} noValidate aria-label={title}>
      <h3>{title}</h3>
      <TextField id={`${id}-title`} label="Title" maxLength={80} {...field('title')} />
      <TextField
        id={`${id}-description`}
        label="Description"
        optional
        hint="One line the booking form shows under the title."
        maxLength={300}
        {...field('description')}
      />
      <div className="rec-three">
        <TextField id={`${id}-price`} label="Price (£)" inputMode="decimal" {...field('price')} />
        <TextField
          id={`${id}-minutes`}
          label="Adds (minutes)"
          {...wholeNumber(0, MAX_EXTRA_MINUTES, 5)}
          {...field('minutes')}
        />
        <TextField id={`${id}-order`} label="Display order" {...wholeNumber(0, 10000)} {...field('display_order')} />
      </div>
      <fieldset className="rec-fieldset" aria-describedby={`${id}-with-hint`}>
        <legend>Offered with</legend>
        <p className="field-hint" id={`${id}-with-hint`}>
          Tick none to offer it with every service.
        </p>
        {services.map((s) => (
          <Checkbox
            key={s._id}
            id={`${id}-with-${s._id}`}
            required={false}
            checked={f.onlyWith.includes(s._id)}
            onChange={(on) => set('onlyWith', withService(f.onlyWith, s._id, on, serviceIds))}
          >
            {s.title}
            {s.active ? null : ' (hidden)'}
          </Checkbox>
        ))}
      </fieldset>
      <Checkbox id={`${id}-active`} required={false} checked={f.active} onChange={(on) => set('active', on)}>
        Offered when booking (untick to retire it)
      </Checkbox>
      {extra?.bookingsAhead ? (
        <p className="field-hint">
          {extra.bookingsAhead} {extra.bookingsAhead === 1 ? 'booking' : 'bookings'} ahead keep this extra at the price
          and time they were booked with.
        </p>
      ) : null}
      <FormActions submit={submit} label="Save extra" busyLabel="Saving…" onCancel={onCancel} />
    </form>
  );
}
