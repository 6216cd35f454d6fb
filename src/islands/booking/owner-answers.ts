import {
  CreateBookingRequestSchema,
  CreatePartyBookingRequestSchema,
  OwnerSchema,
  type CreateBookingRequest,
  type CreatePartyBookingRequest,
} from '../../domain/booking-request-schemas.ts';
import { normaliseUkMobile } from '../../domain/phone.ts';
import { formatUkMobile } from '../../domain/phone-format.ts';
import type { Validation } from '../forms/status.ts';
import { ok, parseWeight, wrong, type Answers, type PartyDog } from './answer-basics.ts';

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

/** A dog as the booking request carries it, from its answers. */
function dogOf(d: Omit<PartyDog, 'serviceId'>) {
  const notes = d.notes.trim();
  return {
    name: d.dogName,
    breedId: d.breedId,
    weightKg: parseWeight(d.weight),
    coat: d.coat,
    ...(notes ? { notes } : {}),
    ...(d.nervous ? { nervous: true } : {}),
  };
}

const ownerOf = (a: Answers) => ({
  name: a.ownerName,
  phone: a.phone,
  email: a.email,
  marketingConsent: a.marketingConsent,
  acceptTerms: a.acceptTerms,
});

/** The POST /bookings body, validated with the server's own schema; null while anything is missing. */
export function bookingRequest(a: Answers, idempotencyKey: string): CreateBookingRequest | null {
  const parsed = CreateBookingRequestSchema.safeParse({
    serviceId: a.serviceId,
    start: a.start,
    dog: dogOf(a),
    owner: ownerOf(a),
    ...(a.extras.length ? { extras: a.extras } : {}),
    ...(a.savedDogId ? { savedDogId: a.savedDogId } : {}),
    idempotencyKey,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The POST /bookings body of several dogs (docs/decisions/082): every dog in booking order, with the
 * placement its time was offered with; null while anything is missing.
 */
export function partyBookingRequest(a: Answers, idempotencyKey: string): CreatePartyBookingRequest | null {
  const parsed = CreatePartyBookingRequestSchema.safeParse({
    dogs: [{ ...a, serviceId: a.serviceId ?? '' }, ...(a.party ?? [])].map((d) => ({
      serviceId: d.serviceId,
      dog: dogOf(d),
      ...(d.extras.length ? { extras: d.extras } : {}),
      ...(d.savedDogId ? { savedDogId: d.savedDogId } : {}),
    })),
    start: a.start,
    ...(a.placement ? { placement: a.placement } : {}),
    owner: ownerOf(a),
    idempotencyKey,
  });
  return parsed.success ? parsed.data : null;
}
