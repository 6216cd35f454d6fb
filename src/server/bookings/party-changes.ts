import { staffBookingSettings } from '../../domain/staff-rules.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { audit } from '../audit.ts';
import type { Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import type { StaffMember } from '../staff.ts';
import { partyTimesOf } from './availability.ts';
import { enqueueBookingNotices } from './notices.ts';
import { assertPartyBookable } from './party-booking.ts';
import type { Party } from './party-records.ts';
import { findBooking, notFound, type BookingRecord } from './view.ts';

/**
 * The booking a change acts on, locked: a dog of a booking of several stands for the whole booking,
 * whose first dog carries its key, deposit and messages (docs/decisions/082).
 */
export async function findLead(tx: Tx, id: string): Promise<BookingRecord | null> {
  const found = await findBooking(tx, id, { lock: true });
  if (!found?.party_id || found.party_id === found.id) return found;
  return findBooking(tx, found.party_id, { lock: true });
}

/**
 * Moves every dog of a party by the same amount, so they keep how they sit (side by side or one
 * after the other). The whole party is checked at the new time first, its own dogs left out; then
 * each dog's row moves, the capacity trigger re-claiming its tables. The dogs move in the direction
 * of travel (the last first when moving later), so no dog's new time meets another of the party's
 * old ones where the final arrangement would not, and a full new time still aborts all of them.
 */
export async function moveParty(
  tx: Tx,
  lead: BookingRecord,
  party: Party,
  start: Date,
  options: {
    now: Date;
    settings: BookingSettings;
    staff?: Pick<StaffMember, 'customerId'> | undefined;
    siteUrl?: string | undefined;
  },
): Promise<string[]> {
  const { now, staff } = options;
  const times = partyTimesOf(party);
  const settings = {
    ...(staff ? staffBookingSettings(options.settings) : options.settings),
    partyPlacement: party.placement,
  };
  await assertPartyBookable(tx, {
    now,
    settings,
    start,
    durations: times.durations,
    placement: party.placement,
    excludeParty: party.id,
    keep: times.keep,
  });
  const delta = start.getTime() - lead.start_at.getTime();
  const order = [...party.dogs].sort((a, b) => (a.start.getTime() - b.start.getTime()) * (delta > 0 ? -1 : 1));
  for (const dog of order) {
    await tx.query(
      `UPDATE bookings SET start_at = start_at + make_interval(secs => $2::float8 / 1000),
              end_at = end_at + make_interval(secs => $2::float8 / 1000), updated_at = $3, revision = revision + 1
        WHERE id = $1`,
      [dog.id, delta, now],
    );
  }
  if (staff) {
    await audit(tx, staff, 'booking.move', 'booking', lead.id, {
      before: { start: lead.start_at.toISOString() },
      after: { start: start.toISOString(), dogs: party.dogs.length },
    });
  }
  return enqueueBookingNotices(tx, lead.id, 'moved', {
    previousStart: lead.start_at,
    now,
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
  });
}

/**
 * Staff split one dog out of a booking of several into a booking of its own (audited): its time,
 * table claim, price and attendance stay as they were; it no longer follows the party's changes.
 * The first dog carries the party's key and deposit, so it is the others that are split out; a
 * party left with one dog becomes an ordinary booking.
 */
export async function splitFromParty(
  tx: Tx,
  id: string,
  staff: Pick<StaffMember, 'customerId'>,
  now: Date,
): Promise<{ bookingId: string; partyId: string; left: number }> {
  const booking = await findBooking(tx, id, { lock: true });
  if (!booking) throw notFound();
  const partyId = booking.party_id;
  if (!partyId) throw new HttpError(409, 'This booking has one dog: there is nothing to split.', { code: 'policy' });
  if (partyId === booking.id) {
    throw new HttpError(
      409,
      "This is the booking's first dog, which holds its deposit and its customer's link: split out the other dogs instead.",
      { code: 'policy' },
    );
  }
  await tx.query('SELECT id FROM bookings WHERE party_id = $1 FOR UPDATE', [partyId]);
  await tx.query('UPDATE bookings SET party_id = NULL, updated_at = $2 WHERE id = $1', [booking.id, now]);
  const {
    rows: [rest],
  } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE party_id = $1', [partyId]);
  const left = rest?.n ?? 0;
  if (left <= 1)
    await tx.query('UPDATE bookings SET party_id = NULL, updated_at = $2 WHERE party_id = $1', [partyId, now]);
  await audit(tx, staff, 'booking.split', 'booking', booking.id, {
    before: { partyId },
    after: { partyId: null, dogsLeftInParty: left <= 1 ? 0 : left },
  });
  return { bookingId: booking.id, partyId, left: left <= 1 ? 0 : left };
}
