import * as z from 'zod/mini';

/**
 * When the outbox tries a message again, when it stops, and which stopped messages staff may send
 * again (docs/decisions/065-outbox-retries-and-failed-messages.md). A provider that blinks for a
 * minute should cost a minute, not the message: the first tries come quickly, then hourly, and a
 * message is given up a day after its first try, when what it says is likely stale anyway.
 */

/** Minutes to wait after the 1st, 2nd and 3rd failed try; every later one waits an hour. */
export const RETRY_STEPS_MINUTES = [1, 5, 30] as const;
export const RETRY_EVERY_MINUTES = 60;
/** A message is not tried more than a day after its first try. */
export const GIVE_UP_AFTER_MS = 24 * 3600_000;

/** The kind of the one-time codes (src/server/phone-codes.ts): staff sign-in and booking codes. */
export const CODE_KIND = 'phone_code';

/** How long to wait after the `attempts`-th failed try. */
export function retryDelayMinutes(attempts: number): number {
  return RETRY_STEPS_MINUTES[Math.max(0, attempts - 1)] ?? RETRY_EVERY_MINUTES;
}

/**
 * The next try after a failure at `now`, the message having been tried `attempts` times since
 * `firstAttemptAt`; null when that try would fall more than a day after the first: give up.
 */
export function nextAttemptAt(attempts: number, firstAttemptAt: Date, now: Date): Date | null {
  const next = new Date(now.getTime() + retryDelayMinutes(attempts) * 60_000);
  return next.getTime() - firstAttemptAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}

/**
 * What to do with a message just claimed at `now`: send it; drop it unsent because what it says has
 * lapsed (a code past its expiry: the person asks again); or give it up because its day is over (a
 * sender that kept dying mid-send never recorded a failure).
 */
export function beforeSending(
  message: { expiresAt: Date | null; firstAttemptAt: Date | null },
  now: Date,
): 'send' | 'expired' | 'too_late' {
  if (message.expiresAt && message.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (message.firstAttemptAt && now.getTime() - message.firstAttemptAt.getTime() > GIVE_UP_AFTER_MS) return 'too_late';
  return 'send';
}

export type MessageFailure = 'undelivered' | 'expired';

/**
 * Why staff cannot send a stopped message again, or null when they can. A code is never sent
 * again: it has expired by the time anyone sees it, and a staff member's code in someone else's
 * hands would be a way in; the person asks for a new one.
 */
export function retryRefusal(message: { kind: string; failure: MessageFailure }): string | null {
  if (message.kind === CODE_KIND)
    return 'A code is not sent again: it lasts only minutes. The person can simply ask for a new one.';
  if (message.failure === 'expired') return 'This message had expired, so it was not sent.';
  return null;
}

/** An outbox row's id in a path: digits that fit Postgres's bigint. */
export const OutboxIdSchema = z.string().check(z.regex(/^[1-9]\d{0,17}$/, 'must be a message id'));
