import { unlessBusy } from '../../forms/unless-busy.ts';
import { useState } from 'react';
import type { StaffBreed } from '../../../domain/breed-records.ts';
import { SelectField } from '../../forms/SelectField.tsx';

/** "Remove Beagle?": what its dogs become, then yes or keep it. */
export function RemoveBreed({
  breed: b,
  others,
  busy,
  onRemove,
  onKeep,
}: {
  breed: StaffBreed;
  others: StaffBreed[];
  busy: boolean;
  onRemove(replacementId: string): void;
  onKeep(): void;
}) {
  const [replacement, setReplacement] = useState(others.find((o) => o.fallback)?._id ?? '');
  const choices = others.filter((o) => o._id !== b._id).map((o) => ({ value: o._id, label: o.name }));
  return (
    <div className="rec-confirm-box" role="group" aria-label={`Remove ${b.name}`}>
      <p>
        <strong>Remove {b.name}?</strong>{' '}
        {b.dogs
          ? `${b.dogs} ${b.dogs === 1 ? 'dog has' : 'dogs have'} this breed: choose what they become.`
          : 'No dog on record has this breed.'}
      </p>
      {b.dogs ? (
        <SelectField
          id={`breed-${b._id}-replacement`}
          label="Their dogs become"
          options={choices}
          value={replacement}
          onChange={setReplacement}
        />
      ) : null}
      <div className="rec-buttons">
        <button type="button" className="ibutton rec-danger-button" {...unlessBusy(busy, () => onRemove(replacement))}>
          Yes, remove {b.name}
        </button>
        <button type="button" className="ibutton ibutton--ghost" onClick={onKeep}>
          Keep it
        </button>
      </div>
    </div>
  );
}
