import { useState, type SyntheticEvent } from 'react';
import type { SizeLimits } from '../../../domain/catalogue.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { formatPence, penceFromPounds } from '../../../domain/money.ts';
import { listPrices, stalePrices, writtenPrice } from '../../../domain/service-descriptions.ts';
import {
  describeMinutes,
  SERVICE_KIND_LABELS,
  SERVICE_KINDS,
  ServiceSavedSchema,
  type StaffService,
} from '../../../domain/shop-settings.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useFields } from '../use-fields.ts';
import { wholeNumber } from '../whole-number.ts';
import { DescriptionField } from './DescriptionField.tsx';
import { EMPTY_SERVICE, serviceBody, serviceFormOf, sizesSaid } from './service-form.ts';
import { ServiceSizeFields } from './ServiceSizeFields.tsx';

const KIND_OPTIONS = SERVICE_KINDS.map((k) => ({ value: k, label: SERVICE_KIND_LABELS[k] }));

/** A new service (no `service`) or one being edited; `onDone` says what was saved. */
export function ServiceForm({
  service,
  limits,
  onCancel,
  onDone,
}: {
  service?: StaffService;
  limits: SizeLimits;
  onCancel(): void;
  onDone(text: string): void;
}) {
  const { values: f, set, field } = useFields(() => (service ? serviceFormOf(service) : EMPTY_SERVICE));
  const submit = useSubmit('We could not save the service');
  const [warned, setWarned] = useState(false);
  const figure = penceFromPounds(f.price);
  const stale = figure === null ? [] : stalePrices(f.description, figure, service?.price);
  const title = service ? `Edit ${service.title}` : 'New service';
  const id = `service-${service?._id ?? 'new'}`;

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const made = serviceBody(f);
    if ('problem' in made) return submit.fail(made.problem);
    if (stale.length > 0 && !warned) {
      setWarned(true);
      return submit.fail(
        `The description still says ${listPrices(stale)} but the price is ${writtenPrice(made.body.price)}: change it above, or press Save service again to keep it as written.`,
      );
    }
    const options = { body: made.body, schema: ServiceSavedSchema };
    void submit.run(
      () =>
        service
          ? staffCall(apiRoutes.saveService, { ...options, params: { id: service._id } })
          : staffCall(apiRoutes.addService, options),
      ({ service: saved }) =>
        onDone(
          `${saved.title} saved: ${saved.sizes.length > 0 ? sizesSaid(saved.sizes) : `from ${formatPence(saved.price)}, ${describeMinutes(saved.duration)}`}.`,
        ),
    );
  };

  return (
    <form className="rec-form rec-service-form" onSubmit={save} noValidate aria-label={title}>
      <h3>{title}</h3>
      <TextField id={`${id}-title`} label="Title" maxLength={120} {...field('title')} />
      <div className="rec-three">
        <TextField id={`${id}-price`} label="Price from (£)" inputMode="decimal" {...field('price')} />
        <TextField
          id={`${id}-duration`}
          label="Duration (minutes)"
          {...wholeNumber(5, 600, 5)}
          {...field('duration')}
        />
        <TextField id={`${id}-order`} label="Display order" {...wholeNumber(0, 10000)} {...field('display_order')} />
      </div>
      <ServiceSizeFields idPrefix={id} sizes={f.sizes} limits={limits} onChange={(sizes) => set('sizes', sizes)} />
      <SelectField id={`${id}-kind`} label="Kind" options={KIND_OPTIONS} {...field('kind')} />
      <DescriptionField id={`${id}-description`} stale={stale} figure={figure} {...field('description')} />
      <Checkbox id={`${id}-active`} required={false} checked={f.active} onChange={(on) => set('active', on)}>
        Shown on the website and bookable
      </Checkbox>
      {service?.bookingsAhead ? (
        <p className="field-hint">
          {service.bookingsAhead} {service.bookingsAhead === 1 ? 'booking' : 'bookings'} ahead keep the price and length
          they were booked with.
        </p>
      ) : null}
      <FormActions submit={submit} label="Save service" busyLabel="Saving…" onCancel={onCancel} />
    </form>
  );
}
