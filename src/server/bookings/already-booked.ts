import { alreadyBookedQuestion, dogNameKey } from '../../domain/already-booked.ts';
import type { AnyBookingRequest, BookingContext } from './create-booking.ts';
import { ACCESS_KEY_PATTERN } from '../access-keys.ts';
import { query } from '../db.ts';
import { HttpError } from '../http.ts';
import { hashAccessKey } from '../ids.ts';
import { idempotencyDigest } from '../sealed.ts';
import { loadBookingSettings } from '../settings.ts';
import { liveHoldSql } from './holds.ts';

/**
 * A booking this device already made for the same dog (by name) at the same start, still held for
 * its deposit or confirmed, refused with 409 `already_booked` unless the request says
 * `anotherBooking` (issue 29, docs/decisions/099). The form sent twice (a second tab, answers kept
 * from before, a page the back button brought back) would otherwise make a second hold and a second
 * payment page without a word; the owner is asked instead and may still book another.
 *
 * "This device" is the customer its device key (x-access-key, the auth_key cookie an earlier booking
 * left) belongs to: only records the booker holds the key to are read, so the answer tells a stranger
 * typing someone's number nothing (decisions 050, 072). A retry of the same request (its idempotency
 * key) is not a second booking: createBooking answers it as the first time. A party's dogs are
 * matched at the party's start, its first dog's. Read before the booking's transaction: two requests
 * at the very same moment from two tabs may both pass, as two taps on one button never do (the key).
 */
export async function refuseIfAlreadyBooked(
  request: AnyBookingRequest,
  context: Pick<BookingContext, 'accessKey' | 'now'>,
): Promise<void> {
  const key = context.accessKey;
  if (request.anotherBooking || !key || !ACCESS_KEY_PATTERN.test(key)) return;
  const now = context.now ?? new Date();
  const names = 'dogs' in request ? request.dogs.map((d) => d.dog.name) : [request.dog.name];
  const rows = await query<{ booking_id: string; dog_name: string; start_at: Date }>(
    `SELECT COALESCE(b.party_id, b.id) AS booking_id, d.name AS dog_name, COALESCE(lead.start_at, b.start_at) AS start_at
       FROM access_keys k
       JOIN bookings b ON b.customer_id = k.customer_id
       JOIN dogs d ON d.id = b.dog_id
       LEFT JOIN bookings lead ON lead.id = b.party_id
      WHERE k.key_hash = $1 AND k.kind = 'device' AND k.revoked_at IS NULL
        AND (k.expires_at IS NULL OR k.expires_at > $2)
        AND COALESCE(lead.start_at, b.start_at) = $3
        AND lower(btrim(d.name)) = ANY($4::text[])
        AND (b.status = 'confirmed' OR ${liveHoldSql('$2', 'b')})
        AND COALESCE(lead.idempotency_key, b.idempotency_key) IS DISTINCT FROM $5
      ORDER BY b.created_at, b.start_at`,
    [
      hashAccessKey(key),
      now,
      new Date(request.start),
      names.map(dogNameKey),
      idempotencyDigest(request.idempotencyKey),
    ],
  );
  const first = rows[0];
  if (!first) return;
  // The dogs of the request the earlier booking has, as the owner typed them this time.
  const booked = new Set(rows.filter((r) => r.booking_id === first.booking_id).map((r) => dogNameKey(r.dog_name)));
  const dogs = names.filter((n) => booked.has(dogNameKey(n))).map((n) => n.trim());
  const { timeZone } = await loadBookingSettings();
  throw new HttpError(409, alreadyBookedQuestion(dogs, first.start_at, timeZone), {
    code: 'already_booked',
    booked: { bookingId: first.booking_id, dogs, start: first.start_at.toISOString() },
  });
}
