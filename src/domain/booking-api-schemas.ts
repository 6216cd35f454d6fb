import * as z from 'zod/mini';
import { IsoDateSchema, WallTimeSchema } from './calendar.ts';
import { SIZES } from './catalogue.ts';
import { DATE_HORIZON_MESSAGE, instantWithinHorizon } from './date-horizon.ts';
import { freeText, plainText } from './text.ts';
import { FairTermsSchema } from './no-show-rules.ts';
import { BookingMoneySchema } from './ledger.ts';
import { MAX_DOGS_PER_BOOKING, PARTY_PLACEMENTS } from './party.ts';

/**
 * The request and response shapes of the booking API, shared by the booking island (which validates
 * as the user types) and the functions (which validate again and decide). Keep them stable: the
 * island and the server are built against them at the same time. Add fields; do not rename.
 *
 * Written with zod/mini: the island loads only what these use (docs/decisions/054). What the booker
 * sends about themselves (a UK mobile, so libphonenumber) is in booking-request-schemas.ts, which the
 * island loads only at the "You" step. The functions import both through booking-schemas.ts.
 */

export const BookingStatusSchema = z.enum(['pending_payment', 'confirmed', 'cancelled', 'expired']);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

/** A service id as booking_types stores it. */
export const ServiceIdSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a service id'));
/** Extras' ids, like services' (docs/decisions/080-sizes-and-extras.md). */
export const ExtraIdSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be an extra id'));
/** A dog's visit takes at most this many extras: more is a mistake or a stranger. */
export const MAX_EXTRAS = 10;
export const ExtraIdsSchema = z.array(ExtraIdSchema).check(z.maxLength(MAX_EXTRAS));
/** The same in a query string: `extras=nail-grind,bandana`. */
export const ExtraIdsQuerySchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(MAX_EXTRAS * 65)),
    z.transform((s: string) => (s === '' ? [] : s.split(','))),
  ),
  ExtraIdsSchema,
);
/** The weight of a dog in a query string, as the quote and the times read it. */
const WeightQuerySchema = z.coerce.number().check(z.minimum(0.5), z.maximum(100));
/** Booking ids are random base64url strings (128 bits or more). */
export const BookingIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be a booking id'));
/** Saved dogs' ids are random base64url strings (96 bits: src/server/ids.ts randomId(12)). */
export const DogIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be a saved dog id'));
/** An instant with its offset, e.g. 2026-03-30T08:00:00.000Z, inside the shop's one horizon (date-horizon.ts). */
export const InstantSchema = z.iso
  .datetime({ offset: true })
  .check(z.refine(instantWithinHorizon, DATE_HORIZON_MESSAGE));

// ---------------------------------------------------------------------------------------------
// Availability: GET /v1.0.1/availability?service=full&from=2026-11-23&days=56[&exclude=<bookingId>]
// ---------------------------------------------------------------------------------------------

export const MAX_AVAILABILITY_DAYS = 62;

/** How the dogs of one booking sit: each on its own table at the same time, or one after the other. */
export const PartyPlacementSchema = z.enum(PARTY_PLACEMENTS);

/** One dog of several, as the times are asked for it: its service, weight and extras. */
export const PartyDogAskedSchema = z.strictObject({
  service: ServiceIdSchema,
  weightKg: z.number().check(z.minimum(0.5), z.maximum(100)),
  extras: ExtraIdsSchema,
});
export type PartyDogAsked = z.infer<typeof PartyDogAskedSchema>;

/**
 * Several dogs in a query string (docs/decisions/082), in the order they are booked: each dog
 * `service:weightKg[:extra;extra]`, dogs apart by commas, e.g. `dogs=full:12.5:nail-grind;bandana,shower:8`.
 * Ids are [a-z0-9-], so ':', ';' and ',' never occur in them (and none is changed by URL decoding).
 */
export const PartyDogsQuerySchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(MAX_DOGS_PER_BOOKING * (70 + MAX_EXTRAS * 65))),
    z.transform((s: string) =>
      s.split(',').map((dog) => {
        const [service, weight, extras, ...rest] = dog.split(':');
        return {
          service,
          weightKg: weight === undefined || weight.trim() === '' ? Number.NaN : Number(weight),
          extras: extras ? extras.split(';') : [],
          ...(rest.length ? { rest } : {}),
        };
      }),
    ),
  ),
  z.array(PartyDogAskedSchema).check(z.minLength(1), z.maxLength(MAX_DOGS_PER_BOOKING)),
);

export const AvailabilityQuerySchema = z
  .strictObject({
    /** The dog's service; with `dogs` instead, the times where every dog fits. */
    service: z.optional(ServiceIdSchema),
    /** Several dogs of one booking (docs/decisions/082): see PartyDogsQuerySchema. */
    dogs: z.optional(PartyDogsQuerySchema),
    /** First day (shop's time zone); default today. */
    from: z.optional(IsoDateSchema),
    /** How many days from `from`; default the whole horizon. Query strings arrive as text. */
    days: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_AVAILABILITY_DAYS))),
    /** When moving a booking: leave this booking out of the busy times. */
    exclude: z.optional(BookingIdSchema),
    /** The dog's weight and extras: a visit's length depends on its size and extras (decision 080). */
    weightKg: z.optional(WeightQuerySchema),
    extras: z.optional(ExtraIdsQuerySchema),
  })
  .check(
    z.refine(
      (q) => (q.service === undefined) !== (q.dogs === undefined),
      'Please ask for one service, or for several dogs with dogs=',
    ),
    z.refine(
      (q) => q.dogs === undefined || (q.weightKg === undefined && q.extras === undefined),
      'With dogs=, each dog carries its own weight and extras',
    ),
  );
export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;

export const SlotSchema = z.object({
  /** UTC instant of the start, ISO 8601. Send this back as `start` when booking. */
  start: InstantSchema,
  /** Wall-clock start in the shop's time zone, 'HH:MM', for display. */
  time: WallTimeSchema,
  /** Several dogs (docs/decisions/082): how they fit at this time; send it back as `placement`. */
  placement: z.optional(PartyPlacementSchema),
});
export type Slot = z.infer<typeof SlotSchema>;

export const DayClosedReasonSchema = z.enum(['closed', 'bank_holiday', 'closure', 'past', 'beyond_horizon']);
export type DayClosedReason = z.infer<typeof DayClosedReasonSchema>;

export const AvailabilityDaySchema = z.object({
  date: IsoDateSchema,
  /** false with a reason when the day cannot be booked at all; true with no slots when it is full. */
  open: z.boolean(),
  reason: z.optional(DayClosedReasonSchema),
  slots: z.array(SlotSchema),
});
export type AvailabilityDay = z.infer<typeof AvailabilityDaySchema>;

export const AvailabilityResponseSchema = z.object({
  timeZone: z.string(),
  days: z.array(AvailabilityDaySchema),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The dog and the owner
// ---------------------------------------------------------------------------------------------

export const COATS = ['short', 'medium', 'long', 'double', 'wire', 'matted'] as const;
export const CoatSchema = z.enum(COATS);
export type Coat = z.infer<typeof CoatSchema>;

export const DogSchema = z.strictObject({
  name: plainText(1, 40, { label: "your dog's name" }),
  breedId: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a breed id')),
  /** Kilograms with at most one decimal (a kitchen scale's reading). */
  weightKg: z.number().check(
    z.minimum(0.5),
    z.maximum(100),
    z.refine((w: number) => Math.abs(Math.round(w * 10) - w * 10) < 1e-6, 'use at most one decimal place'),
  ),
  coat: CoatSchema,
  notes: z.optional(freeText(500, { label: 'the notes' })),
  nervous: z.optional(z.boolean()),
});
export type Dog = z.infer<typeof DogSchema>;

// ---------------------------------------------------------------------------------------------
// Prices (computed by src/domain/pricing.ts on the server only)
// ---------------------------------------------------------------------------------------------

const integer = () => z.number().check(z.int());
const nonNegativeInteger = () => z.number().check(z.int(), z.nonnegative());

export const QuoteLineSchema = z.object({
  kind: z.enum(['service', 'extra', 'promotion', 'total', 'deposit']),
  label: z.string(),
  /** Signed pence: the promotion line is negative. */
  pence: integer(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const QuoteSchema = z.object({
  fromPricePence: nonNegativeInteger(),
  promotionPence: nonNegativeInteger(),
  /** The extras' sum; absent in quotes stored before extras existed (docs/decisions/080). */
  extrasPence: z.optional(nonNegativeInteger()),
  totalFromPence: nonNegativeInteger(),
  depositPence: nonNegativeInteger(),
  promotionApplied: z.boolean(),
  lines: z.array(QuoteLineSchema),
});
export type Quote = z.infer<typeof QuoteSchema>;

// ---------------------------------------------------------------------------------------------
// The confirmation page /b/{id}: GET /v1.0.1/bookings/{id}
// ---------------------------------------------------------------------------------------------

export const PolicyReasonSchema = z.enum([
  'free_change',
  'late_change',
  /** Booked inside the free period: movable up to the booking notice (docs/decisions/079). */
  'late_booking',
  'started',
  /** A dog of it is checked in or done: only the shop changes it now (issue 29). */
  'at_the_shop',
  /** Marked a no-show at the counter. */
  'missed',
  'cancelled',
  'expired',
  'awaiting_payment',
]);
export type PolicyReason = z.infer<typeof PolicyReasonSchema>;

export const LocationSchema = z.object({
  name: z.string(),
  address: z.string(),
  postcode: z.string(),
  mapUrl: z.string(),
  directions: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
});
export type Location = z.infer<typeof LocationSchema>;

/** An extra as a booking keeps it: what it cost and took when booked (booking_extras, decision 080). */
export const BookedExtraSchema = z.object({
  id: ExtraIdSchema,
  title: z.string(),
  pricePence: nonNegativeInteger(),
  durationMin: nonNegativeInteger(),
});
export type BookedExtra = z.infer<typeof BookedExtraSchema>;

export const BookingViewSchema = z.object({
  id: BookingIdSchema,
  status: BookingStatusSchema,
  service: z.object({ id: z.string(), title: z.string(), duration: z.number().check(z.int(), z.positive()) }),
  start: InstantSchema,
  end: InstantSchema,
  timeZone: z.string(),
  dog: z.object({ name: z.string(), breed: z.string() }),
  ownerName: z.string(),
  price: QuoteSchema,
  /** The dog's extras, each also a line of `price`; absent from views made before extras existed. */
  extras: z.optional(z.array(BookedExtraSchema)),
  depositPaidPence: nonNegativeInteger(),
  /**
   * The booking's money from the ledger (docs/decisions/100): the final price (the surcharge agreed
   * in), what was paid and how, and what is left to pay; the same figures the staff see. Absent from
   * views made before the ledger.
   */
  money: z.optional(BookingMoneySchema),
  canCancel: z.boolean(),
  canMove: z.boolean(),
  /** Whether cancelling now would refund the paid deposit. */
  refundOnCancel: z.boolean(),
  policyReason: PolicyReasonSchema,
  /** The policy in a sentence, for the page. */
  policyMessage: z.string(),
  /** Whether a reminder is still to come the day before (src/domain/reminders.ts reminderPlan). */
  reminder: z.enum(['day_before', 'too_late', 'passed']),
  location: LocationSchema,
  /** The no-show rules this booking was made under, in the words the customer was shown (decision 081). */
  rules: z.optional(FairTermsSchema),
  /**
   * Several dogs in one booking (docs/decisions/082): every dog's visit, in order; `start`, `end` and
   * `price` are then the whole booking's, `dog` and `service` its first dog's. Absent for one dog.
   */
  party: z.optional(
    z.object({
      placement: PartyPlacementSchema,
      dogs: z.array(
        z.object({
          bookingId: BookingIdSchema,
          dog: z.object({ name: z.string(), breed: z.string() }),
          service: z.object({ id: z.string(), title: z.string(), duration: z.number().check(z.int(), z.positive()) }),
          start: InstantSchema,
          end: InstantSchema,
          /** This dog's own quote; the booking's `price` is their sum. */
          price: QuoteSchema,
        }),
      ),
    }),
  ),
});
export type BookingView = z.infer<typeof BookingViewSchema>;

export const CreateBookingResponseSchema = z.object({
  bookingId: BookingIdSchema,
  status: z.enum(['confirmed', 'pending_payment']),
  /** Present when a deposit is due: send the browser here (Stripe Checkout). */
  checkoutUrl: z.optional(z.url()),
  /** A new device access key (contract §4 device auth), when one was issued. */
  accessKey: z.optional(z.string()),
  /** The booking as its page shows it, so the page after booking needs no second request. */
  booking: z.optional(BookingViewSchema),
});
export type CreateBookingResponse = z.infer<typeof CreateBookingResponseSchema>;

// POST /v1.0.1/bookings/{id}/cancel and /move. The unguessable id in the path is the key.
export const CancelBookingRequestSchema = z.strictObject({
  // Kept with the booking as "cancelled by the customer: <reason>", in a note of at most 500.
  reason: z.optional(freeText(400, { label: 'the reason' })),
});
export type CancelBookingRequest = z.infer<typeof CancelBookingRequestSchema>;

export const MoveBookingRequestSchema = z.strictObject({ start: InstantSchema });
export type MoveBookingRequest = z.infer<typeof MoveBookingRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Failures
// ---------------------------------------------------------------------------------------------

export const BookingErrorCodeSchema = z.enum([
  'slot_taken', // 409: someone else got there first; `slots` carries fresh times for that day
  'slot_unavailable', // 409/422: not a bookable time (closed, too soon, beyond the horizon, not on the grid)
  'policy', // 409: outside the cancellation policy (started, cancelled, too late to move)
  'not_found', // 404
  'invalid', // 400: failed a schema
  'payment_unavailable', // 503-like answered as 409: deposit due but payments not configured
  'idempotency_conflict', // 409: same key reused with a different request
  // 409: this device already booked the same dog at the same start, still held or confirmed; `booked`
  // says which. Sent again with `anotherBooking: true`, it books (docs/decisions/099).
  'already_booked',
  // 403: this number must be proved by a code first (POST /phone-codes). POST /bookings no longer sends
  // it (decision 072: its answer must not depend on the number's bookings); the island still reads it.
  'phone_verification_required',
  'phone_code_wrong', // 400: the code does not match; `attemptsLeft` says how many tries remain
  'phone_code_expired', // 400: the code expired, was used, or ran out of tries: ask for a new one
  'rate_limited', // 429: too many requests; the Retry-After header says when to try again
  'text_budget_spent', // 429: the shop's texts for today are spent; call the shop (staff: a passkey)
  // 422: two dogs of one booking the shop cannot tell apart ("Bo" and "bo"), or one saved dog chosen
  // twice; `dogs` holds their two places in the booking (docs/decisions/098)
  'dogs_not_apart',
]);
export type BookingErrorCode = z.infer<typeof BookingErrorCodeSchema>;

export const BookingErrorSchema = z.object({
  error: z.string(),
  code: z.optional(BookingErrorCodeSchema),
  slots: z.optional(z.array(SlotSchema)),
  attemptsLeft: z.optional(z.number().check(z.int())),
  /** With `already_booked`: the booking already made (its page is /b/{bookingId}), its dogs and start. */
  booked: z.optional(
    z.object({ bookingId: BookingIdSchema, dogs: z.array(z.string()), start: z.iso.datetime({ offset: true }) }),
  ),
});
export type BookingError = z.infer<typeof BookingErrorSchema>;

export const SLOT_TAKEN_MESSAGE = 'That time has just been taken';

// ---------------------------------------------------------------------------------------------
// The server's quote: GET /v1.0.1/quote?service=full&weightKg=9.5
// What the booking would cost and the rules it is under, from the same functions that create it.
// ---------------------------------------------------------------------------------------------

export const QuoteQuerySchema = z.strictObject({
  service: ServiceIdSchema,
  weightKg: z.optional(WeightQuerySchema),
  /** The dog's breed: the answer then carries the breed's usual figures for a full groom. */
  breed: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a breed id'))),
  extras: z.optional(ExtraIdsQuerySchema),
});
export type QuoteQuery = z.infer<typeof QuoteQuerySchema>;

export const OfferedExtraSchema = z.object({
  id: ExtraIdSchema,
  title: z.string(),
  pricePence: nonNegativeInteger(),
  durationMin: nonNegativeInteger(),
});
export type OfferedExtra = z.infer<typeof OfferedExtraSchema>;

export const QuoteResponseSchema = z.object({
  serviceId: ServiceIdSchema,
  quote: QuoteSchema,
  /** The size the dog is priced as (its weight, else its breed's usual size); null: one price for all. */
  size: z.nullable(z.enum(SIZES)),
  /** The visit's length with its size and extras: what the times offered are checked against. */
  durationMin: z.number().check(z.int(), z.positive()),
  /** The extras this service offers, in catalogue order, for the booker to pick from. */
  extrasOffered: z.array(OfferedExtraSchema),
  /** How the deposit is paid: online through Stripe now, or nothing until the shop. */
  payment: z.enum(['online_deposit', 'in_shop']),
  timeZone: z.string(),
  /** Free changes and cancellations up to this many hours before the appointment. */
  cancellationNoticeHours: nonNegativeInteger(),
  /** How long an unpaid booking holds its time. */
  holdMinutes: z.number().check(z.int(), z.positive()),
  /** The small dog offer, while it runs. */
  promotion: z.nullable(z.object({ discountPence: integer(), maxWeightKg: z.number(), serviceKind: z.string() })),
  /**
   * With `breed` asked for a full groom: what that breed usually takes ("usually 1 h 30, £55–£70"),
   * a guide beside the "from" price, which stays what is booked. Null for other services, unknown
   * breeds and breeds without figures.
   */
  breed: z.optional(
    z.nullable(
      z.object({
        id: z.string(),
        name: z.string(),
        usualDurationMin: z.nullable(integer()),
        priceFromPence: z.nullable(integer()),
        priceToPence: z.nullable(integer()),
        estimate: z.string(),
      }),
    ),
  ),
  /** The no-show rules this booking would be under, for the review step (decision 081). */
  rules: z.optional(FairTermsSchema),
  /** The most dogs the shop takes in one booking (docs/decisions/082): the form offers "Add another dog" up to it. */
  maxDogsPerBooking: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_DOGS_PER_BOOKING)),
});
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;
