import { useId, type Dispatch } from 'react';
import { COATS } from '../../../domain/booking-api-schemas.ts';
import type { Breed } from '../../../domain/breeds.ts';
import { COAT_LABELS } from '../../../domain/coats.ts';
import { Checkbox, RadioGroup } from '../../forms/Choices.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { chosenDog, NEW_DOG, type DogDraft, type PhoneBookingAction, type PhoneBookingState } from './phone-booking.ts';

const COAT_OPTIONS = COATS.map((coat) => ({ value: coat, label: COAT_LABELS[coat] }));

/** "2. The dog": one of the caller's dogs, or a dog taken down here. */
export function DogFields({
  state,
  breeds,
  dispatch,
}: {
  state: PhoneBookingState;
  breeds: readonly Breed[];
  dispatch: Dispatch<PhoneBookingAction>;
}) {
  const id = useId();
  const { customer, dog } = state;
  const set = (patch: Partial<DogDraft>) => dispatch({ type: 'dog', patch });
  // A field typed as text: its id, value and change.
  const bind = (key: 'name' | 'breedId' | 'weightKg') => ({
    id: `${id}-${key}`,
    value: dog[key],
    onChange: (value: string) => set({ [key]: value }),
  });
  const breedOptions = [{ value: '', label: 'Choose…' }, ...breeds.map((b) => ({ value: b._id, label: b.name }))];
  return (
    <>
      {customer && customer !== 'new' && customer.dogs.length ? (
        <RadioGroup
          id={`${id}-which`}
          label="Which dog"
          variant="chips"
          value={state.dogId}
          onChange={(dogId) => dispatch({ type: 'pickDog', id: dogId })}
          options={[
            ...customer.dogs.map((d) => ({ value: d.id, label: `${d.name} (${d.breed})` })),
            { value: NEW_DOG, label: 'Another dog' },
          ]}
        />
      ) : null}
      {!chosenDog(state) ? (
        <div className="sched-fields">
          <TextField label="Dog's name" autoComplete="off" {...bind('name')} />
          <SelectField label="Breed" options={breedOptions} {...bind('breedId')} />
          <TextField label="Weight (kg)" inputMode="decimal" {...bind('weightKg')} />
          <SelectField
            id={`${id}-coat`}
            label="Coat"
            options={COAT_OPTIONS}
            value={dog.coat}
            onChange={(coat) => set({ coat: COATS.find((c) => c === coat) ?? 'short' })}
          />
          <Checkbox
            id={`${id}-nervous`}
            checked={dog.nervous}
            onChange={(nervous) => set({ nervous })}
            required={false}
          >
            Nervous
          </Checkbox>
        </div>
      ) : null}
    </>
  );
}
