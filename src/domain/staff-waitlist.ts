import { z } from 'zod/mini';
import { InstantSchema } from './booking-api-schemas.ts';
import { IsoDateSchema } from './calendar.ts';

/**
 * The waitlist on the staff schedule (docs/decisions/086): a day's waiting requests, how many wait
 * on each day of the range shown, and a time offered by hand. zod/mini, shared by the schedule's
 * waitlist panel and the function (which parses through `forServer`). It does not import
 * src/domain/waitlist.ts: that module brings libphonenumber, which the staff panel does not need.
 */

/** The most days one count asks about: the week, with room for a fortnight. */
export const MAX_WAITLIST_COUNT_DAYS = 14;

// GET /v1.0.1/management/waitlist/counts?from=2026-11-30&days=7
export const WaitlistCountsQuerySchema = z.strictObject({
  from: IsoDateSchema,
  days: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_WAITLIST_COUNT_DAYS)),
    MAX_WAITLIST_COUNT_DAYS / 2,
  ),
});
export type WaitlistCountsQuery = z.infer<typeof WaitlistCountsQuerySchema>;

/** Waiting requests by date: only the days with at least one are listed. */
export const WaitlistCountsResponseSchema = z.object({ counts: z.record(z.string(), z.number()) });
export type WaitlistCountsResponse = z.infer<typeof WaitlistCountsResponseSchema>;

// GET /v1.0.1/management/waitlist/day?date=2026-11-30
export const WaitlistDayQuerySchema = z.strictObject({ date: IsoDateSchema });
export type WaitlistDayQuery = z.infer<typeof WaitlistDayQuerySchema>;

export const StaffWaitlistOfferSchema = z.object({
  id: z.string(),
  start: z.string(),
  expiresAt: z.string(),
  /** Offered by hand by a member of staff (their name), or null: by the offer job. */
  offeredBy: z.nullable(z.string()),
});
export type StaffWaitlistOffer = z.infer<typeof StaffWaitlistOfferSchema>;

/** A free start of the day the request's visit fits, beyond the shop's notice; `suits`: a part of day it asked for. */
export const WaitlistFreeStartSchema = z.object({ start: z.string(), time: z.string(), suits: z.boolean() });

export const StaffWaitlistEntrySchema = z.object({
  id: z.string(),
  contactName: z.string(),
  /** Staff see the number whole (E.164). */
  phone: z.string(),
  email: z.nullable(z.string()),
  dog: z.object({ name: z.string(), breed: z.string(), weightKg: z.number() }),
  service: z.object({ id: z.string(), title: z.string() }),
  extras: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The visit's length, asked again now (null: the service or an extra is no longer sold as asked). */
  minutes: z.nullable(z.number()),
  /** What suits, in words: "any weekday morning from Mon 30 Nov to Fri 11 Dec". */
  suits: z.string(),
  /** How they are told, in words: "by text to the number ending 461 and by e-mail". */
  told: z.string(),
  askedAt: z.string(),
  /** Added by staff from a phone call (not online). */
  addedByStaff: z.boolean(),
  openOffer: z.nullable(StaffWaitlistOfferSchema),
  /** The day's free starts for its visit; empty while an offer is open (one open offer a request). */
  freeStarts: z.array(WaitlistFreeStartSchema),
});
export type StaffWaitlistEntry = z.infer<typeof StaffWaitlistEntrySchema>;

/** The day's waiting requests, first asked first. */
export const StaffWaitlistDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  requests: z.array(StaffWaitlistEntrySchema),
});
export type StaffWaitlistDay = z.infer<typeof StaffWaitlistDaySchema>;

// POST /v1.0.1/management/waitlist/{id}/offers
export const StaffOfferRequestSchema = z.strictObject({ start: InstantSchema });
export type StaffOfferRequest = z.infer<typeof StaffOfferRequestSchema>;

export const StaffOfferResponseSchema = z.object({ offer: StaffWaitlistOfferSchema, messages: z.number() });
export type StaffOfferResponse = z.infer<typeof StaffOfferResponseSchema>;

// POST /v1.0.1/management/waitlist/{id}/withdraw: the caller phoned to say stop.
export const StaffWithdrawRequestSchema = z.strictObject({});
