import * as z from 'zod/mini';
import {
  DogIdSchema,
  DogSchema,
  ExtraIdsSchema,
  InstantSchema,
  PartyPlacementSchema,
  ServiceIdSchema,
} from './booking-api-schemas.ts';
import { MAX_DOGS_PER_BOOKING } from './party.ts';
import { normaliseUkMobile } from './phone.ts';
import { PhoneProofSchema } from './phone-codes.ts';
import { plainText } from './text.ts';

/**
 * What the booker sends about themselves and the booking request that carries it. The owner's phone
 * is a UK mobile, checked with libphonenumber (about 11 KB gzipped with its +44 metadata), so these
 * are apart from booking-api-schemas.ts: the island loads them when the visitor reaches "You"
 * (docs/decisions/054). zod/mini, shared with the functions through booking-schemas.ts.
 */

/** Input: what the person typed; output: E.164 (`+447700900461`). */
export const UkMobileSchema = z.pipe(
  z.string().check(z.maxLength(40)),
  z.transform((value: string, payload) => {
    const e164 = normaliseUkMobile(value);
    if (!e164) {
      payload.issues.push({
        code: 'custom',
        message: 'Please enter a UK mobile number, like 07700 900461',
        input: value,
      });
      return z.NEVER;
    }
    return e164;
  }),
);

export const OwnerSchema = z.strictObject({
  name: plainText(1, 80, { label: 'your name' }),
  phone: UkMobileSchema,
  email: z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Please enter a valid e-mail address')),
  marketingConsent: z.boolean(),
  acceptTerms: z.literal(true, 'Please agree to the terms and the cancellation policy'),
});
export type OwnerInput = z.input<typeof OwnerSchema>;
export type Owner = z.output<typeof OwnerSchema>;

/** One dog of a booking of several (docs/decisions/082): its own service, extras and saved record. */
export const PartyDogSchema = z.strictObject({
  serviceId: ServiceIdSchema,
  dog: DogSchema,
  extras: z.optional(ExtraIdsSchema),
  savedDogId: z.optional(DogIdSchema),
});
export type PartyDog = z.output<typeof PartyDogSchema>;

// POST /v1.0.1/bookings: the booking itself.
export const CreateBookingRequestSchema = z.strictObject({
  serviceId: ServiceIdSchema,
  start: InstantSchema,
  dog: DogSchema,
  /** Extras for the dog's visit, offered with the service (decision 080). */
  extras: z.optional(ExtraIdsSchema),
  owner: OwnerSchema,
  /** A dog saved on this device's customer (device auth); the server checks it belongs to them. */
  savedDogId: z.optional(DogIdSchema),
  /** A fresh uuid per attempt; a retried request with the same key gets the same answer. */
  idempotencyKey: z.uuid(),
  /** The code texted to `owner.phone` (POST /v1.0.1/phone-codes), when the server asked for proof. */
  phoneProof: z.optional(PhoneProofSchema),
  /**
   * The owner was asked "book another?" (409 `already_booked`: this device already booked the same dog
   * at the same start) and said yes (docs/decisions/099).
   */
  anotherBooking: z.optional(z.boolean()),
});
export type CreateBookingRequestInput = z.input<typeof CreateBookingRequestSchema>;
export type CreateBookingRequest = z.output<typeof CreateBookingRequestSchema>;

/**
 * POST /v1.0.1/bookings with several dogs (docs/decisions/082): the same address and the same
 * owner, start, key and proof, with `dogs` (in the order they are booked: one after the other, the
 * order they are groomed) instead of serviceId, dog, extras and savedDogId. A body with `dogs` is
 * read as this one. The server holds the number of dogs to the shop's maxDogsPerBooking.
 */
export const CreatePartyBookingRequestSchema = z.strictObject({
  dogs: z.array(PartyDogSchema).check(z.minLength(1), z.maxLength(MAX_DOGS_PER_BOOKING)),
  start: InstantSchema,
  /** The placement the chosen time was offered with (its slot's `placement`); left out, the server picks. */
  placement: z.optional(PartyPlacementSchema),
  owner: OwnerSchema,
  idempotencyKey: z.uuid(),
  phoneProof: z.optional(PhoneProofSchema),
  anotherBooking: z.optional(z.boolean()),
});
export type CreatePartyBookingRequestInput = z.input<typeof CreatePartyBookingRequestSchema>;
export type CreatePartyBookingRequest = z.output<typeof CreatePartyBookingRequestSchema>;

// POST /v1.0.1/phone-codes: text a code to a number (the answer is the same for any number).
export const PhoneCodeRequestSchema = z.strictObject({
  phone: UkMobileSchema,
  purpose: z.literal('booking'),
});
export type PhoneCodeRequest = z.output<typeof PhoneCodeRequestSchema>;
