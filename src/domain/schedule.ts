import { z } from 'zod/mini';
import { bankHolidayOn } from './bank-holidays.ts';
import {
  AvailabilityDaySchema,
  BookedExtraSchema,
  BookingIdSchema,
  BookingStatusSchema,
  CoatSchema,
  DayClosedReasonSchema,
  ExtraIdsQuerySchema,
  InstantSchema,
  ServiceIdSchema,
} from './booking-api-schemas.ts';
import { CheckInViewSchema } from './check-in.ts';
import { BookingMoneySchema } from './ledger.ts';
import { CustomerIdSchema } from './customer-records.ts';
import type { BookingSettings } from './booking-settings.ts';
import { IsoDateSchema, WallTimeSchema } from './calendar.ts';
import { addDays, weekdayOf } from './london-time.ts';
import { freeText, plainText } from './text.ts';
import { VisitStageSchema } from './visit-stages.ts';

/**
 * The staff schedule's requests and answers (docs/decisions/060-schedule-and-dashboard.md),
 * shared by the Schedule and Dashboard islands and the functions under /v1.0.1/management/. Add
 * fields; do not rename. Written in zod/mini so the pages load no classic zod (docs/decisions/054):
 * the schemas come from booking-api-schemas.ts and calendar.ts, not from booking-schemas.ts and
 * booking-settings.ts (the same schemas, beside the server's classic ones); the functions parse
 * their requests through schedule-for-server.ts.
 */

export const AttendanceSchema = z.enum(['arrived', 'completed', 'no_show']);
export const BalanceMethodSchema = z.enum(['card', 'cash']);
export type BalanceMethod = z.infer<typeof BalanceMethodSchema>;
/** How a balance was paid: at the counter, or online by the owner's payment link (decision 096). */
export const PaidMethodSchema = z.enum(['card', 'cash', 'online']);

/** A customer record's id (src/server/ids.ts randomId(12) or (16)). */
export const BlockIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be a blocked time id'));

/** The most a balance taken at the counter may be: £10,000, far above any groom, far below a typo's harm. */
export const MAX_BALANCE_PENCE = 1_000_000;

const positiveInt = () => z.number().check(z.int(), z.positive());
const count = () => z.number().check(z.int(), z.nonnegative());

// ---------------------------------------------------------------------------------------------
// GET /v1.0.1/management/schedule?from=2026-11-23&days=7[&cursor=…]
// ---------------------------------------------------------------------------------------------

export const MAX_SCHEDULE_DAYS = 7;
export const SCHEDULE_PAGE_SIZE = 200;

/** Where the next page starts: the last booking's start (epoch ms) and id. */
export const ScheduleCursorSchema = z
  .string()
  .check(z.regex(/^\d{1,15}\.[A-Za-z0-9_-]{16,64}$/, 'must be a cursor from the previous page'));

export const ScheduleQuerySchema = z.strictObject({
  from: IsoDateSchema,
  days: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_SCHEDULE_DAYS)), 1),
  cursor: z.optional(ScheduleCursorSchema),
});
export type ScheduleQuery = z.infer<typeof ScheduleQuerySchema>;

export const ScheduleBookingSchema = z.object({
  id: BookingIdSchema,
  status: BookingStatusSchema,
  start: InstantSchema,
  end: InstantSchema,
  service: z.object({ id: z.string(), title: z.string(), durationMinutes: positiveInt() }),
  dog: z.object({
    id: z.string(),
    name: z.string(),
    breed: z.string(),
    weightKg: z.number(),
    coat: CoatSchema,
    notes: z.string(),
    nervous: z.boolean(),
    /** The staff's record of its vaccinations, for the check-in card's health policy (decision 091). */
    vaccinations: z.optional(z.array(z.object({ name: z.string(), expiresOn: z.string() }))),
  }),
  customer: z.object({ id: z.string(), name: z.string(), phone: z.nullable(z.string()), email: z.string() }),
  /** The dog's extras as booked (decision 080); their prices are in `totalFromPence`. */
  extras: z.optional(z.array(BookedExtraSchema)),
  /** The "from" total quoted, extras in, promotion taken off. */
  totalFromPence: count(),
  depositPence: count(),
  depositHeldPence: count(),
  balanceDuePence: count(),
  balancePaidPence: count(),
  /** A payment link for the balance is out, not paid yet (decision 096); absent otherwise. */
  balanceLinkSent: z.optional(z.boolean()),
  balanceMethod: z.nullable(PaidMethodSchema),
  attendance: z.nullable(AttendanceSchema),
  /** Where the dog is while in the shop (decision 092): checked in once arrived, null otherwise. */
  stage: z.nullable(VisitStageSchema),
  staffNote: z.string(),
  /** 'phone' when staff took it, 'online' otherwise. */
  takenBy: z.enum(['online', 'phone']),
  /** While a deposit is being paid: when the held time is released. */
  holdExpiresAt: z.nullable(InstantSchema),
  /** First booking of this customer (by record or number) that was not cancelled. */
  firstVisit: z.boolean(),
  /** A chargeback on the deposit, from Stripe (docs/decisions/064): open until its status is won or lost. */
  dispute: z.nullable(
    z.object({
      status: z.string(),
      reason: z.nullable(z.string()),
      amountPence: count(),
      respondBy: z.nullable(InstantSchema),
    }),
  ),
  /** Refunds that failed (a closed card): the customer is still owed this, to be paid back by hand. */
  refundFailedPence: count(),
  /**
   * The booking of several dogs this dog's visit is part of (docs/decisions/082): the same on each
   * of its dogs (its first dog's id), absent for a booking of one dog. Moved or cancelled together.
   */
  partyId: z.optional(BookingIdSchema),
  /**
   * A party's dog: the one deposit held for the whole booking (on its first dog's row), which a
   * cancellation refunds. `depositHeldPence` is then this dog's part of it and `balanceDuePence` its
   * own total less that part (src/domain/party-deposit.ts).
   */
  partyDepositHeldPence: z.optional(count()),
  /** A visit of a series (docs/decisions/085, 089): "Visit 2 of 6 · every 6 weeks"; absent otherwise. */
  series: z.optional(z.object({ id: BookingIdSchema, weeks: positiveInt(), visit: positiveInt(), of: positiveInt() })),
  /** The check-in at the counter (decision 091), once the dog is handed over. */
  checkIn: z.optional(CheckInViewSchema),
  /** The quote plus the surcharge the owner agreed to, computed by the server; with a check-in only. */
  finalPricePence: z.optional(count()),
  /**
   * Its money from the ledger (docs/decisions/100), as the owner's page says it: final price, paid,
   * due, paid twice, line by line. A party's dog counts its share of the one deposit.
   */
  money: z.optional(BookingMoneySchema),
});
export type ScheduleBooking = z.infer<typeof ScheduleBookingSchema>;

/** POST /management/bookings/{id}/split: that dog out of its booking of several, into its own. */
export const SplitResponseSchema = z.object({
  booking: ScheduleBookingSchema,
  /** The booking it left, as the schedule shows its first dog. */
  from: ScheduleBookingSchema,
});
export type SplitResponse = z.infer<typeof SplitResponseSchema>;

export const TimeBlockSchema = z.object({
  id: BlockIdSchema,
  start: InstantSchema,
  end: InstantSchema,
  reason: z.string(),
});
export type TimeBlockView = z.infer<typeof TimeBlockSchema>;

export const ScheduleDaySchema = z.object({
  date: IsoDateSchema,
  open: z.boolean(),
  /** Why the shop is shut that day ('closed' on a weekday without hours). */
  reason: z.optional(DayClosedReasonSchema),
  /** The bank holiday's name, when it is one. */
  holiday: z.optional(z.string()),
  opens: z.optional(WallTimeSchema),
  closes: z.optional(WallTimeSchema),
});
export type ScheduleDay = z.infer<typeof ScheduleDaySchema>;

export const ScheduleResponseSchema = z.object({
  timeZone: z.string(),
  /** Grooming tables (the capacity setting). */
  tables: positiveInt(),
  slotStepMinutes: positiveInt(),
  days: z.array(ScheduleDaySchema),
  blocks: z.array(TimeBlockSchema),
  bookings: z.array(ScheduleBookingSchema),
  /** More bookings follow: ask again with this cursor (only blocks and days come with the first page). */
  next: z.nullable(ScheduleCursorSchema),
});
export type ScheduleResponse = z.infer<typeof ScheduleResponseSchema>;

/** The shop's days from `from`: hours, or why it is shut. Past days are shown as they were. */
export function scheduleDays(
  from: string,
  count: number,
  settings: Pick<BookingSettings, 'openingHours' | 'closures' | 'closedOnBankHolidays'>,
): ScheduleDay[] {
  const days: ScheduleDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(from, i);
    const hours = settings.openingHours[weekdayOf(date)];
    const holiday = bankHolidayOn(date);
    if (!hours) days.push({ date, open: false, reason: 'closed' });
    else if (settings.closedOnBankHolidays && holiday)
      days.push({ date, open: false, reason: 'bank_holiday', holiday });
    else if (settings.closures.includes(date)) days.push({ date, open: false, reason: 'closure' });
    else days.push({ date, open: true, opens: hours.opens, closes: hours.closes });
  }
  return days;
}

/** Monday of the week of `date` (the shop's weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  const index = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(weekdayOf(date));
  return addDays(date, -index);
}

// ---------------------------------------------------------------------------------------------
// GET /v1.0.1/management/free-times?service=full&date=2026-11-24[&exclude=<bookingId>][&weightKg=12&extras=a,b]
// The free start times of one day, as staff may book them (no minimum notice), for the visit's length:
// the dog's weight decides its size and the extras add their minutes (decision 080).
// ---------------------------------------------------------------------------------------------

export const FreeTimesQuerySchema = z.strictObject({
  service: ServiceIdSchema,
  date: IsoDateSchema,
  exclude: z.optional(BookingIdSchema),
  weightKg: z.optional(z.coerce.number().check(z.minimum(0.5), z.maximum(100))),
  extras: z.optional(ExtraIdsQuerySchema),
});
export type FreeTimesQuery = z.infer<typeof FreeTimesQuerySchema>;

export const FreeTimesResponseSchema = z.object({ timeZone: z.string(), day: AvailabilityDaySchema });
export type FreeTimesResponse = z.infer<typeof FreeTimesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /v1.0.1/management/bookings/{id}/move | cancel | attendance | note
// ---------------------------------------------------------------------------------------------

export const StaffMoveRequestSchema = z.strictObject({ start: InstantSchema });
export type StaffMoveRequest = z.infer<typeof StaffMoveRequestSchema>;

export const StaffCancelRequestSchema = z.strictObject({
  reason: z.optional(freeText(400, { label: 'the reason' })),
  /** Refund a deposit held; when left out, the customer's cancellation policy decides. */
  refundDeposit: z.optional(z.boolean()),
});
export type StaffCancelRequest = z.infer<typeof StaffCancelRequestSchema>;

export const BalanceSchema = z.strictObject({
  pence: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_BALANCE_PENCE)),
  method: BalanceMethodSchema,
});
export type Balance = z.infer<typeof BalanceSchema>;

export const AttendanceRequestSchema = z
  .strictObject({
    /** null takes the mark back (undo). */
    attendance: z.nullable(AttendanceSchema),
    /** Taken at the counter when completing; only with 'completed'. */
    balance: z.optional(BalanceSchema),
  })
  .check(
    z.refine((r) => r.balance === undefined || r.attendance === 'completed', {
      message: 'a balance is taken only when completing',
      path: ['balance'],
    }),
  );
export type AttendanceRequest = z.infer<typeof AttendanceRequestSchema>;

export const AttendanceResponseSchema = z.object({
  booking: ScheduleBookingSchema,
  /** What it was before, to send back as the undo. */
  previous: z.object({ attendance: z.nullable(AttendanceSchema), balance: z.nullable(BalanceSchema) }),
});
export type AttendanceResponse = z.infer<typeof AttendanceResponseSchema>;

// POST /v1.0.1/management/bookings/{id}/stage (decision 092): the booking redrawn, and the stage it left, for the undo.
export const StageResponseSchema = z.object({ booking: ScheduleBookingSchema, previous: VisitStageSchema });
export type StageResponse = z.infer<typeof StageResponseSchema>;

export const StaffNoteRequestSchema = z.strictObject({ note: freeText(1000, { label: 'the note' }) });

export const StaffBookingResponseSchema = z.object({ booking: ScheduleBookingSchema });
export type StaffBookingResponse = z.infer<typeof StaffBookingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /v1.0.1/management/blocks, POST /v1.0.1/management/blocks/{id}/remove
// ---------------------------------------------------------------------------------------------

export const MAX_BLOCK_DAYS = 14;

export const BlockRequestSchema = z
  .strictObject({
    start: InstantSchema,
    end: InstantSchema,
    reason: z._default(plainText(0, 200, { label: 'the reason' }), ''),
  })
  .check(
    z.refine((b) => Date.parse(b.end) > Date.parse(b.start), { message: 'must end after it starts', path: ['end'] }),
    z.refine((b) => Date.parse(b.end) - Date.parse(b.start) <= MAX_BLOCK_DAYS * 86_400_000, {
      message: `can be at most ${MAX_BLOCK_DAYS} days long`,
      path: ['end'],
    }),
  );
export type BlockRequest = z.infer<typeof BlockRequestSchema>;

export const BlockResponseSchema = z.object({ block: TimeBlockSchema });

/** The bookings in the way of a block (409 slot_taken). */
export const BlockConflictSchema = z.object({ id: z.string(), start: InstantSchema, end: InstantSchema });
export const BlockConflictsSchema = z.array(BlockConflictSchema);

// ---------------------------------------------------------------------------------------------
// GET /v1.0.1/management/customer-lookup?q=… : a caller found by number, name or dog
// ---------------------------------------------------------------------------------------------

export const CustomerLookupQuerySchema = z.strictObject({ q: plainText(2, 80) });

export const LookupDogSchema = z.object({
  id: z.string(),
  name: z.string(),
  breedId: z.string(),
  breed: z.string(),
  weightKg: z.number(),
  coat: CoatSchema,
  notes: z.string(),
  nervous: z.boolean(),
});
export type LookupDog = z.infer<typeof LookupDogSchema>;

export const LookupCustomerSchema = z.object({
  id: CustomerIdSchema,
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.string(),
  /** Whether the number was proved by a code (docs/decisions/050). */
  verified: z.boolean(),
  dogs: z.array(LookupDogSchema),
  lastVisit: z.nullable(InstantSchema),
});
export type LookupCustomer = z.infer<typeof LookupCustomerSchema>;

export const MAX_LOOKUP_RESULTS = 8;
export const CustomerLookupResponseSchema = z.object({ customers: z.array(LookupCustomerSchema) });
export type CustomerLookupResponse = z.infer<typeof CustomerLookupResponseSchema>;
