import type { SavedDog } from '../../domain/saved-dogs.ts';
import { NO_DOG, parseWeight, type Answers, type PartyDog } from './answer-basics.ts';

/**
 * The further dogs of one booking (docs/decisions/082) as the form keeps them: `answers.party`, after
 * the first dog, whose answers stay where one dog's always were. Each change is a patch of the answers
 * for the form's reducer (its `answered` action), worked out here, with the dog step's code, so the
 * first step loads nothing for them (docs/decisions/055). Pure, table-tested (party-answers.test.ts).
 */

/** The headings of the further dogs: the first is the form's own "Your dog". */
export const DOG_HEADINGS = ['Second dog', 'Third dog', 'Fourth dog', 'Fifth dog', 'Sixth dog'] as const;

/** A dog's fields in the page: the first dog's are `f-dogName`…, a further dog's `f-dogs-0-dogName`…. */
export const partyFieldId = (index: number, field: string) => `f-dogs-${index}-${field}`;

/** The further dogs, never undefined. */
export const partyOf = (a: Pick<Answers, 'party'>): PartyDog[] => a.party ?? [];

/** Dogs booked together, the first among them. */
export const dogCount = (a: Pick<Answers, 'party'>) => 1 + partyOf(a).length;

/**
 * Another dog, on the first dog's service until the owner changes it. A time chosen for fewer dogs
 * may not fit more: it is chosen again.
 */
export function addDog(a: Answers): Partial<Answers> {
  return {
    party: [...partyOf(a), { ...NO_DOG, serviceId: a.serviceId ?? '', extras: [] }],
    start: null,
    placement: undefined,
  };
}

export function removeDog(a: Answers, index: number): Partial<Answers> {
  return { party: partyOf(a).filter((_, i) => i !== index), start: null, placement: undefined };
}

/** A further dog's answer; another service drops the extras the last one offered, as for the first dog. */
export function changeDog(a: Answers, index: number, patch: Partial<PartyDog>): Partial<Answers> {
  return {
    party: partyOf(a).map((dog, i) =>
      i !== index
        ? dog
        : {
            ...dog,
            ...(patch.serviceId !== undefined && patch.serviceId !== dog.serviceId ? { extras: [] } : {}),
            ...patch,
          },
    ),
  };
}

/** A saved dog of a returning device picked for a dog of the booking: its record fills the answers. */
export function savedDogAnswers(dog: SavedDog) {
  return {
    savedDogId: dog._id,
    dogName: dog.name,
    breedId: dog.breedId,
    weight: String(dog.weightKg),
    coat: dog.coat,
    coatGuessed: false,
    notes: dog.notes,
    nervous: dog.nervous,
  } satisfies Partial<PartyDog>;
}

/**
 * The times' query for every dog, in booking order (`dogs=full:13:bandana;nail-grind,shower:8`), or
 * undefined for one dog, whose times are asked as they always were.
 */
export function dogsQuery(a: Pick<Answers, 'serviceId' | 'weight' | 'extras' | 'party'>): string | undefined {
  if (!a.party?.length || !a.serviceId) return undefined;
  return [{ ...a, serviceId: a.serviceId }, ...a.party]
    .map((dog) =>
      [dog.serviceId, parseWeight(dog.weight), ...(dog.extras.length ? [dog.extras.join(';')] : [])].join(':'),
    )
    .join(',');
}
