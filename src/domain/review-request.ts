import site from '../../content/site.json' with { type: 'json' };
import type { BookingStatus } from './booking-schemas.ts';
import type { WaitlistSettings } from './booking-settings.ts';
import type { MessageChannel } from './messages.ts';
import { isWakingHour } from './waitlist-offers.ts';
import { firstName, plainEmail } from './plain-email.ts';

/**
 * The review request (issue 22, docs/decisions/095): after a visit, one message asking for a Google
 * review, to every owner alike and once per owner, ever. Google forbids asking only the happy ones and
 * the DMCC Act bans paying for reviews, so nothing here reads a rating, a spend, a staff choice or how
 * the visit went, and the words offer nothing. It is feedback, not marketing: it needs no marketing
 * consent, but honours the one-tap opt-out (decision 090) and carries it. Pure: the job
 * (src/server/messages/review-requests.ts) reads the rows and writes what this decides.
 */

export const REVIEW_REQUEST_KIND = 'review_request';

/** Once per owner, whatever the runs or the visits: the outbox's dedupe key (the table's key is the customer too). */
export function reviewRequestDedupeKey(customerId: string): string {
  return `review_request:${customerId}`;
}

/** Long enough after "Completed" for the dog to be home; soon enough that the visit is fresh. */
export const REVIEW_DELAY_MINUTES = 120;

/** A visit completed longer ago than this is not followed by a request: a week late reads as a form letter. */
export const REVIEW_LATE_DAYS = 7;

/** Where Google reviews of the shop are written (content/site.json, one place for facts). */
export const REVIEW_WRITE_URL: string = site.reviews.writeUrl;

export interface ReviewCheck {
  visit: { status: BookingStatus; attendance: string | null; completedAt: Date | null };
  /** The owner's record was erased (UK GDPR): never written to again. */
  erased: boolean;
  /** The owner tapped an opt-out (decision 090) and has not consented since. */
  optedOut: boolean;
  /** A request was already written to this owner, for any visit. */
  alreadyAsked: boolean;
  email: string | null;
  phone: string | null;
  now: Date;
  timeZone: string;
  /** The hours the shop texts in (the waitlist's waking hours, a setting). */
  waking: WaitlistSettings['wakingHours'];
}

export type ReviewVerdict =
  | { due: true; channel: MessageChannel }
  | {
      due: false;
      why: 'not_completed' | 'erased' | 'opted_out' | 'asked' | 'no_contact' | 'too_soon' | 'too_late' | 'quiet_hours';
    };

/**
 * Whether the request for this visit is due now. The reasons that never change their mind come
 * first (what happened at the visit, the owner's record), then those of timing.
 */
export function reviewRequestDue(input: ReviewCheck): ReviewVerdict {
  const { visit } = input;
  // A no-show or a cancelled booking is not a visit to review.
  if (visit.attendance !== 'completed' || visit.status === 'cancelled' || !visit.completedAt)
    return { due: false, why: 'not_completed' };
  if (input.erased) return { due: false, why: 'erased' };
  if (input.optedOut) return { due: false, why: 'opted_out' };
  if (input.alreadyAsked) return { due: false, why: 'asked' };
  const channel: MessageChannel | null = input.email ? 'email' : input.phone ? 'sms' : null;
  if (!channel) return { due: false, why: 'no_contact' };
  const since = input.now.getTime() - visit.completedAt.getTime();
  if (since < REVIEW_DELAY_MINUTES * 60_000) return { due: false, why: 'too_soon' };
  if (since > REVIEW_LATE_DAYS * 86_400_000) return { due: false, why: 'too_late' };
  if (!isWakingHour(input.now, input.timeZone, input.waking)) return { due: false, why: 'quiet_hours' };
  return { due: true, channel };
}

// ---- the words ---------------------------------------------------------------------------------

export interface ReviewWords {
  ownerName: string | null;
  dogName: string | null;
  writeUrl: string;
  /** The one-tap opt-out: `{site}/stop/{token}`. */
  stopUrl: string;
}

/**
 * The e-mail: thanks, the ask (whatever they thought: a request to the happy ones alone is what Google
 * forbids), the link, that we ask once, and the opt-out. No offer, no "book again": it is not marketing.
 */
export function reviewRequestEmail(words: ReviewWords): { subject: string; bodyText: string; bodyHtml: string } {
  const hello = firstName(words.ownerName);
  const dog = words.dogName ?? 'your dog';
  return plainEmail(`How was ${dog}'s groom?`, [
    { text: hello ? `Hello ${hello},` : 'Hello,' },
    { text: `Thank you for bringing ${dog} to us.` },
    {
      text: 'If you have a minute, would you tell other dog owners what you thought, good or bad, in a Google review? It helps them choose a groomer, and it tells us what to keep and what to do better.',
      link: { label: 'Write a review on Google', url: words.writeUrl },
    },
    { text: 'We ask once and will not remind you.' },
    {
      text: "Don't want messages like this from us? Stop them in one tap:",
      link: { label: 'Stop these messages', url: words.stopUrl },
    },
  ]);
}

/** The text, for an owner with no e-mail address: the same ask, short, with "Stop: …". */
export function reviewRequestText(words: ReviewWords): { bodyText: string } {
  const dog = words.dogName ?? 'your dog';
  return {
    bodyText:
      `${site.name}: thank you for bringing ${dog} in. Would you tell other owners what you thought, good or bad, in a Google review? ` +
      `${words.writeUrl} We ask once. Stop: ${words.stopUrl}`,
  };
}
