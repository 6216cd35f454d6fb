import { z } from 'zod';
import {
  COATS,
  CreateBookingRequestSchema,
  DogSchema,
  OwnerSchema,
  type Coat,
  type CreateBookingRequest,
} from '../../domain/booking-schemas.ts';
import { formatUkMobile, normaliseUkMobile } from '../../domain/phone.ts';
import type { Validation } from '../forms/status.ts';

/** The steps of the booking form, in order (issue 5). */
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
  date: string | null;
  start: string | null;
  ownerName: string;
  phone: string;
  email: string;
  marketingConsent: boolean;
  acceptTerms: boolean;
}

export const EMPTY_ANSWERS: Answers = {
  serviceId: null,
  savedDogId: null,
  dogName: '',
  breedId: null,
  weight: '',
  coat: null,
  coatGuessed: false,
  notes: '',
  nervous: false,
  date: null,
  start: null,
  ownerName: '',
  phone: '',
  email: '',
  marketingConsent: false,
  acceptTerms: false,
};

// What sessionStorage gives back is untrusted (an old version, a hand edit): anything off is dropped.
const StoredSchema = z.object({
  step: z.number().int().min(0).max(4),
  answers: z.object({
    serviceId: z.string().max(64).nullable(),
    savedDogId: z.string().max(64).nullable(),
    dogName: z.string().max(200),
    breedId: z.string().max(64).nullable(),
    weight: z.string().max(20),
    coat: z.enum(COATS).nullable(),
    coatGuessed: z.boolean(),
    notes: z.string().max(2000),
    nervous: z.boolean(),
    date: z.string().max(10).nullable(),
    start: z.string().max(40).nullable(),
    ownerName: z.string().max(200),
    phone: z.string().max(60),
    email: z.string().max(300),
    marketingConsent: z.boolean(),
    acceptTerms: z.boolean(),
  }),
});
export type Stored = { step: StepIndex; answers: Answers };

export const STORAGE_KEY = 'booking_answers';

export function loadAnswers(storage: Storage | undefined): Stored | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = StoredSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { step: parsed.data.step as StepIndex, answers: parsed.data.answers } : null;
  } catch {
    return null;
  }
}

export function saveAnswers(storage: Storage | undefined, stored: Stored): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Private browsing or a full quota: the form still works, it just won't survive a reload.
  }
}

export function clearAnswers(storage: Storage | undefined): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    /* as above */
  }
}

/** "9,5 kg" and "9.5" both mean 9.5; empty or junk is NaN. */
export function parseWeight(text: string): number {
  const cleaned = text.trim().replace(',', '.').replace(/\s*kg$/i, '');
  if (!/^\d{1,3}(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

// Field validators: the same schemas the server applies, with messages in the shop's voice.
const ok = (text?: string): Validation => ({ ok: true, ...(text ? { text } : {}) });
const wrong = (message: string): Validation => ({ ok: false, message });

export const validate = {
  serviceId: (v: string | null) => (v ? ok() : wrong('Please choose a service.')),
  dogName: (v: string) => (DogSchema.shape.name.safeParse(v).success ? ok() : wrong(v.trim() ? 'Please keep the name under 40 characters.' : "Please tell us your dog's name.")),
  breedId: (v: string | null) => (v && DogSchema.shape.breedId.safeParse(v).success ? ok() : wrong('Please choose a breed, or None/Other.')),
  weight: (v: string) => {
    const kg = parseWeight(v);
    if (!v.trim()) return wrong('Please give their weight in kg; a good guess is fine.');
    if (Number.isNaN(kg)) return wrong('Please enter a number of kg, like 9.5.');
    if (!DogSchema.shape.weightKg.safeParse(kg).success) return wrong(kg < 0.5 || kg > 100 ? 'Please enter between 0.5 and 100 kg.' : 'Please use at most one decimal place, like 9.5.');
    return ok(`${kg} kg`);
  },
  coat: (v: Coat | null) => (v ? ok() : wrong('Please choose the coat that fits best.')),
  notes: (v: string) => (v.length <= 500 ? ok(v.trim() ? 'Noted' : undefined) : wrong('Please keep notes under 500 characters.')),
  start: (v: string | null) => (v ? ok() : wrong('Please choose a time.')),
  ownerName: (v: string) => (OwnerSchema.shape.name.safeParse(v).success ? ok() : wrong(v.trim() ? 'Please keep your name under 80 characters.' : 'Please tell us your name.')),
  phone: (v: string) => {
    const e164 = normaliseUkMobile(v);
    if (e164) return ok(formatUkMobile(e164));
    return wrong('Please enter a UK mobile number, like 07700 900461.');
  },
  email: (v: string) => (OwnerSchema.shape.email.safeParse(v).success ? ok() : wrong('Please enter an e-mail address, like name@example.com.')),
};

/** Which answers each step needs before going on. */
export function stepProblems(step: StepIndex, a: Answers): string[] {
  const checks: Array<[string, Validation]> =
    step === STEP.service ? [['serviceId', validate.serviceId(a.serviceId)]]
      : step === STEP.dog ? [['dogName', validate.dogName(a.dogName)], ['breedId', validate.breedId(a.breedId)], ['weight', validate.weight(a.weight)], ['coat', validate.coat(a.coat)], ['notes', validate.notes(a.notes)]]
        : step === STEP.time ? [['start', validate.start(a.start)]]
          : step === STEP.you ? [['ownerName', validate.ownerName(a.ownerName)], ['phone', validate.phone(a.phone)], ['email', validate.email(a.email)]]
            : [];
  return checks.filter(([, result]) => !result.ok).map(([name]) => name);
}

/** The first step with a missing or wrong answer (the review step when all is well). */
export function firstIncompleteStep(a: Answers): StepIndex {
  for (const step of [0, 1, 2, 3] as const) if (stepProblems(step, a).length) return step;
  return a.acceptTerms ? STEP.review : STEP.you;
}

/** The POST /bookings body, validated with the server's own schema; null while anything is missing. */
export function bookingRequest(a: Answers, idempotencyKey: string): CreateBookingRequest | null {
  const notes = a.notes.trim();
  const parsed = CreateBookingRequestSchema.safeParse({
    serviceId: a.serviceId,
    start: a.start,
    dog: {
      name: a.dogName,
      breedId: a.breedId,
      weightKg: parseWeight(a.weight),
      coat: a.coat,
      ...(notes ? { notes } : {}),
      ...(a.nervous ? { nervous: true } : {}),
    },
    owner: {
      name: a.ownerName,
      phone: a.phone,
      email: a.email,
      marketingConsent: a.marketingConsent,
      acceptTerms: a.acceptTerms,
    },
    ...(a.savedDogId ? { savedDogId: a.savedDogId } : {}),
    idempotencyKey,
  });
  return parsed.success ? parsed.data : null;
}
