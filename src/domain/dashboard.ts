import { z } from 'zod/mini';
import { InstantSchema } from './booking-api-schemas.ts';
import { IsoDateSchema } from './calendar.ts';

/**
 * The dashboard's figures (docs/decisions/060-schedule-and-dashboard.md): what each one means
 * is written here once, for the server that counts and the island that shows them.
 *
 * - Takings of a day: the money that moved that day, by the ledger's one rule (src/domain/ledger.ts,
 *   docs/decisions/100): deposits on the day they were paid, balances by card, cash or link on the
 *   day they were taken, no-show fees, less refunds and chargebacks on the day they went out. The
 *   same figure as Finances' takings for that day.
 * - Value of a day's appointments: a second figure, apart from takings: the confirmed appointments
 *   that start that day (no-shows left out) at their quote plus any surcharge agreed, whenever their
 *   money moves.
 * - Deposits held: deposits paid for confirmed appointments still to come (not yet completed or a
 *   no-show: a no-show's kept deposit is takings), less refunds made or on their way.
 * - A first visit: a confirmed appointment whose customer (by record or by number) had no confirmed
 *   appointment before it.
 * - Where bookings came from: visits by their click id (contract §7: gclid → google ads, fbclid →
 *   facebook ads), direct without one; a booking counts for the channel of the visit it was made in.
 * - Tables refilled from the waitlist (docs/decisions/088): bookings made by accepting a waitlist
 *   offer, counted in the period the offer was taken (when the table was refilled), and still
 *   booked; what they brought back is the money their ledger rows hold so far (less a refund owed),
 *   a refilled booking later cancelled counting what it kept (a deposit) and a hold never paid nothing.
 *
 * Written in zod/mini so the dashboard loads no classic zod (docs/decisions/054); the function
 * parses the retry's body through dashboard-for-server.ts.
 */

export const CHANNELS = ['google ads', 'facebook ads', 'direct', 'other'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A visit's `campaign_source` (src/domain/api.ts campaignSourceFor) as a channel. */
export function channelOf(campaignSource: string | null | undefined): Channel {
  if (campaignSource === null || campaignSource === undefined || campaignSource === '') return 'direct';
  return (CHANNELS as readonly string[]).includes(campaignSource) ? (campaignSource as Channel) : 'other';
}

/** Bookings per 100 visits, to one decimal; null without visits (nothing to divide by). */
export function conversionPercent(visits: number, bookings: number): number | null {
  if (visits <= 0) return null;
  return Math.round((bookings / visits) * 1000) / 10;
}

/** How `now` compares with `before`: up, down or level, and by how many per cent (null from nothing). */
export function changeAgainst(
  now: number,
  before: number,
): { direction: 'up' | 'down' | 'level'; percent: number | null } {
  const direction = now > before ? 'up' : now < before ? 'down' : 'level';
  return { direction, percent: before === 0 ? null : Math.round((Math.abs(now - before) / before) * 100) };
}

/** Sum of the first `days` days of a week's seven (this week so far against last week to the same day). */
export function firstDays(week: readonly number[], days: number): number {
  return week.slice(0, Math.max(0, Math.min(7, days))).reduce((a, b) => a + b, 0);
}

const Pence = z.number().check(z.int());
const Count = z.number().check(z.int(), z.nonnegative());
const Week = z.object({ monday: IsoDateSchema, days: z.array(Pence).check(z.length(7)) });
const Refilled = z.object({ tables: Count, pence: Pence });

/**
 * A message the outbox stopped trying (docs/decisions/065): every try failed for a day, or it
 * expired unsent. `noRetry` says why staff cannot send it again; null when they can.
 */
export const StoppedMessageSchema = z.object({
  id: z.string().check(z.regex(/^\d{1,19}$/)),
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  bookingId: z.nullable(z.string()),
  failure: z.enum(['undelivered', 'expired']),
  writtenAt: InstantSchema,
  stoppedAt: InstantSchema,
  attempts: Count,
  lastError: z.nullable(z.string()),
  noRetry: z.nullable(z.string()),
});
export type StoppedMessage = z.infer<typeof StoppedMessageSchema>;

/** How many days the dashboard shows stopped messages for. */
export const STOPPED_MESSAGE_DAYS = 14;

/** The body of POST /management/messages/{id}/retry: nothing to say but JSON's `{}`. */
export const MessageRetryRequestSchema = z.strictObject({});

/** POST /management/messages/{id}/retry: what became of the message's one new try. */
export const MessageRetryResponseSchema = z.object({
  message: z.object({ id: z.string(), status: z.enum(['sent', 'waiting']), lastError: z.nullable(z.string()) }),
});
export type MessageRetryResponse = z.infer<typeof MessageRetryResponseSchema>;

export const DashboardResponseSchema = z.object({
  timeZone: z.string(),
  today: IsoDateSchema,
  takings: z.object({ thisWeek: Week, lastWeek: Week }),
  /** The value of each day's appointments (not takings: see above). */
  appointmentsValue: z.object({ thisWeek: Week, lastWeek: Week }),
  depositsHeld: z.object({ pence: Pence, appointments: Count }),
  noShows: z.object({
    thisWeek: Count,
    lastWeek: Count,
    /** Of the appointments of the last 28 days that have passed, how many were no-shows. */
    last28Days: z.object({ noShows: Count, appointments: Count }),
    /** Today's appointments whose time has passed and that nobody has marked yet. */
    unmarkedToday: Count,
  }),
  /** Confirmed appointments per week, oldest first, the last being this week. */
  customers: z.array(z.object({ monday: IsoDateSchema, first: Count, returning: Count })),
  sources: z.object({
    since: InstantSchema,
    channels: z.array(z.object({ channel: z.enum(CHANNELS), visits: Count, bookings: Count })),
    /** Online bookings made without a recorded visit (statistics refused, or the visit call failed). */
    unattributed: Count,
    /** Bookings staff took on the phone. */
    byPhone: Count,
  }),
  /** Tables refilled from the waitlist and what they brought back: this week so far, last week, 28 days. */
  refilled: z.object({ thisWeek: Refilled, lastWeek: Refilled, last28Days: Refilled }),
  messages: z.object({
    /** Stopped in the last STOPPED_MESSAGE_DAYS days, the latest first (at most 20). */
    stopped: z.array(StoppedMessageSchema),
    /** Messages between tries now: a provider is failing. */
    waiting: Count,
  }),
  /**
   * Today's texts the shop did not choose to send (codes, first confirmations to unproven numbers)
   * against the daily budget (decision 069); `near` from 80 %, `spent` when codes are refused.
   */
  textBudget: z.object({
    used: Count,
    budget: Count,
    near: z.boolean(),
    spent: z.boolean(),
    resetsAt: InstantSchema,
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

/** How many weeks of first and returning visits the dashboard shows. */
export const CUSTOMER_WEEKS = 8;
/** The period of "where bookings came from". */
export const SOURCE_DAYS = 30;
