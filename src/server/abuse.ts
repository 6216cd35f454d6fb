import { ABUSE_LIMITS, clientLimits, type Limit } from '../domain/abuse-limits.ts';
import type { Tx } from './db.ts';
import { env } from './env.ts';
import { HttpError } from './http.ts';
import { clientBucket, hitRateLimit, subjectBucket } from './rate-limit.ts';

/**
 * The abuse limits of src/domain/abuse-limits.ts, counted in the database like /magic's
 * (docs/decisions/014 and 052). A refused call is a 429 with Retry-After and `code: 'rate_limited'`.
 * Buckets hold a hash of the address (an IPv6 address counts as its /64) or number, never the thing
 * itself. What a number is texted is counted where the texts are written (src/server/phone-codes.ts,
 * decision 069), not here.
 */
export const TOO_MANY_BOOKING_REQUESTS =
  'Too many requests from here just now. Please wait a little and try again, or call us.';

async function enforce(bucket: string, limit: Limit, now: Date, message = TOO_MANY_BOOKING_REQUESTS): Promise<void> {
  const result = await hitRateLimit(bucket, limit.limit, limit.windowSeconds, now);
  if (!result.allowed) {
    throw new HttpError(429, message, { code: 'rate_limited' }, { 'retry-after': String(result.retryAfter) });
  }
}

const perClient = () => clientLimits(env().BOOKING_RATE_LIMIT_PER_HOUR);

export async function limitBookingsFromClient(ip: string | null, now = new Date()): Promise<void> {
  await enforce(clientBucket('bookings', ip), perClient().bookingsPerClient, now);
}

/** Bookings for a number that do not prove it (decision 069: a proof is never refused by this). */
export async function limitBookingsForPhone(phone: string, now = new Date()): Promise<void> {
  await enforce(
    subjectBucket('bookings-phone', phone),
    ABUSE_LIMITS.bookingsPerPhone,
    now,
    'We have had several bookings for this number today. Please call or message us to book more.',
  );
}

export async function limitChanges(ip: string | null, bookingId: string, now = new Date()): Promise<void> {
  await enforce(clientBucket('changes', ip), perClient().changesPerClient, now);
  await enforce(
    subjectBucket('changes-booking', bookingId),
    ABUSE_LIMITS.changesPerBooking,
    now,
    'This booking has been changed many times today. Please call or message us to change it again.',
  );
}

/** Opt-outs from one address (docs/decisions/090): a guesser of tokens is slowed like any changer. */
export async function limitOptOuts(ip: string | null, now = new Date()): Promise<void> {
  await enforce(clientBucket('opt-outs', ip), perClient().changesPerClient, now);
}

/** Consent links opened or agreed from one address (docs/decisions/093): a guesser is slowed like any changer. */
export async function limitConsentLinks(ip: string | null, now = new Date()): Promise<void> {
  await enforce(clientBucket('consent-links', ip), perClient().changesPerClient, now);
}

/** Code requests from one address, whatever the numbers (what each number is texted: phone-codes.ts). */
export async function limitCodeRequestsFromClient(ip: string | null, now = new Date()): Promise<void> {
  await enforce(clientBucket('codes', ip), perClient().codesPerClient, now);
}

/**
 * The number was proved (a code typed right): what strangers counted against it is forgotten, so
 * its owner is never refused by a count others filled.
 */
export async function clearPhoneCounts(tx: Tx, phone: string): Promise<void> {
  await tx.query('DELETE FROM rate_limits WHERE bucket = $1', [subjectBucket('bookings-phone', phone)]);
}

/** Staff sign-in steps from one address (a code checked, a passkey challenge or answer). */
export async function limitSignIns(ip: string | null, now = new Date()): Promise<void> {
  await enforce(
    clientBucket('sign-ins', ip),
    perClient().signInsPerClient,
    now,
    'Too many sign-in attempts from here just now. Please wait a little and try again.',
  );
}
