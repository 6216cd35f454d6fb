import * as z from 'zod/mini';
import { BookingIdSchema, BookingStatusSchema, DayClosedReasonSchema, InstantSchema } from './booking-api-schemas.ts';
import { IsoDateSchema, WallTimeSchema } from './calendar.ts';
import { MAX_VISITS, MAX_WEEKS, MIN_WEEKS } from './rebook.ts';

/**
 * Rebook in one tap (docs/decisions/085): GET and POST /v1.0.1/bookings/{id}/rebook and
 * POST /v1.0.1/bookings/{id}/series/cancel. The booking's unguessable id in the path is the key, as
 * for moving and cancelling. Shared by the "Book the next groom" island and the function.
 */
const Weeks = z.number().check(z.int(), z.minimum(MIN_WEEKS), z.maximum(MAX_WEEKS));
const Visits = z.number().check(z.int(), z.minimum(1), z.maximum(MAX_VISITS));

/** `?weeks=6&visits=3`; both optional: the dog's usual interval and one visit. Query strings arrive as text. */
export const RebookQuerySchema = z.strictObject({
  weeks: z.optional(z.coerce.number().check(z.int(), z.minimum(MIN_WEEKS), z.maximum(MAX_WEEKS))),
  visits: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_VISITS))),
});
export type RebookQuery = z.infer<typeof RebookQuerySchema>;

const Asked = z.object({ date: IsoDateSchema, time: WallTimeSchema });
const NotHad = z.union([DayClosedReasonSchema, z.literal('full')]);

export const ProposalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('as_asked'), start: InstantSchema, date: IsoDateSchema, time: WallTimeSchema }),
  z.object({
    kind: z.literal('moved'),
    start: InstantSchema,
    date: IsoDateSchema,
    time: WallTimeSchema,
    asked: Asked,
    why: NotHad,
  }),
  z.object({ kind: z.literal('none'), asked: Asked, why: NotHad }),
]);

export const SeriesVisitSchema = z.object({
  bookingId: BookingIdSchema,
  start: InstantSchema,
  status: BookingStatusSchema,
});

export const SeriesViewSchema = z.object({
  id: BookingIdSchema,
  weeks: Weeks,
  visits: z.array(SeriesVisitSchema),
});
export type SeriesView = z.infer<typeof SeriesViewSchema>;

export const RebookProposalsSchema = z.object({
  timeZone: z.string(),
  /** The weeks asked, or the dog's usual interval and where it came from. */
  weeks: Weeks,
  usual: z.object({ weeks: Weeks, source: z.enum(['history', 'breed', 'coat']) }),
  visits: Visits,
  /**
   * The most visits that may be booked at once: one when a visit asks a deposit online (each visit
   * pays its own, as /book charges it), and no more than lie within the shop's horizon (decision 101).
   */
  maxVisits: Visits,
  /** Why no more visits than `maxVisits` may be booked at once, in the shop's words; absent at MAX_VISITS. */
  maxVisitsWhy: z.optional(z.string()),
  /** What the visit asks online, as /book would ask it: 0 when nothing is due (then it is confirmed at once). */
  depositPence: z.number().check(z.int(), z.minimum(0)),
  /** The dogs booked again, together: one name, or every dog of a booking of several (decision 082). */
  dogs: z.array(z.string()).check(z.minLength(1)),
  proposals: z.array(ProposalSchema),
  /** The series this booking belongs to, or that was booked from it; null when none. */
  series: z.nullable(SeriesViewSchema),
});
export type RebookProposals = z.infer<typeof RebookProposalsSchema>;

export const RebookRequestSchema = z.strictObject({
  weeks: Weeks,
  /** The starts to book, from the proposals (a visit with none left out), in order. */
  visits: z.array(InstantSchema).check(z.minLength(1), z.maxLength(MAX_VISITS)),
  idempotencyKey: z.uuid(),
});
export type RebookRequest = z.infer<typeof RebookRequestSchema>;

export const RebookResponseSchema = z.object({
  series: SeriesViewSchema,
  status: z.enum(['confirmed', 'pending_payment']),
  /** Present when a deposit is due: the first visit's one Checkout page. */
  checkoutUrl: z.optional(z.url()),
});
export type RebookResponse = z.infer<typeof RebookResponseSchema>;

export const CancelSeriesResponseSchema = z.object({
  series: SeriesViewSchema,
  /** Visits that stayed (already happened, or too late to cancel online), with why. */
  kept: z.array(z.object({ bookingId: BookingIdSchema, why: z.string() })),
});
export type CancelSeriesResponse = z.infer<typeof CancelSeriesResponseSchema>;

/** GET /management/bookings/{id}/series: the series the booking is a visit of, for staff (decision 089). */
export const StaffSeriesResponseSchema = z.object({ series: z.nullable(SeriesViewSchema) });
export type StaffSeriesResponse = z.infer<typeof StaffSeriesResponseSchema>;

/** POST /management/bookings/{id}/series/cancel: how many visits still ahead were cancelled, and the series after. */
export const StaffCancelSeriesResponseSchema = z.object({
  series: SeriesViewSchema,
  cancelled: z.number().check(z.int(), z.minimum(0)),
});
export type StaffCancelSeriesResponse = z.infer<typeof StaffCancelSeriesResponseSchema>;
