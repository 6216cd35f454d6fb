import type { MessageSeries } from '../../domain/series-words.ts';
import type { SeriesView } from '../../domain/rebook-schemas.ts';
import type { Tx } from '../db.ts';

/**
 * A visit of a series is a booking: one dog's row, or a booking of several dogs (decision 082), whose
 * rows all carry the series and whose first dog's row (the party's id) answers for it
 * (docs/decisions/101). For a query aliasing the series' rows as `b`.
 */
export const SERIES_VISIT_SQL = '(b.party_id IS NULL OR b.party_id = b.id)';

/** A series of visits (docs/decisions/085) as the owner's page shows it: each visit in date order. */
export async function seriesOf(tx: Tx, seriesId: string): Promise<SeriesView | null> {
  const { rows } = await tx.query<{
    weeks: number;
    id: string;
    start_at: Date;
    status: SeriesView['visits'][number]['status'];
  }>(
    `SELECT s.weeks, b.id, b.start_at, b.status
       FROM booking_series s JOIN bookings b ON b.series_id = s.id
      WHERE s.id = $1 AND ${SERIES_VISIT_SQL} ORDER BY b.start_at`,
    [seriesId],
  );
  if (rows.length === 0) return null;
  return {
    id: seriesId,
    weeks: rows[0]!.weeks,
    visits: rows.map((r) => ({ bookingId: r.id, start: new Date(r.start_at).toISOString(), status: r.status })),
  };
}

/**
 * The series a booking's page shows: the latest booked from it (the page it was booked on keeps
 * showing it), else the one it is a visit of.
 */
export async function seriesViewOf(tx: Tx, bookingId: string): Promise<SeriesView | null> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT COALESCE(
       (SELECT id FROM booking_series WHERE from_booking_id = $1 ORDER BY created_at DESC, id LIMIT 1),
       (SELECT series_id FROM bookings WHERE id = $1)) AS id`,
    [bookingId],
  );
  return rows[0]?.id ? seriesOf(tx, rows[0].id) : null;
}

/** Every visit of a series, for cancelling it whole. */
export async function seriesVisitIds(tx: Tx, bookingId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT b.id FROM bookings b
      WHERE b.series_id = (SELECT COALESCE(
              (SELECT id FROM booking_series WHERE from_booking_id = o.id ORDER BY created_at DESC, id LIMIT 1),
              o.series_id) FROM bookings o WHERE o.id = $1)
        AND ${SERIES_VISIT_SQL}
      ORDER BY b.start_at`,
    [bookingId],
  );
  return rows.map((r) => r.id);
}

/**
 * The confirmed visits of the series a booking is the first of, as its confirmation names them
 * (src/domain/series-words.ts); null for a booking that starts no series. Visits that did not stay
 * (a hold that lapsed while only the first was paid for) are not named.
 */
export async function seriesToTell(tx: Tx, bookingId: string): Promise<MessageSeries | null> {
  // A party's visit runs from its first dog's start to its last dog's end.
  const { rows } = await tx.query<{ weeks: number; id: string; start_at: Date; end_at: Date; revision: number }>(
    `SELECT s.weeks, b.id, b.start_at, b.revision,
            COALESCE((SELECT max(m.end_at) FROM bookings m WHERE m.party_id = b.party_id), b.end_at) AS end_at
       FROM booking_series s JOIN bookings b ON b.series_id = s.id
      WHERE s.id = $1 AND b.status = 'confirmed' AND ${SERIES_VISIT_SQL} ORDER BY b.start_at`,
    [bookingId],
  );
  if (rows.length === 0) return null;
  return {
    weeks: rows[0]!.weeks,
    visits: rows.map((r) => ({ id: r.id, start: r.start_at, end: r.end_at, sequence: r.revision })),
  };
}
