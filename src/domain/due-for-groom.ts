import type { BookingStatus } from './booking-schemas.ts';
import { addDays, daysBetween, instantToZoned, weekdayOf } from './london-time.ts';
import { firstName, plainEmail } from './plain-email.ts';

/**
 * "Due for a groom" (issue 21, docs/decisions/090): N weeks after a dog's visit with nothing booked
 * since, one e-mail with a one-tap booking link. It is marketing under PECR, so it rides only on the
 * soft opt-in given at booking, carries a one-tap opt-out, and goes once per visit. Pure: the job
 * (src/server/messages/due-for-groom.ts) reads the rows and writes what this decides.
 */

/** The outbox kind of a nudge; also every marketing message's mark (decision 090). */
export const DUE_FOR_GROOM_KIND = 'due_for_groom';

/** One nudge per visit, whatever the runs: the outbox's dedupe key. */
export function dueForGroomDedupeKey(visitId: string): string {
  return `due_for_groom:${visitId}`;
}

/**
 * When a nudge may leave, London time: a civil hour on a working day, never Sunday (the shop is shut
 * and it is nobody's day for marketing).
 */
export const NUDGE_HOURS = { from: '10:00', to: '19:00' } as const;

/**
 * Past this many days after the visit's due date a nudge stays unsent: a "due" that arrives weeks
 * late reads as a form letter, and a first run after a deploy must not write to every customer the
 * shop ever had.
 */
export const LATE_DAYS = 14;

/** What the customer's record says about marketing: given (at booking, or staff on their word), never, or withdrawn. */
export type MarketingConsent = 'given' | 'none' | 'opted_out';

/** Bookings that hold a table (a confirmed visit or a hold being paid): anything else was not booked. */
const LIVE: ReadonlySet<BookingStatus> = new Set<BookingStatus>(['confirmed', 'pending_payment']);

export interface DueCheck {
  /** The dog's completed visit the nudge counts from. */
  visit: { id: string; start: Date };
  /** The dog's usual interval (src/domain/rebook.ts usualInterval). */
  weeks: number;
  /** The dog's other bookings that start after the visit, any status. */
  laterBookings: readonly { start: Date; status: BookingStatus }[];
  consent: MarketingConsent;
  email: string | null;
  /** Whether a nudge for this visit was already written (its dedupe key is taken). */
  alreadySent: boolean;
  now: Date;
  timeZone: string;
}

export type DueVerdict =
  | { due: true; dueDate: string }
  | {
      due: false;
      why: 'no_consent' | 'opted_out' | 'no_email' | 'booked' | 'sent' | 'not_yet' | 'too_late' | 'quiet_hours';
    };

/** The London date a visit's nudge is due: N weeks after the visit's date. */
export function dueDate(visitStart: Date, weeks: number, timeZone: string): string {
  return addDays(instantToZoned(visitStart, timeZone).date, weeks * 7);
}

/** Whether `now` is a time a nudge may be sent: NUDGE_HOURS, Monday to Saturday, London. */
export function isNudgeHour(now: Date, timeZone: string): boolean {
  const { date, time } = instantToZoned(now, timeZone);
  return weekdayOf(date) !== 'sunday' && time >= NUDGE_HOURS.from && time < NUDGE_HOURS.to;
}

/**
 * Whether one nudge is due now. The order is the order of the reasons that can never change their
 * mind (consent, already sent, booked) before the ones of timing.
 */
export function dueForGroom(input: DueCheck): DueVerdict {
  if (input.consent === 'opted_out') return { due: false, why: 'opted_out' };
  if (input.consent !== 'given') return { due: false, why: 'no_consent' };
  if (!input.email) return { due: false, why: 'no_email' };
  if (input.alreadySent) return { due: false, why: 'sent' };
  const after = input.visit.start.getTime();
  if (input.laterBookings.some((b) => LIVE.has(b.status) && b.start.getTime() > after))
    return { due: false, why: 'booked' };
  const date = dueDate(input.visit.start, input.weeks, input.timeZone);
  const today = instantToZoned(input.now, input.timeZone).date;
  if (today < date) return { due: false, why: 'not_yet' };
  if (daysBetween(date, today) > LATE_DAYS) return { due: false, why: 'too_late' };
  if (!isNudgeHour(input.now, input.timeZone)) return { due: false, why: 'quiet_hours' };
  return { due: true, dueDate: date };
}

// ---- the words ---------------------------------------------------------------------------------

export interface NudgeWords {
  ownerName: string | null;
  dogName: string;
  weeks: number;
  /** The visit's page, its "book the next groom" card: `{site}/b/{id}#next`. */
  bookUrl: string;
  /** The one-tap opt-out: `{site}/stop/{token}`. */
  stopUrl: string;
}

function siteBase(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}

/**
 * The visit's rebook card (the RebookCard on /b/{id} carries the anchor id "next"), which books "same
 * time in N weeks" in one tap. A visit of several dogs books its next one through /book (decision 085).
 */
export function nudgeBookUrl(siteUrl: string, visit: { id: string; partyId: string | null }): string {
  if (visit.partyId) return `${siteBase(siteUrl)}/book`;
  return `${siteBase(siteUrl)}/b/${encodeURIComponent(visit.id)}#next`;
}

export function stopUrl(siteUrl: string, token: string): string {
  return `${siteBase(siteUrl)}/stop/${encodeURIComponent(token)}`;
}

/** RFC 8058's one-click address: mail clients POST `List-Unsubscribe=One-Click` to it. */
export function oneClickUrl(siteUrl: string, token: string): string {
  return `${siteBase(siteUrl)}/v1.0.1/marketing/opt-out?token=${encodeURIComponent(token)}`;
}

/** The nudge's e-mail: short, one link to book, one to stop, both as real links in the HTML. */
export function nudgeEmail(words: NudgeWords): { subject: string; bodyText: string; bodyHtml: string } {
  const hello = firstName(words.ownerName);
  return plainEmail(`Is ${words.dogName} due for a groom?`, [
    { text: hello ? `Hello ${hello},` : 'Hello,' },
    {
      text: `It's been ${words.weeks} weeks since ${words.dogName}'s last groom with us, about when their coat is ready for the next one. Nothing is booked yet, so here is a nudge.`,
    },
    {
      text: 'The same time again is one tap away:',
      link: { label: `Book ${words.dogName}'s next groom`, url: words.bookUrl },
    },
    { text: `Already sorted, or not the right time? No need to reply: this is the only nudge for that visit.` },
    {
      text: "Don't want nudges or offers from us? Stop them in one tap:",
      link: { label: 'Stop nudges and offers', url: words.stopUrl },
    },
  ]);
}
