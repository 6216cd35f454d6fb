import {
  CreateBookingRequestSchema,
  OwnerSchema,
  type CreateBookingRequest,
} from '../../domain/booking-request-schemas.ts';
import { normaliseUkMobile } from '../../domain/phone.ts';
import { formatUkMobile } from '../../domain/phone-format.ts';
import type { Validation } from '../forms/status.ts';
import { ok, parseWeight, wrong, type Answers } from './answer-basics.ts';

/**
 * The "You" answers checked with the server's own schemas, and the booking request they complete.
 * This is what brings libphonenumber and its +44 metadata: loaded with the "You" step.
 */
export const validateOwner = {
  ownerName: (v: string) =>
    OwnerSchema.shape.name.safeParse(v).success
      ? ok()
      : wrong(v.trim() ? 'Please keep your name under 80 characters.' : 'Please tell us your name.'),
  phone: (v: string) => {
    const e164 = normaliseUkMobile(v);
    if (e164) return ok(formatUkMobile(e164));
    return wrong('Please enter a UK mobile number, like 07700 900461.');
  },
  email: (v: string) =>
    OwnerSchema.shape.email.safeParse(v).success
      ? ok()
      : wrong('Please enter an e-mail address, like name@example.com.'),
};

export function ownerProblems(a: Answers): string[] {
  const checks: Array<[string, Validation]> = [
    ['ownerName', validateOwner.ownerName(a.ownerName)],
    ['phone', validateOwner.phone(a.phone)],
    ['email', validateOwner.email(a.email)],
  ];
  return checks.filter(([, result]) => !result.ok).map(([name]) => name);
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
    ...(a.extras.length ? { extras: a.extras } : {}),
    ...(a.savedDogId ? { savedDogId: a.savedDogId } : {}),
    idempotencyKey,
  });
  return parsed.success ? parsed.data : null;
}
