/**
 * The dogs of one booking are told apart by name (docs/decisions/098): the shop calls each by its
 * name at the counter, on the report card and in every message, and a customer's saved dogs are one
 * record per name (dogs_customer_name_idx, lower(name)). Two dogs of one booking whose names differ
 * only by capitals or spaces ("Bo" and "bo") would be one dog to all of that, so the owner is asked
 * to name them apart before anything is written; a dog chosen twice from the saved dogs, likewise.
 * Pure, for the server and any form that wants to ask before sending.
 */

/** A dog's name as the shop compares names: capitals, accents' forms and spaces aside ("B o" is "bo"). */
export function dogNameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('en-GB').replace(/\s+/gu, '');
}

export type DogsApart =
  | { apart: true }
  /** Two dogs whose names the shop cannot tell apart; `dogs` are their places in the booking. */
  | { apart: false; reason: 'same_name'; name: string; dogs: [number, number] }
  /** One saved dog chosen for two places. */
  | { apart: false; reason: 'same_saved_dog'; name: string; dogs: [number, number] };

/** Whether the dogs of one booking are distinct dogs; the first two that are not, when not. */
export function dogsApart(dogs: ReadonlyArray<{ dog: { name: string }; savedDogId?: string | undefined }>): DogsApart {
  const byName = new Map<string, number>();
  const bySaved = new Map<string, number>();
  for (const [i, { dog, savedDogId }] of dogs.entries()) {
    if (savedDogId !== undefined) {
      const earlier = bySaved.get(savedDogId);
      if (earlier !== undefined) return { apart: false, reason: 'same_saved_dog', name: dog.name, dogs: [earlier, i] };
      bySaved.set(savedDogId, i);
    }
    const key = dogNameKey(dog.name);
    const earlier = byName.get(key);
    if (earlier !== undefined)
      return { apart: false, reason: 'same_name', name: dogs[earlier]!.dog.name, dogs: [earlier, i] };
    byName.set(key, i);
  }
  return { apart: true };
}

/** What the shop says when two dogs of one booking are not apart. */
export function notApartMessage(result: Exclude<DogsApart, { apart: true }>): string {
  return result.reason === 'same_saved_dog'
    ? `You chose ${result.name} for two of your dogs — please choose each of your dogs once.`
    : `Two of your dogs are both called ${result.name} — please give each a name we can tell apart.`;
}
