import type {
  AttendanceRequest,
  AttendanceResponse,
  BlockRequest,
  ScheduleBooking,
  SplitResponse,
  StaffCancelRequest,
  TimeBlockView,
} from '../../domain/schedule.ts';
import { feeBlocksUndo, type FeeForUndo } from '../../domain/no-show-fee-undo.ts';
import { mayMarkAttendance, type Attendance } from '../../domain/staff-rules.ts';
import { audit } from '../audit.ts';
import { mark } from '../bookings/booking-life.ts';
import { createBlock, removeBlock } from '../bookings/blocks.ts';
import { cancelBooking, moveBooking } from '../bookings/change-booking.ts';
import { splitFromParty } from '../bookings/party-changes.ts';
import { db, transaction } from '../db.ts';
import { HttpError } from '../http.ts';
import { recordCounterBalance } from '../money/ledger.ts';
import { loadBookingSettings } from '../settings.ts';
import type { StaffMember } from '../staff.ts';
import { cancelOpenBalanceLink, expireBalanceSession } from './balance-links.ts';
import { bookingNotFound, scheduleBooking } from './schedule.ts';

/**
 * What staff do at the counter, each change with its audit row in its own transaction: move or cancel
 * a booking (through the booking server, the customer told through the outbox), mark it
 * arrived, completed (with the balance taken, card or cash) or a no-show, or take the mark back; keep
 * a note for the team; block time off and give it back.
 */

type Staff = Pick<StaffMember, 'customerId'>;

/** Moves a booking as staff (the booking server's move, with the shop's rules), answered as the schedule shows it. */
export async function moveForStaff(
  id: string,
  start: string,
  staff: Staff,
  siteUrl: string,
): Promise<{ booking: ScheduleBooking }> {
  await moveBooking(id, start, { siteUrl, staff });
  return { booking: (await scheduleBooking(db(), id))! };
}

/**
 * Splits one dog out of a booking of several into a booking of its own (docs/decisions/082), audited;
 * answered with both as the schedule shows them.
 */
export async function splitForStaff(id: string, staff: Staff, now = new Date()): Promise<SplitResponse> {
  const { partyId } = await transaction((tx) => splitFromParty(tx, id, staff, now));
  const pool = db();
  return { booking: (await scheduleBooking(pool, id))!, from: (await scheduleBooking(pool, partyId))! };
}

/** Cancels a booking as staff: the customer is told, a deposit refunded unless staff keep it. */
export async function cancelForStaff(
  id: string,
  request: StaffCancelRequest,
  staff: Staff,
  siteUrl: string,
): Promise<{ booking: ScheduleBooking }> {
  await cancelBooking(id, request.reason, {
    siteUrl,
    staff,
    ...(request.refundDeposit === undefined ? {} : { refundDeposit: request.refundDeposit }),
  });
  return { booking: (await scheduleBooking(db(), id))! };
}

export async function markAttendance(
  id: string,
  request: AttendanceRequest,
  staff: Staff,
  now = new Date(),
): Promise<AttendanceResponse> {
  const { answer, closeSession } = await transaction(async (tx) => {
    const {
      rows: [b],
    } = await tx.query<{
      status: 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';
      start_at: Date;
      attendance: Attendance | null;
      balance_paid_pence: number;
      balance_method: 'card' | 'cash' | 'online' | null;
    }>(
      'SELECT status, start_at, attendance, balance_paid_pence, balance_method FROM bookings WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!b) throw bookingNotFound();
    const settings = await loadBookingSettings(tx);
    const decision = mayMarkAttendance({
      status: b.status,
      start: b.start_at,
      now,
      timeZone: settings.timeZone,
      to: request.attendance,
    });
    if (!decision.allowed) throw new HttpError(409, decision.message, { code: 'policy' });
    if (b.attendance === 'no_show' && request.attendance !== 'no_show') {
      // Locked with the booking: a fee charged or refunded at the same moment waits for this answer.
      const {
        rows: [fee],
      } = await tx.query<FeeForUndo>(
        `SELECT status, pence, refunded_pence AS "refundedPence", refund_status AS "refundStatus"
           FROM no_show_fees WHERE booking_id = $1 FOR UPDATE`,
        [id],
      );
      const blocked = feeBlocksUndo(fee ?? null);
      if (blocked) throw new HttpError(409, blocked, { code: 'policy' });
    }

    // A balance paid by the owner's link (decision 096) is Stripe's record: the counter cannot change it.
    if (b.balance_method === 'online' && (request.attendance !== 'completed' || request.balance))
      throw new HttpError(409, 'The balance was paid online, so this visit stays completed as it is.', {
        code: 'policy',
      });
    const taken = b.balance_method ? { pence: b.balance_paid_pence, method: b.balance_method } : null;
    const previous = {
      attendance: b.attendance,
      balance: taken && taken.method !== 'online' ? { pence: taken.pence, method: taken.method } : null,
    };
    // Completing again without a balance keeps the one already taken; any other mark has none.
    const balance = request.attendance === 'completed' ? (request.balance ?? taken) : null;
    const pence = balance && balance.pence > 0 ? balance.pence : 0;
    const method = pence > 0 ? balance!.method : null;
    // Card or cash taken, or the mark taken back: a payment link sent must not be paid as well.
    const closeSession =
      request.attendance !== 'completed' || request.balance?.pence ? await cancelOpenBalanceLink(tx, id, now) : null;
    await mark(tx, id, request.attendance, now);
    await tx.query(
      `UPDATE bookings SET balance_paid_at = CASE WHEN $2 = 0 THEN NULL
                                     WHEN $2 = balance_paid_pence AND $3 IS NOT DISTINCT FROM balance_method THEN balance_paid_at ELSE $4 END,
              balance_paid_pence = $2, balance_method = $3
        WHERE id = $1`,
      [id, pence, method, now],
    );
    // The ledger follows what the counter now says was taken (a link's balance is Stripe's, untouched).
    const counter = method === 'card' || method === 'cash' ? { method, pence } : null;
    await recordCounterBalance(tx, id, counter, now, staff.customerId);
    await audit(tx, staff, 'booking.attendance', 'booking', id, {
      before: previous,
      after: { attendance: request.attendance, balance: method ? { pence, method } : null },
    });
    return { answer: { booking: (await scheduleBooking(tx, id))!, previous }, closeSession };
  });
  await expireBalanceSession(closeSession);
  return answer;
}

export async function saveStaffNote(
  id: string,
  note: string,
  staff: Staff,
  now = new Date(),
): Promise<{ booking: ScheduleBooking }> {
  return transaction(async (tx) => {
    const {
      rows: [before],
    } = await tx.query<{ staff_note: string | null }>('SELECT staff_note FROM bookings WHERE id = $1 FOR UPDATE', [id]);
    if (!before) throw bookingNotFound();
    await tx.query('UPDATE bookings SET staff_note = $2, updated_at = $3 WHERE id = $1', [id, note || null, now]);
    await audit(tx, staff, 'booking.note', 'booking', id, {
      before: { note: before.staff_note ?? '' },
      after: { note },
    });
    return { booking: (await scheduleBooking(tx, id))! };
  });
}

/**
 * Blocks time off (a closed afternoon, a break): online availability loses it at once and the
 * capacity trigger refuses any booking into it. Refused over bookings (409 with them, to move first)
 * and over time already gone.
 */
export async function blockTime(
  request: BlockRequest,
  staff: Staff,
  now = new Date(),
): Promise<{ block: TimeBlockView }> {
  const start = new Date(request.start);
  const end = new Date(request.end);
  if (end <= now) throw new HttpError(400, 'That time has already passed.', { code: 'invalid' });
  return transaction(async (tx) => {
    const block = await createBlock(tx, { start, end, reason: request.reason, createdBy: staff.customerId });
    await audit(tx, staff, 'block.create', 'time_block', block.id, { after: block });
    return { block };
  });
}

export async function unblockTime(id: string, staff: Staff): Promise<{ block: TimeBlockView }> {
  return transaction(async (tx) => {
    const block = await removeBlock(tx, id);
    if (!block) throw new HttpError(404, 'That blocked time is not there any more.', { code: 'not_found' });
    await audit(tx, staff, 'block.remove', 'time_block', id, { before: block });
    return { block };
  });
}
