import * as z from 'zod/mini';
import { DogSchema, ExtraIdsSchema, ServiceIdSchema } from './booking-api-schemas.ts';
import { normaliseUkMobile } from './phone.ts';
import { IsoDateSchema } from './calendar.ts';
import { PhoneProofSchema } from './phone-codes.ts';
import { plainText } from './text.ts';
import { WaitlistOfferViewSchema } from './waitlist-offer-schemas.ts';
import { MAX_DOGS_PER_BOOKING } from './party.ts';

/**
 * The waitlist's requests and answers (docs/decisions/084), shared by the join form (loaded on
 * demand from the time step) and the functions. zod/mini like the booking's; the mobile is checked
 * with libphonenumber, so this module stays out of the booking path's first chunks.
 */

export const WAITLIST_PARTS = ['morning', 'afternoon'] as const;
export const WaitlistPartSchema = z.enum(WAITLIST_PARTS);
export type WaitlistPart = z.infer<typeof WaitlistPartSchema>;

/** ISO weekdays: 1 Monday … 7 Sunday, as the table stores them. */
export const IsoWeekdaySchema = z.number().check(z.int(), z.minimum(1), z.maximum(7));

/** A request's id: its owner's key to /w/{id}, random like a booking's. */
export const WaitlistRequestIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'must be a waitlist request id'));

export const WaitlistStatusSchema = z.enum(['waiting', 'booked', 'withdrawn', 'lapsed']);
export type WaitlistStatus = z.infer<typeof WaitlistStatusSchema>;

const distinct = <T>(values: readonly T[]) => new Set(values).size === values.length;

/**
 * A UK mobile, to E.164: booking-request-schemas.ts's UkMobileSchema, written again here because
 * importing that module from the waitlist's chunk splits it out of the "You" step's own.
 */
const MobileSchema = z.pipe(
  z.string().check(z.maxLength(40)),
  z.transform((value: string, payload) => {
    const e164 = normaliseUkMobile(value);
    if (e164) return e164;
    payload.issues.push({
      code: 'custom',
      message: 'Please enter a UK mobile number, like 07700 900461',
      input: value,
    });
    return z.NEVER;
  }),
);

export const WaitlistOwnerSchema = z.strictObject({
  name: plainText(1, 80, { label: 'your name' }),
  phone: MobileSchema,
  /** Needed only to be told by e-mail; an empty field is no address. */
  email: z.optional(
    z.union([
      z.literal(''),
      z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Please enter a valid e-mail address')),
    ]),
  ),
});

export const NotifySchema = z.strictObject({ text: z.boolean(), email: z.boolean() });

/**
 * What every waitlist request says, joined online or added by staff for a caller
 * (staff-waitlist-request.ts): the dog and service as the booking form's answers, what suits, who to
 * tell and how.
 */
export const waitlistRequestShape = {
  serviceId: ServiceIdSchema,
  dog: DogSchema,
  extras: z.optional(ExtraIdsSchema),
  from: IsoDateSchema,
  to: IsoDateSchema,
  weekdays: z
    .array(IsoWeekdaySchema)
    .check(z.minLength(1, 'Please choose at least one day of the week'), z.maxLength(7), z.refine(distinct)),
  parts: z
    .array(WaitlistPartSchema)
    .check(z.minLength(1, 'Please choose morning, afternoon or both'), z.maxLength(2), z.refine(distinct)),
  owner: WaitlistOwnerSchema,
  notify: NotifySchema,
};

interface WaitlistRequestFacts {
  from: string;
  to: string;
  notify: { text: boolean; email: boolean };
  owner: { email?: string | undefined };
}

/** The checks across fields of every waitlist request, in the owner's words. */
export const waitlistRequestChecks = <T extends WaitlistRequestFacts>() =>
  [
    z.refine<T>((r) => r.to >= r.from, { message: 'The last day must not be before the first', path: ['to'] }),
    z.refine<T>((r) => r.notify.text || r.notify.email, {
      message: 'Please choose how we should tell you: by text, by e-mail or both',
      path: ['notify'],
    }),
    z.refine<T>((r) => !r.notify.email || Boolean(r.owner.email), {
      message: 'Please give your e-mail address to be told by e-mail',
      path: ['owner', 'email'],
    }),
  ] as const;

/** One dog of a party's request: as the party booking's own dogs (PartyDogSchema), without a saved record. */
export const WaitlistDogSchema = z.strictObject({
  serviceId: ServiceIdSchema,
  dog: DogSchema,
  extras: z.optional(ExtraIdsSchema),
});
export type WaitlistDog = z.output<typeof WaitlistDogSchema>;

/**
 * A request for a booking of several dogs (docs/decisions/084 "Several dogs"): `dogs` in the order
 * they are booked instead of serviceId, dog and extras; the rest as one dog's.
 */
const { serviceId: _service, dog: _dog, extras: _extras, ...suitsShape } = waitlistRequestShape;
export const waitlistPartyShape = {
  dogs: z.array(WaitlistDogSchema).check(z.minLength(1), z.maxLength(MAX_DOGS_PER_BOOKING)),
  ...suitsShape,
};

/** Every dog of a request, one dog's or a party's, in the order they are booked. */
export function dogsOf(
  request: { dogs: readonly WaitlistDog[] } | Pick<WaitlistDog, 'serviceId' | 'dog' | 'extras'>,
): WaitlistDog[] {
  return 'dogs' in request
    ? [...request.dogs]
    : [{ serviceId: request.serviceId, dog: request.dog, extras: request.extras }];
}

// POST /v1.0.1/waitlist
const joinExtras = {
  /** The code texted to `owner.phone`: the waitlist texts only a number proven to be the owner's. */
  phoneProof: z.optional(PhoneProofSchema),
  idempotencyKey: z.uuid(),
};
const joinShape = { ...waitlistRequestShape, ...joinExtras };
const joinPartyShape = { ...waitlistPartyShape, ...joinExtras };
const JoinOneDogSchema = z
  .strictObject(joinShape)
  .check(...waitlistRequestChecks<z.output<z.ZodMiniObject<typeof joinShape>>>());
const JoinPartySchema = z
  .strictObject(joinPartyShape)
  .check(...waitlistRequestChecks<z.output<z.ZodMiniObject<typeof joinPartyShape>>>());

/**
 * A body with `dogs` is a party's request, any other one dog's, so a one-dog body is checked and
 * answered word for word as before (as POST /bookings reads its two bodies, decision 082).
 */
type JoinInput = z.input<typeof JoinOneDogSchema> | z.input<typeof JoinPartySchema>;
type JoinOutput = z.output<typeof JoinOneDogSchema> | z.output<typeof JoinPartySchema>;
export const JoinWaitlistRequestSchema = z.pipe(
  z.custom<JoinInput>(),
  z.transform<JoinInput, JoinOutput>((value, payload) => {
    const party = typeof value === 'object' && value !== null && !Array.isArray(value) && 'dogs' in value;
    const result = (party ? JoinPartySchema : JoinOneDogSchema).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      payload.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: value });
    return z.NEVER;
  }),
);
export type JoinWaitlistRequestInput = z.input<typeof JoinWaitlistRequestSchema>;
export type JoinWaitlistRequest = z.output<typeof JoinWaitlistRequestSchema>;

// GET /v1.0.1/waitlist/{id}: the request as its page shows it. Only what its owner needs; the
// number and address are shown by their ends, as a stranger holding a forwarded link sees them too.
export const WaitlistViewSchema = z.object({
  id: WaitlistRequestIdSchema,
  status: WaitlistStatusSchema,
  service: z.object({ id: z.string(), title: z.string() }),
  dog: z.object({ name: z.string(), breed: z.string() }),
  extras: z.array(z.object({ id: z.string(), title: z.string() })),
  /** A party's request: every dog, the first being `dog` (docs/decisions/084 "Several dogs"). */
  dogs: z.optional(z.array(z.object({ name: z.string(), breed: z.string(), service: z.string() }))),
  from: IsoDateSchema,
  to: IsoDateSchema,
  weekdays: z.array(IsoWeekdaySchema),
  parts: z.array(WaitlistPartSchema),
  /** What suits, in words: "any weekday morning from Mon 30 Nov to Fri 11 Dec". */
  suits: z.string(),
  /** How the owner is told, in words: "by text to the number ending 461 and by e-mail". */
  told: z.string(),
  ownerName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The booking an offer became. */
  bookingId: z.optional(z.string()),
  /** Its open offer, else the last one of the past day (src/server/waitlist/offer-view.ts). */
  offer: z.optional(WaitlistOfferViewSchema),
});
export type WaitlistView = z.infer<typeof WaitlistViewSchema>;

export const JoinWaitlistResponseSchema = z.object({
  requestId: WaitlistRequestIdSchema,
  /** True when this number's waiting request for the service was changed rather than a new one made. */
  updated: z.boolean(),
  request: WaitlistViewSchema,
});
export type JoinWaitlistResponse = z.infer<typeof JoinWaitlistResponseSchema>;

// POST /v1.0.1/waitlist/{id}/withdraw: the id is the key; nothing else to say.
export const WithdrawWaitlistRequestSchema = z.strictObject({});
export type WithdrawWaitlistRequest = z.infer<typeof WithdrawWaitlistRequestSchema>;

export const WaitlistErrorCodeSchema = z.enum([
  'invalid',
  'not_found',
  'phone_verification_required',
  'phone_code_wrong',
  'phone_code_expired',
  'rate_limited',
  'idempotency_conflict',
  /** 409: this number already waits for this service with another dog. */
  'already_waiting',
  /** 409: the request became a booking; it is changed from the booking's page. */
  'already_booked',
]);
