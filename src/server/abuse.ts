import { ABUSE_LIMITS, clientLimits, type Limit } from '../domain/abuse-limits.ts';
import { env } from './env.ts';
import { HttpError } from './http.ts';
import { clientBucket, hitRateLimit } from './rate-limit.ts';

/**
 * The abuse limits of src/domain/abuse-limits.ts, counted in the database like /magic's
 * (docs/decisions/014 and 052). A refused call is a 429 with Retry-After and `code: 'rate_limited'`.
 * Buckets hold a hash of the address or number, never the thing itself.
 */
export const TOO_MANY_BOOKING_REQUESTS =
  'Too many requests from here just now. Please wait a little and try again, or call us.';

async function enforce(
  scope: string,
  who: string | null,
  limit: Limit,
  now: Date,
  message = TOO_MANY_BOOKING_REQUESTS,
): Promise<void> {
  const result = await hitRateLimit(clientBucket(scope, who), limit.limit, limit.windowSeconds, now);
  if (!result.allowed) {
    throw new HttpError(429, message, { code: 'rate_limited' }, { 'retry-after': String(result.retryAfter) });
  }
}

const perClient = () => clientLimits(env().BOOKING_RATE_LIMIT_PER_HOUR);

export async function limitBookingsFromClient(ip: string | null, now = new Date()): Promise<void> {
  await enforce('bookings', ip, perClient().bookingsPerClient, now);
}

export async function limitBookingsForPhone(phone: string, now = new Date()): Promise<void> {
  await enforce(
    'bookings-phone',
    phone,
    ABUSE_LIMITS.bookingsPerPhone,
    now,
    'We have had several bookings for this number today. Please call or message us to book more.',
  );
}

export async function limitChanges(ip: string | null, bookingId: string, now = new Date()): Promise<void> {
  await enforce('changes', ip, perClient().changesPerClient, now);
  await enforce(
    'changes-booking',
    bookingId,
    ABUSE_LIMITS.changesPerBooking,
    now,
    'This booking has been changed many times today. Please call or message us to change it again.',
  );
}

export async function limitPhoneCodes(ip: string | null, phone: string, now = new Date()): Promise<void> {
  await enforce('codes', ip, perClient().codesPerClient, now);
  const wait = 'We have sent several codes to this number. Please wait a while before asking for another, or call us.';
  await enforce('codes-phone-hour', phone, ABUSE_LIMITS.codesPerPhoneHour, now, wait);
  await enforce('codes-phone-day', phone, ABUSE_LIMITS.codesPerPhoneDay, now, wait);
}

/** Staff sign-in steps from one address (a code checked, a passkey challenge or answer). */
export async function limitSignIns(ip: string | null, now = new Date()): Promise<void> {
  await enforce(
    'sign-ins',
    ip,
    perClient().signInsPerClient,
    now,
    'Too many sign-in attempts from here just now. Please wait a little and try again.',
  );
}
