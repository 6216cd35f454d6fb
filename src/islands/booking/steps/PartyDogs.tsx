import type { BookingType } from '../../../domain/booking-types.ts';
import type { SavedDog } from '../../../domain/saved-dogs.ts';
import type { Answers } from '../answers.ts';
import { DOG_HEADINGS, addDog, changeDog, dogCount, partyFieldId, partyOf, removeDog } from '../party-answers.ts';
import type { Breeds } from '../use-breeds.ts';
import { usePartyQuotes } from '../use-party-quotes.ts';
import { PartyDogFields } from './PartyDogFields.tsx';

/**
 * The further dogs of the booking under the first (docs/decisions/082), each with its heading
 * ("Second dog"…), its own service, answers and extras, and a way to take it out again; then "Add
 * another dog" while the shop takes more. With one dog this is only the button: one dog's step is as
 * it always was.
 */
export function PartyDogs({
  answers,
  update,
  breeds,
  services,
  limit,
  savedDogs,
  showErrors,
  onNext,
}: {
  answers: Answers;
  update(p: Partial<Answers>): void;
  breeds: Breeds;
  services: BookingType[];
  /** The shop's maxDogsPerBooking, from the server's quote (1 until it answers). */
  limit: number;
  savedDogs: SavedDog[];
  showErrors: boolean;
  onNext(): void;
}) {
  const party = partyOf(answers);
  const { offered } = usePartyQuotes(party);
  // A new dog's name takes the focus, so the keyboard carries on where the eyes go; a removed dog's
  // place goes to the button that adds one.
  const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  return (
    <>
      {party.map((dog, index) => (
        <PartyDogFields
          key={index}
          index={index}
          heading={DOG_HEADINGS[index] ?? `Dog ${index + 2}`}
          dog={dog}
          onChange={(patch) => update(changeDog(answers, index, patch))}
          onRemove={() => {
            update(removeDog(answers, index));
            focusSoon('f-add-dog');
          }}
          breeds={breeds}
          services={services}
          extrasOffered={offered[index] ?? []}
          savedDogs={savedDogs}
          showErrors={showErrors}
          onNext={onNext}
        />
      ))}
      {dogCount(answers) < limit ? (
        <p className="add-dog">
          <button
            type="button"
            id="f-add-dog"
            className="button button--ghost"
            onClick={() => {
              update(addDog(answers));
              focusSoon(partyFieldId(party.length, 'dogName'));
            }}
          >
            Add another dog
          </button>
        </p>
      ) : null}
    </>
  );
}
