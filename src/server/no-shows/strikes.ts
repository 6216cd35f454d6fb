import { liveStrikes, standingOf } from '../../domain/no-show-rules.ts';
import type { StrikesResponse, WaiveRequest } from '../../domain/no-show-staff.ts';
import { audit } from '../audit.ts';
import { db, transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { loadBookingSettings } from '../settings.ts';
import type { StaffMember } from '../staff.ts';

/**
 * A customer's strikes for the staff record screen, and waiving one (decision 081). A strike is a
 * booking of theirs marked no-show, merged records' bookings included (a merge moves bookings, and the
 * waiver is keyed by the booking, so both travel together).
 */
const noCustomer = () => new HttpError(404, 'There is no such customer.', { code: 'not_found' });

export async function customerStrikes(customerId: string, now = new Date(), tx: Tx = db()): Promise<StrikesResponse> {
  const {
    rows: [customer],
  } = await tx.query<{ id: string }>('SELECT id FROM customers WHERE id = $1', [customerId]);
  if (!customer) throw noCustomer();
  const settings = await loadBookingSettings(tx);
  const { rows } = await tx.query<{
    id: string;
    start_at: Date;
    title: string;
    dog: string;
    reason: string | null;
    waived_at: Date | null;
    by: string | null;
  }>(
    `SELECT b.id, b.start_at, t.title, d.name AS dog, w.reason, w.waived_at, s.name AS by
       FROM bookings b JOIN booking_types t ON t.id = b.service_id JOIN dogs d ON d.id = b.dog_id
       LEFT JOIN strike_waivers w ON w.booking_id = b.id LEFT JOIN customers s ON s.id = w.staff_id
      WHERE b.customer_id = $1 AND b.attendance = 'no_show' AND b.status = 'confirmed'
      ORDER BY b.start_at DESC LIMIT 100`,
    [customerId],
  );
  const {
    rows: [visits],
  } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings WHERE customer_id = $1 AND attendance = 'completed'`,
    [customerId],
  );
  const strikes = rows.map((r) => ({ bookingId: r.id, at: r.start_at, waived: r.waived_at !== null }));
  return {
    customerId,
    standing: standingOf({ strikes, completedVisits: visits?.n ?? 0, settings, now }),
    live: liveStrikes(strikes, now),
    payInFullAfter: settings.payInFullAfterStrikes,
    strikes: rows.map((r, i) => ({
      bookingId: r.id,
      at: r.start_at.toISOString(),
      service: r.title,
      dog: r.dog,
      live: liveStrikes([strikes[i]!], now) === 1,
      waiver: r.waived_at ? { reason: r.reason ?? '', at: r.waived_at.toISOString(), by: r.by } : null,
    })),
  };
}

/** Waives one strike, with the reason staff give; audited in the same transaction. Waiving twice changes nothing. */
export async function waiveStrike(
  customerId: string,
  bookingId: string,
  request: WaiveRequest,
  staff: StaffMember,
  now = new Date(),
): Promise<StrikesResponse> {
  return transaction(async (tx) => {
    const {
      rows: [strike],
    } = await tx.query<{ id: string }>(
      `SELECT id FROM bookings WHERE id = $1 AND customer_id = $2 AND attendance = 'no_show' AND status = 'confirmed' FOR UPDATE`,
      [bookingId, customerId],
    );
    if (!strike) throw new HttpError(404, 'This customer has no such missed appointment.', { code: 'not_found' });
    const { rows: added } = await tx.query(
      `INSERT INTO strike_waivers (booking_id, reason, staff_id, waived_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (booking_id) DO NOTHING RETURNING booking_id`,
      [bookingId, request.reason, staff.customerId, now],
    );
    if (added.length) {
      await audit(tx, staff, 'customer.strike_waived', 'booking', bookingId, {
        before: { strike: true },
        after: { strike: false, reason: request.reason, customerId },
      });
    }
    return customerStrikes(customerId, now, tx);
  });
}
