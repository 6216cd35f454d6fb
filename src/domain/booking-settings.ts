import { z } from 'zod/mini';
import { IsoDateSchema, WallTimeSchema, WEEKDAYS, type Weekday } from './calendar.ts';
import { DATE_HORIZON_MESSAGE, instantWithinHorizon } from './date-horizon.ts';
import site from '../../content/site.json' with { type: 'json' };
import { MAX_DOGS_PER_BOOKING, PARTY_PLACEMENT_SETTINGS } from './party.ts';
import { CheckInSettingsSchema, DEFAULT_CHECK_IN_SETTINGS } from './check-in-settings.ts';

/**
 * The shop's booking rules as data. Pure code takes a `BookingSettings` as an argument; where the
 * settings are stored (and how staff change them) is the server's business. The defaults come from
 * content/site.json (opening hours, time zone, promotion) and from the shop (two tables, a day's notice…).
 * Written in zod/mini, as every schema a page loads (docs/decisions/054): the Settings page edits them.
 */

// The calendar values live in calendar.ts, which the booking island loads without the rest of this
// file; they are exported from here too, where the server has always found them.
export { IsoDateSchema, WallTimeSchema, WEEKDAYS, type Weekday } from './calendar.ts';

export const OpeningSpanSchema = z
  .object({ opens: WallTimeSchema, closes: WallTimeSchema })
  .check(z.refine((s) => s.opens < s.closes, 'a day must close after it opens'));
export type OpeningSpan = z.infer<typeof OpeningSpanSchema>;

export const DepositSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('fixed'), pence: z.number().check(z.int(), z.positive(), z.maximum(1_000_000)) }),
  z.object({ kind: z.literal('percent'), percent: z.number().check(z.positive(), z.maximum(100)) }),
]);
export type Deposit = z.infer<typeof DepositSchema>;

/** What a no-show or a late cancellation costs: nothing, a fixed sum, or a share of the price up to a cap. */
export const ChargeRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('fixed'), pence: z.number().check(z.int(), z.positive(), z.maximum(100_000)) }),
  z.object({
    kind: z.literal('percent'),
    percent: z.number().check(z.positive(), z.maximum(100)),
    capPence: z.number().check(z.int(), z.positive(), z.maximum(100_000)),
  }),
]);
export type ChargeRule = z.infer<typeof ChargeRuleSchema>;

export const PromotionSchema = z.object({
  discountPence: z.number().check(z.int(), z.positive()),
  /** Dogs strictly under this weight qualify. */
  maxWeightKg: z.number().check(z.positive()),
  /** The booking type `kind` it applies to (booking_types.kind). */
  serviceKind: z.string().check(z.minLength(1)),
  /** Optional end of a limited-time offer (ISO instant); none means "until withdrawn". */
  endsAt: z.optional(z.iso.datetime({ offset: true }).check(z.refine(instantWithinHorizon, DATE_HORIZON_MESSAGE))),
});
export type Promotion = z.infer<typeof PromotionSchema>;

const whole = (min: number, max: number) => z.number().check(z.int(), z.minimum(min), z.maximum(max));

/** The waitlist's numbers' bounds, for the schema and the Settings form's hints alike. */
export const WAITLIST_BOUNDS = {
  offersAtOnce: { min: 1, max: 10 },
  offerMinutes: { min: 10, max: 24 * 60 },
} as const;

/**
 * The waitlist's offers (docs/decisions/084): how many requests are offered one free start at once,
 * how long an offer stands, and the hours (shop's time zone) in which offers may be sent.
 */
export const WaitlistSettingsSchema = z.object({
  offersAtOnce: whole(WAITLIST_BOUNDS.offersAtOnce.min, WAITLIST_BOUNDS.offersAtOnce.max),
  offerMinutes: whole(WAITLIST_BOUNDS.offerMinutes.min, WAITLIST_BOUNDS.offerMinutes.max),
  wakingHours: z
    .object({ from: WallTimeSchema, to: WallTimeSchema })
    .check(z.refine((w) => w.from < w.to, 'waking hours must end after they begin')),
});
export type WaitlistSettings = z.infer<typeof WaitlistSettingsSchema>;

export const BookingSettingsSchema = z.object({
  timeZone: z.string().check(
    z.minLength(1),
    z.refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone'),
  ),
  openingHours: z.object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, z.nullable(OpeningSpanSchema)])) as Record<
      Weekday,
      z.ZodMiniNullable<typeof OpeningSpanSchema>
    >,
  ),
  /** Grooming tables: how many appointments may run at the same moment. */
  capacity: whole(1, 50),
  minNoticeMinutes: whole(0, 60 * 24 * 30),
  horizonWeeks: whole(1, 104),
  slotStepMinutes: whole(5, 240),
  /** How long an unpaid booking holds its slot; Stripe Checkout sessions live at least 30 minutes. */
  holdMinutes: whole(30, 24 * 60),
  deposit: DepositSchema,
  cancellationNoticeHours: whole(0, 24 * 14),
  /** Days the shop sets itself (holidays, training), in the shop's time zone. */
  closures: z.array(IsoDateSchema).check(z.maxLength(1000)),
  /** Bank holidays of England and Wales close the shop unless this is false. */
  closedOnBankHolidays: z.boolean(),
  promotion: z.nullable(PromotionSchema),
  /** The heaviest small and medium dog in kg (src/domain/catalogue.ts); heavier is large. */
  sizeLimitsKg: z
    .object({
      small: z.number().check(z.positive(), z.maximum(100)),
      medium: z.number().check(z.positive(), z.maximum(100)),
    })
    .check(z.refine((l) => l.small < l.medium, 'a medium dog must be allowed to weigh more than a small one')),
  // Fair no-show rules (docs/decisions/081): what a no-show and a late cancellation cost, how many
  // live strikes ask for the full price when booking (null: never), a new customer's deposit (none:
  // the shop's own), and whether the card paid with is saved for a no-show fee.
  noShowFee: ChargeRuleSchema,
  lateCancellationFee: ChargeRuleSchema,
  payInFullAfterStrikes: z.nullable(whole(1, 20)),
  newCustomerDeposit: DepositSchema,
  cardOnFile: z.boolean(),
  // Several dogs in one booking (docs/decisions/082): how many dogs one booking may bring, and how
  // they may be placed: each on its own table at the same time, one after the other, or either.
  maxDogsPerBooking: whole(1, MAX_DOGS_PER_BOOKING),
  partyPlacement: z.enum(PARTY_PLACEMENT_SETTINGS),
  waitlist: WaitlistSettingsSchema,
  // Check-in at the counter (docs/decisions/091): the coat and handling tiers and the shop's own health rule.
  checkIn: CheckInSettingsSchema,
});
export type BookingSettings = z.infer<typeof BookingSettingsSchema>;

function openingHoursFromSite(): BookingSettings['openingHours'] {
  const byDay = new Map(site.openingHours.map((h) => [h.day.toLowerCase(), h]));
  return Object.fromEntries(
    WEEKDAYS.map((d) => {
      const h = byDay.get(d);
      return [d, h && h.opens && h.closes ? { opens: h.opens, closes: h.closes } : null];
    }),
  ) as BookingSettings['openingHours'];
}

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = Object.freeze({
  timeZone: site.timeZone,
  openingHours: openingHoursFromSite(),
  capacity: 2,
  minNoticeMinutes: 120,
  horizonWeeks: 8,
  slotStepMinutes: 15,
  holdMinutes: 30,
  deposit: { kind: 'none' },
  cancellationNoticeHours: 24,
  closures: [],
  closedOnBankHolidays: true,
  promotion: {
    discountPence: site.promotion.discountPence,
    maxWeightKg: site.promotion.maxWeightKg,
    serviceKind: site.promotion.serviceKind,
  },
  sizeLimitsKg: { small: 10, medium: 25 },
  // Within the CMA's guidance (decision 081): a no-show costs half the price up to £30, a late
  // cancellation only the deposit already paid, and three missed visits in a year ask for payment up front.
  noShowFee: { kind: 'percent', percent: 50, capPence: 3000 },
  lateCancellationFee: { kind: 'none' },
  payInFullAfterStrikes: 3,
  newCustomerDeposit: { kind: 'none' },
  cardOnFile: true,
  maxDogsPerBooking: 3,
  partyPlacement: 'either',
  // A few at a time, an hour to answer, never a text at night (decision 084).
  waitlist: { offersAtOnce: 3, offerMinutes: 60, wakingHours: { from: '08:00', to: '21:00' } },
  checkIn: DEFAULT_CHECK_IN_SETTINGS,
}) as BookingSettings;

/**
 * Settings from a stored partial document (e.g. a JSON column staff edit): unknown keys dropped,
 * missing keys defaulted, invalid values refused with a ZodError.
 */
export function bookingSettingsFrom(partial: Partial<BookingSettings> | null | undefined): BookingSettings {
  return BookingSettingsSchema.parse({ ...DEFAULT_BOOKING_SETTINGS, ...(partial ?? {}) });
}
