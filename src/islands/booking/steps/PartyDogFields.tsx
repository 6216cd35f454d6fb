import { COATS, type Coat, type OfferedExtra } from '../../../domain/booking-api-schemas.ts';
import type { BookingType } from '../../../domain/booking-types.ts';
import { COAT_LABELS } from '../../../domain/coats.ts';
import type { SavedDog } from '../../../domain/saved-dogs.ts';
import { Checkbox, RadioGroup } from '../../forms/Choices.tsx';
import { SearchableDropdown } from '../../forms/SearchableDropdown.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { TextArea, TextField } from '../../forms/TextField.tsx';
import { useTouchWhen, useValidatedField, validatedProps } from '../../forms/use-validated-field.ts';
import { NO_DOG, type PartyDog } from '../answers.ts';
import { validateDog } from '../dog-answers.ts';
import { partyFieldId, savedDogAnswers } from '../party-answers.ts';
import { typicalCoat } from '../typical-coats.ts';
import type { Breeds } from '../use-breeds.ts';
import { ExtrasField } from './ExtrasField.tsx';

export interface PartyDogFieldsProps {
  index: number;
  /** "Second dog", "Third dog"…: the section's heading and name. */
  heading: string;
  dog: PartyDog;
  onChange(patch: Partial<PartyDog>): void;
  onRemove(): void;
  breeds: Breeds;
  services: BookingType[];
  /** The extras this dog's service offers (its own quote); none until the server answers. */
  extrasOffered: readonly OfferedExtra[];
  savedDogs: SavedDog[];
  showErrors: boolean;
  onNext(): void;
}

/**
 * A further dog of the booking (docs/decisions/082): its service (the first dog's unless changed), a
 * saved dog to pick, its name, breed, weight and coat, its own extras, and its notes, under its heading. The
 * same fields and checks as the first dog's, in the same order, with short labels inside the section.
 */
export function PartyDogFields(props: PartyDogFieldsProps) {
  const { index, heading, dog, onChange, breeds, savedDogs } = props;
  const id = (field: string) => partyFieldId(index, field);
  const name = useValidatedField(dog.dogName, validateDog.dogName);
  const breed = useValidatedField(dog.breedId, validateDog.breedId, { delayMs: 0 });
  const weight = useValidatedField(dog.weight, validateDog.weight);
  const coat = useValidatedField(dog.coat, validateDog.coat, { delayMs: 0 });
  const notes = useValidatedField(dog.notes, validateDog.notes);
  useTouchWhen(props.showErrors, [name, breed, weight, coat, notes]);
  const pickSaved = (value: string) => {
    const saved = savedDogs.find((d) => d._id === value);
    onChange(saved ? savedDogAnswers(saved) : NO_DOG);
  };
  return (
    <section className="party-dog" aria-labelledby={id('title')}>
      <div className="party-dog-head">
        <h3 className="party-dog-title" id={id('title')}>
          {heading}
        </h3>
        <button type="button" className="link-button" onClick={props.onRemove}>
          Remove<span className="visually-hidden"> the {heading.toLowerCase()}</span>
        </button>
      </div>
      <SelectField
        id={id('serviceId')}
        label="Service"
        value={dog.serviceId}
        onChange={(serviceId) => onChange({ serviceId })}
        options={props.services.map((s) => ({ value: s._id, label: s.title }))}
      />
      {savedDogs.length ? (
        <RadioGroup
          id={id('savedDog')}
          label="Who is coming?"
          variant="chips"
          value={dog.savedDogId ?? (dog.dogName ? 'new' : null)}
          onChange={pickSaved}
          status={dog.savedDogId ? 3 : 1}
          successText="Welcome back"
          optional
          options={[...savedDogs.map((d) => ({ value: d._id, label: d.name })), { value: 'new', label: 'Another dog' }]}
        />
      ) : null}
      <TextField
        id={id('dogName')}
        label="Name"
        value={dog.dogName}
        onChange={(v) => onChange({ dogName: v, savedDogId: null })}
        {...validatedProps(name)}
        maxLength={40}
        autoComplete="off"
        onEnter={props.onNext}
      />
      <SearchableDropdown
        id={id('breedId')}
        label="Breed"
        items={breeds.breeds}
        loading={breeds.loading}
        value={dog.breedId}
        onChange={(breedId) => {
          const guess = typicalCoat(breedId);
          const coatPatch = !dog.coat || dog.coatGuessed ? { coat: guess, coatGuessed: Boolean(guess) } : {};
          onChange({ breedId, ...coatPatch });
        }}
        status={breed.status}
        successText={breed.successText}
        message={breed.message}
        placeholder="Start typing, e.g. cockapoo"
      />
      <TextField
        id={id('weight')}
        label="Weight"
        type="text"
        inputMode="decimal"
        suffix="kg"
        value={dog.weight}
        onChange={(v) => onChange({ weight: v })}
        {...validatedProps(weight)}
        maxLength={6}
        onEnter={props.onNext}
      />
      <RadioGroup
        id={id('coat')}
        label="Coat"
        variant="chips"
        value={dog.coat}
        onChange={(v) => onChange({ coat: v as Coat, coatGuessed: false })}
        status={coat.status}
        message={coat.message}
        successText={dog.coatGuessed ? 'From the breed' : undefined}
        options={COATS.map((c) => ({ value: c, label: COAT_LABELS[c] }))}
      />
      <ExtrasField
        offered={props.extrasOffered}
        chosen={dog.extras}
        onChange={(extras) => onChange({ extras })}
        idPrefix={id('')}
      />
      <Checkbox
        id={id('nervous')}
        checked={dog.nervous}
        onChange={(v) => onChange({ nervous: v })}
        status={dog.nervous ? 3 : 1}
        optional
        label="Nervous dogs"
        successText="We'll take it slowly"
      >
        {`${dog.dogName.trim() || 'This dog'} is nervous or anxious at the groomer's`}
      </Checkbox>
      <TextArea
        id={id('notes')}
        label="Anything we should know?"
        optional
        value={dog.notes}
        onChange={(v) => onChange({ notes: v })}
        {...validatedProps(notes)}
        maxLength={500}
        placeholder="Health, allergies, skin, behaviour, the style you'd like…"
      />
    </section>
  );
}
