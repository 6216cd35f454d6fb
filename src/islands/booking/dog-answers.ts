import { DogSchema, type Coat } from '../../domain/booking-api-schemas.ts';
import type { Validation } from '../forms/status.ts';
import { ok, parseWeight, wrong, type Answers } from './answer-basics.ts';

/** The "Your dog" answers checked with the server's own schema, with messages in the shop's voice. */
export const validateDog = {
  dogName: (v: string) =>
    DogSchema.shape.name.safeParse(v).success
      ? ok()
      : wrong(v.trim() ? 'Please keep the name under 40 characters.' : "Please tell us your dog's name."),
  breedId: (v: string | null) =>
    v && DogSchema.shape.breedId.safeParse(v).success ? ok() : wrong('Please choose a breed, or None/Other.'),
  weight: (v: string) => {
    const kg = parseWeight(v);
    if (!v.trim()) return wrong('Please give their weight in kg; a good guess is fine.');
    if (Number.isNaN(kg)) return wrong('Please enter a number of kg, like 9.5.');
    if (!DogSchema.shape.weightKg.safeParse(kg).success)
      return wrong(
        kg < 0.5 || kg > 100
          ? 'Please enter between 0.5 and 100 kg.'
          : 'Please use at most one decimal place, like 9.5.',
      );
    return ok(`${kg} kg`);
  },
  coat: (v: Coat | null) => (v ? ok() : wrong('Please choose the coat that fits best.')),
  notes: (v: string) =>
    v.length <= 500 ? ok(v.trim() ? 'Noted' : undefined) : wrong('Please keep notes under 500 characters.'),
};

export function dogProblems(a: Answers): string[] {
  const checks: Array<[string, Validation]> = [
    ['dogName', validateDog.dogName(a.dogName)],
    ['breedId', validateDog.breedId(a.breedId)],
    ['weight', validateDog.weight(a.weight)],
    ['coat', validateDog.coat(a.coat)],
    ['notes', validateDog.notes(a.notes)],
  ];
  return [...checks.filter(([, result]) => !result.ok).map(([name]) => name), ...partyProblems(a)];
}

/**
 * The further dogs' answers that are missing or wrong, named as their fields' ids without `f-`
 * (party-answers.ts partyFieldId; not imported, so the first step's rules check brings no more code).
 */
export function partyProblems(a: Pick<Answers, 'party'>): string[] {
  return (a.party ?? []).flatMap((dog, i) =>
    (
      [
        ['serviceId', { ok: Boolean(dog.serviceId) }],
        ['dogName', validateDog.dogName(dog.dogName)],
        ['breedId', validateDog.breedId(dog.breedId)],
        ['weight', validateDog.weight(dog.weight)],
        ['coat', validateDog.coat(dog.coat)],
        ['notes', validateDog.notes(dog.notes)],
      ] as const
    )
      .filter(([, result]) => !result.ok)
      .map(([field]) => `dogs-${i}-${field}`),
  );
}
