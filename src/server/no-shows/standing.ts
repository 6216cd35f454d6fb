import type { BookingSettings } from '../../domain/booking-settings.ts';
import { fairTerms, standingOf, type FairTerms, type Standing, type Strike } from '../../domain/no-show-rules.ts';
import type { Tx } from '../db.ts';

/**
 * A customer's standing under the no-show rules (decision 081), read from their bookings: a strike is
 * a booking marked no-show (merged records' bookings moved to this record with their waivers), a first
 * visit is one not yet completed. Used by the quote and, inside its transaction, by every booking.
 */
export async function strikesOf(tx: Tx, customerId: string): Promise<Strike[]> {
  const { rows } = await tx.query<{ id: string; start_at: Date; waived: boolean }>(
    `SELECT b.id, b.start_at, (w.booking_id IS NOT NULL) AS waived
       FROM bookings b LEFT JOIN strike_waivers w ON w.booking_id = b.id
      WHERE b.customer_id = $1 AND b.attendance = 'no_show' AND b.status = 'confirmed'
      ORDER BY b.start_at DESC`,
    [customerId],
  );
  return rows.map((r) => ({ bookingId: r.id, at: r.start_at, waived: r.waived }));
}

export async function standingFor(
  tx: Tx,
  customerId: string | null,
  settings: BookingSettings,
  now: Date,
): Promise<Standing> {
  return (await standingWithStrikes(tx, customerId, settings, now)).standing;
}

/** The standing and the strikes it was read from, for a caller that needs both (one read of each). */
export async function standingWithStrikes(
  tx: Tx,
  customerId: string | null,
  settings: BookingSettings,
  now: Date,
): Promise<{ standing: Standing; strikes: Strike[] }> {
  if (!customerId) return { standing: standingOf({ strikes: [], completedVisits: 0, settings, now }), strikes: [] };
  const [strikes, completed] = await Promise.all([
    strikesOf(tx, customerId),
    tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE customer_id = $1 AND attendance = 'completed'`,
      [customerId],
    ),
  ]);
  return { standing: standingOf({ strikes, completedVisits: completed.rows[0]?.n ?? 0, settings, now }), strikes };
}

/** The terms of a booking just written, kept with it (what the customer was told is what applies). */
export async function recordTerms(
  tx: Tx,
  bookingId: string,
  standing: Standing,
  settings: BookingSettings,
  depositPence: number,
  online: boolean,
): Promise<FairTerms> {
  const terms = fairTerms({ standing, settings, depositPence, online });
  await tx.query('UPDATE bookings SET fair_terms = $2 WHERE id = $1', [bookingId, JSON.stringify(terms)]);
  return terms;
}
