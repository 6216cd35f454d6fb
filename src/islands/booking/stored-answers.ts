import * as z from 'zod/mini';
import { COATS } from '../../domain/booking-api-schemas.ts';
import { MAX_DOGS_PER_BOOKING, PARTY_PLACEMENTS } from '../../domain/party.ts';
import type { StepIndex, Stored } from './answer-basics.ts';

// What sessionStorage gives back is untrusted (an old version, a hand edit): anything off is dropped.
const Extras = z.array(z.string().check(z.maxLength(64))).check(z.maxLength(10));
const Dog = {
  savedDogId: z.nullable(z.string().check(z.maxLength(64))),
  dogName: z.string().check(z.maxLength(200)),
  breedId: z.nullable(z.string().check(z.maxLength(64))),
  weight: z.string().check(z.maxLength(20)),
  coat: z.nullable(z.enum(COATS)),
  coatGuessed: z.boolean(),
  notes: z.string().check(z.maxLength(2000)),
  nervous: z.boolean(),
};
const StoredSchema = z.object({
  step: z.number().check(z.int(), z.minimum(0), z.maximum(4)),
  answers: z.object({
    serviceId: z.nullable(z.string().check(z.maxLength(64))),
    ...Dog,
    // Answers saved before extras existed have none.
    extras: z.optional(Extras),
    // The further dogs of a booking of several (docs/decisions/082).
    party: z.optional(
      z
        .array(z.object({ ...Dog, serviceId: z.string().check(z.maxLength(64)), extras: Extras }))
        .check(z.maxLength(MAX_DOGS_PER_BOOKING - 1)),
    ),
    date: z.nullable(z.string().check(z.maxLength(10))),
    start: z.nullable(z.string().check(z.maxLength(40))),
    placement: z.optional(z.enum(PARTY_PLACEMENTS)),
    ownerName: z.string().check(z.maxLength(200)),
    phone: z.string().check(z.maxLength(60)),
    email: z.string().check(z.maxLength(300)),
    marketingConsent: z.boolean(),
    acceptTerms: z.boolean(),
  }),
});

/** Saved answers read back from text, or null when they are not answers this form wrote. */
export function parseStoredAnswers(text: string): Stored | null {
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const { answers, step } = parsed.data;
    return { step: step as StepIndex, answers: { ...answers, extras: answers.extras ?? [] } };
  } catch {
    return null;
  }
}
