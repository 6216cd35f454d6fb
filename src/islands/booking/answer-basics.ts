import type { Coat } from '../../domain/booking-api-schemas.ts';
import type { PartyPlacement } from '../../domain/party.ts';
import type { Validation } from '../forms/status.ts';

/**
 * The booking form's ground: its steps, the answers' shape and the small helpers every step's rules
 * share. answers.ts (loaded with the page) and the rules loaded with their steps (dog-answers.ts,
 * owner-answers.ts, stored-answers.ts) both stand on it, so neither imports the other back.
 */

/** The steps of the booking form, in order . */
export const STEPS = ['Service', 'Your dog', 'Date and time', 'You', 'Review and confirm'] as const;
export const STEP = { service: 0, dog: 1, time: 2, you: 3, review: 4 } as const;
export type StepIndex = 0 | 1 | 2 | 3 | 4;

/**
 * Everything the visitor has answered, as they typed it (text stays text until the request is built),
 * so going back and forth, or reloading the page, loses nothing.
 */
export interface Answers {
  serviceId: string | null;
  savedDogId: string | null;
  dogName: string;
  breedId: string | null;
  weight: string;
  coat: Coat | null;
  /** The coat was pre-filled from the breed, not chosen by the owner. */
  coatGuessed: boolean;
  notes: string;
  nervous: boolean;
  /** The extras chosen for the dog's visit (ids), from those the service offers (decision 080). */
  extras: string[];
  /**
   * The booking's further dogs (docs/decisions/082), after the one above: each with its own service,
   * answers and extras. Absent or empty for one dog, whose answers and flow are as they always were.
   */
  party?: PartyDog[];
  date: string | null;
  start: string | null;
  /** How the dogs sit at the chosen time (its slot's `placement`), sent back when booking several. */
  placement?: PartyPlacement;
  ownerName: string;
  phone: string;
  email: string;
  marketingConsent: boolean;
  acceptTerms: boolean;
}

/** A further dog of the booking: its "Your dog" answers, with a service of its own. */
export type PartyDog = Pick<
  Answers,
  'savedDogId' | 'dogName' | 'breedId' | 'weight' | 'coat' | 'coatGuessed' | 'notes' | 'nervous' | 'extras'
> & { serviceId: string };

/** The "Your dog" answers before a dog is described: a new visitor's, or "Another dog". */
export const NO_DOG = {
  savedDogId: null,
  dogName: '',
  breedId: null,
  weight: '',
  coat: null,
  coatGuessed: false,
  notes: '',
  nervous: false,
} as const satisfies Partial<Answers>;

export const EMPTY_ANSWERS: Answers = {
  serviceId: null,
  ...NO_DOG,
  extras: [],
  date: null,
  start: null,
  ownerName: '',
  phone: '',
  email: '',
  marketingConsent: false,
  acceptTerms: false,
};

export type Stored = { step: StepIndex; answers: Answers };

/** "9,5 kg" and "9.5" both mean 9.5; empty or junk is NaN. */
export function parseWeight(text: string): number {
  const cleaned = text
    .trim()
    .replace(',', '.')
    .replace(/\s*kg$/i, '');
  if (!/^\d{1,3}(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

export const ok = (text?: string): Validation => ({ ok: true, ...(text ? { text } : {}) });
export const wrong = (message: string): Validation => ({ ok: false, message });
