import { useState, type SyntheticEvent } from 'react';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { BreedRemovedSchema, BreedSavedSchema, type StaffBreed } from '../../../domain/breed-records.ts';
import { describeMinutes } from '../../../domain/minutes.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useFields } from '../use-fields.ts';
import { BandFields } from './BandFields.tsx';
import { bandChange, bandFormOf, bandOf } from './band-form.ts';
import { PictureFields } from './PictureFields.tsx';
import { RemoveBreed } from './RemoveBreed.tsx';

const dogsAre = (n: number) => `${n} ${n === 1 ? 'dog is' : 'dogs are'}`;

/** One breed's form: its band, its picture (changed at once), and removing it. */
export function EditBreed({
  breed: b,
  others,
  onDone,
  onCancel,
}: {
  breed: StaffBreed;
  others: StaffBreed[];
  onDone(text: string): void;
  onCancel(): void;
}) {
  const { values: f, field } = useFields(() => bandFormOf(b));
  const submit = useSubmit('We could not save the breed');
  const [removing, setRemoving] = useState(false);
  const params = { id: b._id };

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const made = bandOf(f);
    if ('problem' in made) return submit.fail(made.problem);
    void submit.run(
      () => staffCall(apiRoutes.saveBreed, { params, body: bandChange(b, made.body), schema: BreedSavedSchema }),
      ({ breed }) => onDone(`${breed.name} saved.`),
    );
  };
  const remove = (replacementId: string) =>
    void submit.run(
      () =>
        staffCall(apiRoutes.removeBreed, {
          params,
          body: replacementId ? { replacementId } : {},
          schema: BreedRemovedSchema,
        }),
      ({ dogsMoved, movedTo }) => {
        const to = others.find((o) => o._id === movedTo)?.name ?? movedTo;
        onDone(`${b.name} removed.${dogsMoved ? ` ${dogsAre(dogsMoved)} now ${to}.` : ''}`);
      },
    );

  return (
    <form className="rec-form rec-breed-edit" onSubmit={save} noValidate aria-label={`Edit ${b.name}`}>
      <PictureFields breed={b} submit={submit} onDone={onDone} />
      <BandFields field={field} idPrefix={`breed-${b._id}`} nameLocked={b.fallback} />
      {b.fallback ? (
        <p className="field-hint">
          “{b.name}” is the fixed choice for every dog whose breed is not listed: it cannot be renamed or removed.
        </p>
      ) : null}
      {b.usualDurationMin !== null && f.minutes === String(b.usualDurationMin) ? (
        <p className="field-hint">Usually {describeMinutes(b.usualDurationMin)}.</p>
      ) : null}
      <FormActions submit={submit} label="Save" busyLabel="Saving…" onCancel={onCancel}>
        {b.fallback ? null : (
          <button type="button" className="link-button mgmt-danger" onClick={() => setRemoving(true)}>
            Remove breed…
          </button>
        )}
      </FormActions>
      {removing ? (
        <RemoveBreed breed={b} others={others} busy={submit.busy} onRemove={remove} onKeep={() => setRemoving(false)} />
      ) : null}
    </form>
  );
}
