import { COATS, type Coat } from '../../../domain/booking-api-schemas.ts';
import type { BookingType } from '../../../domain/booking-types.ts';
import { formatPence } from '../../../domain/money.ts';
import type { SavedDog } from '../../../domain/saved-dogs.ts';
import { Checkbox, RadioGroup } from '../../forms/Choices.tsx';
import { SearchableDropdown } from '../../forms/SearchableDropdown.tsx';
import { TextArea, TextField } from '../../forms/TextField.tsx';
import { useTouchWhen, useValidatedField, validatedProps } from '../../forms/use-validated-field.ts';
import { NO_DOG, parseWeight, type Answers } from '../answers.ts';
import { COAT_HINTS, COAT_LABELS } from '../../../domain/coats.ts';
import { validateDog } from '../dog-answers.ts';
import { StepButtons } from '../StepButtons.tsx';
import { ExtrasField } from './ExtrasField.tsx';
import { typicalCoat } from '../typical-coats.ts';
import { RetryNotice } from '../RetryNotice.tsx';
import type { Breeds } from '../use-breeds.ts';
import type { Quote } from '../use-quote.ts';
import { savedDogAnswers } from '../party-answers.ts';
import { PartyDogs } from './PartyDogs.tsx';

export interface DogStepProps {
  answers: Answers;
  update(p: Partial<Answers>): void;
  /** The breeds to choose from, as they load (use-breeds.ts). */
  breeds: Breeds;
  /** The services a further dog may have instead of the first dog's (docs/decisions/082). */
  services: BookingType[];
  /** The server's quote of the first dog: the offer, the extras the service offers, the shop's limit of dogs. */
  quote: Quote;
  savedDogs: SavedDog[];
  showErrors: boolean;
  onNext(): void;
  onBack(): void;
}

/** Step 2, "Your dog": loaded on demand (docs/decisions/055). */
export default function DogStep({
  answers,
  update,
  breeds,
  services,
  quote,
  savedDogs,
  showErrors,
  onNext,
  onBack,
}: DogStepProps) {
  const name = useValidatedField(answers.dogName, validateDog.dogName);
  const breed = useValidatedField(answers.breedId, validateDog.breedId, { delayMs: 0 });
  const weight = useValidatedField(answers.weight, validateDog.weight);
  const coat = useValidatedField(answers.coat, validateDog.coat, { delayMs: 0 });
  const notes = useValidatedField(answers.notes, validateDog.notes);
  useTouchWhen(showErrors, [name, breed, weight, coat]);
  const kg = parseWeight(answers.weight);
  const promo = quote.promotion;
  const extrasOffered = quote.estimate?.extrasOffered;
  const promoHint =
    promo && answers.serviceId === promo.serviceKind
      ? kg < promo.maxWeightKg
        ? `Under ${promo.maxWeightKg}kg: the small dog offer of ${formatPence(promo.discountPence)} off applies.`
        : `Dogs under ${promo.maxWeightKg}kg get ${formatPence(promo.discountPence)} off a shower.`
      : 'A good guess is fine; it helps us plan the time.';

  const pickSaved = (id: string) => {
    if (id === 'new') return update(NO_DOG);
    const dog = savedDogs.find((d) => d._id === id);
    if (dog) update(savedDogAnswers(dog));
  };

  return (
    <>
      {savedDogs.length ? (
        <RadioGroup
          id="f-savedDog"
          label="Who is coming?"
          variant="chips"
          value={answers.savedDogId ?? (answers.dogName ? 'new' : null)}
          onChange={pickSaved}
          status={answers.savedDogId ? 3 : 1}
          successText="Welcome back"
          optional
          options={[...savedDogs.map((d) => ({ value: d._id, label: d.name })), { value: 'new', label: 'Another dog' }]}
        />
      ) : null}
      <TextField
        id="f-dogName"
        label="Your dog's name"
        value={answers.dogName}
        onChange={(v) => update({ dogName: v, savedDogId: null })}
        {...validatedProps(name)}
        maxLength={40}
        autoComplete="off"
        onEnter={onNext}
      />
      <SearchableDropdown
        id="f-breedId"
        label="Breed"
        items={breeds.breeds}
        loading={breeds.loading}
        value={answers.breedId}
        onChange={(id) => {
          const guess = typicalCoat(id);
          // Pre-fill the coat from the breed unless the owner already chose one.
          const coatPatch = !answers.coat || answers.coatGuessed ? { coat: guess, coatGuessed: Boolean(guess) } : {};
          update({ breedId: id, ...coatPatch });
        }}
        status={breed.status}
        successText={breed.successText}
        message={breed.message}
        placeholder="Start typing, e.g. cockapoo"
        hint="Not sure or mixed? Choose None/Other."
      />
      {breeds.error ? (
        <RetryNotice onRetry={breeds.reload}>We could not load the list of breeds just now.</RetryNotice>
      ) : null}
      <TextField
        id="f-weight"
        label="Weight"
        type="text"
        inputMode="decimal"
        suffix="kg"
        value={answers.weight}
        onChange={(v) => update({ weight: v })}
        {...validatedProps(weight)}
        maxLength={6}
        hint={promoHint}
        onEnter={onNext}
      />
      <RadioGroup
        id="f-coat"
        label="Coat"
        variant="chips"
        value={answers.coat}
        onChange={(v) => update({ coat: v as Coat, coatGuessed: false })}
        status={coat.status}
        message={coat.message}
        successText={answers.coatGuessed ? 'From the breed' : undefined}
        hint={
          answers.coatGuessed
            ? "Filled in from the breed; change it if your dog's coat is different."
            : 'Choose the closest; tell us about knots or matting.'
        }
        options={COATS.map((c) => ({ value: c, label: COAT_LABELS[c], description: COAT_HINTS[c] }))}
      />
      <ExtrasField offered={extrasOffered ?? []} chosen={answers.extras} onChange={(extras) => update({ extras })} />
      <Checkbox
        id="f-nervous"
        checked={answers.nervous}
        onChange={(v) => update({ nervous: v })}
        status={answers.nervous ? 3 : 1}
        optional
        label="Nervous dogs"
        successText="We'll take it slowly"
      >
        My dog is nervous or anxious at the groomer's
      </Checkbox>
      <TextArea
        id="f-notes"
        label="Anything we should know?"
        optional
        value={answers.notes}
        onChange={(v) => update({ notes: v })}
        {...validatedProps(notes)}
        maxLength={500}
        placeholder="Health, allergies, skin, behaviour, the style you'd like…"
      />
      <PartyDogs
        answers={answers}
        update={update}
        breeds={breeds}
        services={services}
        limit={quote.estimate?.maxDogsPerBooking ?? 1}
        savedDogs={savedDogs}
        showErrors={showErrors}
        onNext={onNext}
      />
      <StepButtons onNext={onNext} onBack={onBack} />
    </>
  );
}
