import type { RebookProposals, RebookQuery, RebookRequest, RebookResponse } from '../../domain/rebook-schemas.ts';
import type { StaffCancelSeriesResponse, StaffSeriesResponse } from '../../domain/rebook-schemas.ts';
import type { StaffCancelRequest } from '../../domain/schedule.ts';
import { afterCancel, cancelWithin, type CancelWritten } from '../bookings/change-booking.ts';
import type { BookingContext } from '../bookings/create-booking.ts';
import { rebook, rebookProposals } from '../bookings/rebook.ts';
import { seriesOf } from '../bookings/series-records.ts';
import { bookingTransaction } from '../bookings/transaction.ts';
import { db } from '../db.ts';
import { HttpError } from '../http.ts';
import type { StaffMember } from '../staff.ts';
import { bookingNotFound } from './schedule.ts';

/**
 * The next groom booked by staff after "Completed", and a visit's series on the schedule
 * (docs/decisions/089). The proposals and the booking are the owner's own (src/server/bookings/rebook.ts)
 * with a staff actor: what differs (no online deposit, no notice, the phone booking's confirmation,
 * the audit row) is decided there, in one place.
 */
type Staff = Pick<StaffMember, 'customerId'>;
const asStaff = (staff: Staff) => ({ kind: 'staff', staffId: staff.customerId }) as const;

export function staffRebookProposals(
  id: string,
  query: RebookQuery,
  staff: Staff,
  now = new Date(),
): Promise<RebookProposals> {
  return rebookProposals(id, query, now, asStaff(staff));
}

export function staffRebook(
  id: string,
  request: RebookRequest,
  staff: Staff,
  context: BookingContext,
): Promise<RebookResponse> {
  return rebook(id, request, context, asStaff(staff));
}

/** The series a booking is a visit of (not one booked from it: staff open each visit on its own). */
export async function staffSeriesOf(id: string): Promise<StaffSeriesResponse> {
  const { rows } = await db().query<{ series_id: string | null }>('SELECT series_id FROM bookings WHERE id = $1', [id]);
  if (!rows[0]) throw bookingNotFound();
  return { series: rows[0].series_id ? await seriesOf(db(), rows[0].series_id) : null };
}

/**
 * "Cancel the rest of the series": every visit still ahead and not yet attended, each through the
 * staff cancel (its own refund rule, audit row and messages; the time freed raised by each row's
 * trigger), all in ONE transaction, so a visit that cannot be cancelled leaves the series as it was.
 * Refunds and messages go after the commit, as a single cancel's do.
 */
export async function cancelSeriesForStaff(
  id: string,
  request: StaffCancelRequest,
  staff: Staff,
  siteUrl: string,
  now = new Date(),
): Promise<StaffCancelSeriesResponse> {
  const context = {
    siteUrl,
    staff,
    now,
    ...(request.refundDeposit === undefined ? {} : { refundDeposit: request.refundDeposit }),
  };
  const { seriesId, done } = await bookingTransaction(async (tx) => {
    const { rows } = await tx.query<{ series_id: string | null }>('SELECT series_id FROM bookings WHERE id = $1', [id]);
    if (!rows[0]) throw bookingNotFound();
    const seriesId = rows[0].series_id;
    if (!seriesId) throw new HttpError(409, 'This booking is not part of a series.', { code: 'policy' });
    const ahead = await tx.query<{ id: string }>(
      `SELECT id FROM bookings
        WHERE series_id = $1 AND status IN ('confirmed', 'pending_payment') AND attendance IS NULL AND start_at > $2
          AND (party_id IS NULL OR party_id = id)
        ORDER BY start_at, id FOR UPDATE`,
      [seriesId, now],
    );
    const done: CancelWritten[] = [];
    for (const visit of ahead.rows) done.push(await cancelWithin(tx, visit.id, request.reason, context, now));
    return { seriesId, done };
  });
  for (const cancelled of done) await afterCancel(cancelled, now);
  return { series: (await seriesOf(db(), seriesId))!, cancelled: done.length };
}
