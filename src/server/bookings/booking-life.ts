import site from '../../../content/site.json' with { type: 'json' };
import {
  factsOf,
  lifeStateOf,
  mayChange,
  type Actor,
  type CancelledBy,
  type CancelMoney,
  type ChangeName,
  type LifeFacts,
  type LifeState,
} from '../../domain/booking-life.ts';
import { HOLD_LAPSED_NOTE } from '../../domain/holds.ts';
import type { Attendance } from '../../domain/staff-rules.ts';
import type { Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { lapsedHoldSql } from './holds.ts';

/**
 * The one writer of a booking's state (docs/decisions/102, the table in src/domain/booking-life.ts).
 * Every change of status, attendance or who cancelled goes through `writeState`, the only statement
 * in the code that sets them; a test (booking-life-writers.test.ts) fails if another appears. What
 * follows a change is decided here too: the dogs of a booking of several change together, and the
 * other visits of a series still waiting on the first visit's deposit follow it. The capacity
 * trigger then claims or frees each row's tables, and a row that no longer fits aborts the whole.
 */

interface Row {
  id: string;
  status: LifeFacts['status'];
  attendance: Attendance | null;
  cancelled_by: CancelledBy | null;
  party_id: string | null;
  series_id: string | null;
}

export function stateOfRow(row: Pick<Row, 'status' | 'attendance' | 'cancelled_by'>): LifeState {
  return lifeStateOf({ status: row.status, attendance: row.attendance, cancelledBy: row.cancelled_by });
}

/** Refuses, as a 409 in the shop's words, a change the table does not have for this actor and state. */
export function assertMayChange(change: ChangeName, actor: Actor, state: LifeState): void {
  const decision = mayChange(change, actor, state, site.phone.display);
  if (!decision.allowed) throw new HttpError(409, decision.message, { code: 'policy' });
}

/**
 * The rows a status change of `seeds` carries with it: every dog of their parties, and for a series'
 * first visit leaving its hold, the other visits still held on its deposit (and their parties).
 */
async function carried(tx: Tx, seeds: readonly string[], status: LifeFacts['status']): Promise<string[]> {
  let ids = [...new Set(seeds)];
  for (;;) {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT DISTINCT b.id FROM bookings s JOIN bookings b
           ON b.id = s.id
           OR (s.party_id IS NOT NULL AND b.party_id = s.party_id AND b.status IS DISTINCT FROM $2)
           OR (s.series_id = s.id AND s.status = 'pending_payment' AND b.series_id = s.id AND b.status = 'pending_payment')
        WHERE s.id = ANY($1::text[])
        ORDER BY b.id`,
      [ids, status],
    );
    const next = rows.map((r) => r.id);
    if (next.length === ids.length) return next;
    ids = next;
  }
}

interface StateWrite {
  to: LifeFacts;
  now: Date;
  /** Replaces the note beside the status (why it was cancelled or released); left out, kept. */
  note?: string | null;
  /** A change the customer's page must see as new (cancel, move): its revision goes up. */
  revise?: boolean;
}

/**
 * THE statement that changes a booking's state. Stamps follow the state: confirmed_at when it is
 * confirmed, cancelled_at when cancelled, arrived_at and completed_at with the counter's marks.
 */
async function writeState(tx: Tx, ids: readonly string[], w: StateWrite): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE bookings SET status = $2, attendance = $3, cancelled_by = $4, updated_at = $5,
            status_note = CASE WHEN $6::boolean THEN $7 ELSE status_note END,
            confirmed_at = CASE WHEN $2 = 'confirmed' AND status <> 'confirmed' THEN $5 ELSE confirmed_at END,
            hold_expires_at = CASE WHEN $2 = 'confirmed' THEN NULL ELSE hold_expires_at END,
            cancelled_at = CASE WHEN $2 = 'cancelled' THEN COALESCE(cancelled_at, $5) ELSE cancelled_at END,
            arrived_at = CASE WHEN $3::text IS NULL OR $3 = 'no_show' THEN NULL ELSE COALESCE(arrived_at, $5) END,
            completed_at = CASE WHEN $3 = 'completed' THEN COALESCE(completed_at, $5) ELSE NULL END,
            revision = revision + CASE WHEN $8::boolean THEN 1 ELSE 0 END
      WHERE id = ANY($1::text[])
      RETURNING id`,
    [
      ids,
      w.to.status,
      w.to.attendance,
      w.to.cancelledBy,
      w.now,
      w.note !== undefined,
      w.note ?? null,
      Boolean(w.revise),
    ],
  );
  return rows.map((r) => r.id);
}

/** A whole booking's change of status: it, its party's dogs and the series visits held with it. */
async function changeBooking(tx: Tx, seeds: readonly string[], state: LifeState, w: Omit<StateWrite, 'to'>) {
  const to = factsOf(state);
  const changed = await writeState(tx, await carried(tx, seeds, to.status), { ...w, to });
  if (state === 'expired') await backOnTheWaitlist(tx, changed, w.now);
  return changed;
}

/**
 * A hold made from a waitlist offer that lapses unpaid (or whose payment page expired, or whose bank
 * payment failed) puts its request back on the list (decision 084); the time it held frees by itself
 * and is offered on. An erased person's request stays withdrawn (decision 098).
 */
async function backOnTheWaitlist(tx: Tx, expired: readonly string[], now: Date): Promise<void> {
  if (expired.length === 0) return;
  await tx.query(
    `UPDATE waitlist_requests r SET status = 'waiting', booking_id = NULL, updated_at = $2
      WHERE r.booking_id = ANY($1::text[]) AND r.status = 'booked' AND r.erased_at IS NULL
        AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = r.booking_id AND b.waitlist_offer_id IS NOT NULL)`,
    [expired, now],
  );
}

// ---------------------------------------------------------------------------------------------
// Holds: confirmed by Stripe, released by the system or by Stripe
// ---------------------------------------------------------------------------------------------

/**
 * A deposit paid: the booking is confirmed (an expired hold too, if its time is still free; the
 * capacity trigger refuses otherwise, and the caller decides inside a savepoint).
 */
export async function confirmPaid(tx: Tx, id: string, now: Date): Promise<string[]> {
  return changeBooking(tx, [id], 'confirmed', { now, note: null });
}

/**
 * Marks lapsed holds expired (the capacity trigger frees their tables): those of one booking, or
 * those overlapping a time about to be booked. Returns the ids it expired.
 */
export async function expireLapsedHolds(
  tx: Tx,
  now: Date,
  which: { id: string } | { overlapping: { start: Date; end: Date } },
): Promise<string[]> {
  const [where, params] =
    'id' in which
      ? ['id = $2', [which.id]]
      : ['start_at < $3 AND end_at > $2', [which.overlapping.start, which.overlapping.end]];
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM bookings WHERE ${lapsedHoldSql('$1')} AND ${where} ORDER BY id FOR UPDATE`,
    [now, ...params],
  );
  return changeBooking(
    tx,
    rows.map((r) => r.id),
    'expired',
    { now, note: HOLD_LAPSED_NOTE },
  );
}

/**
 * An unpaid hold given back: the payment page could not be opened (the system), or Stripe said the
 * page expired or a bank payment failed. `alsoFrom` lets Stripe's failure reach a hold that had
 * lapsed already. Returns whether the booking was released.
 */
export async function releaseHold(
  tx: Tx,
  id: string,
  why: string,
  now: Date,
  actor: Extract<Actor, 'system' | 'stripe'> = 'system',
): Promise<boolean> {
  const {
    rows: [row],
  } = await tx.query<Row>(
    'SELECT id, status, attendance, cancelled_by, party_id, series_id FROM bookings WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) return false;
  const state = stateOfRow(row);
  if (!mayChange('expire', actor, state, site.phone.display).allowed) return false;
  if (state === 'expired') {
    await tx.query('UPDATE bookings SET status_note = $2, updated_at = $3 WHERE id = $1', [id, why, now]);
    return true;
  }
  return (await changeBooking(tx, [id], 'expired', { now, note: why })).length > 0;
}

/** The note beside a booking's status, for what happened to its money after it changed. */
export async function noteOnStatus(tx: Tx, id: string, note: string): Promise<void> {
  await tx.query('UPDATE bookings SET status_note = $2 WHERE id = $1', [id, note]);
}

// ---------------------------------------------------------------------------------------------
// Cancelling
// ---------------------------------------------------------------------------------------------

/**
 * Cancels a whole booking, with the money decision made by the caller through the domain's
 * cancellationMoney: the refund owed is recorded on the first dog, with the reason every message
 * about it will give. The refund itself is asked of Stripe after the commit (decision 051).
 */
export async function cancel(
  tx: Tx,
  leadId: string,
  by: CancelledBy,
  money: CancelMoney,
  note: string,
  now: Date,
): Promise<void> {
  await changeBooking(tx, [leadId], by === 'shop' ? 'cancelled_by_shop' : 'cancelled_by_owner', {
    now,
    note,
    revise: true,
  });
  await tx.query(
    `UPDATE bookings SET cancel_money_reason = $2, refund_due_pence = refund_due_pence + $3,
            refund_reason = CASE WHEN $3 > 0 THEN $4 ELSE refund_reason END
      WHERE id = $1`,
    [
      leadId,
      money.reason,
      money.refundPence,
      by === 'shop' ? 'cancelled by the shop' : 'cancelled within the free period',
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// The counter: each dog marked on its own
// ---------------------------------------------------------------------------------------------

const STATE_OF_MARK: Record<Attendance, LifeState> = {
  arrived: 'checked_in',
  completed: 'completed',
  no_show: 'no_show',
};
const CHANGE_OF_MARK: Record<Attendance, ChangeName> = {
  arrived: 'check_in',
  completed: 'complete',
  no_show: 'no_show',
};

/**
 * Marks one dog at the counter (arrived, completed, a no-show) or takes the mark back (`null`). The
 * caller has held the booking's row and checked the counter's timing (staff-rules.ts).
 */
export async function mark(tx: Tx, id: string, to: Attendance | null, now: Date): Promise<void> {
  const {
    rows: [row],
  } = await tx.query<Row>(
    'SELECT id, status, attendance, cancelled_by, party_id, series_id FROM bookings WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) throw new HttpError(404, 'Booking not found', { code: 'not_found' });
  const state = stateOfRow(row);
  // Taking back a mark that is not there changes nothing (a second tap on Undo).
  if (to === null && state === 'confirmed') return;
  assertMayChange(to ? CHANGE_OF_MARK[to] : 'undo_mark', 'staff', state);
  await writeState(tx, [id], { to: factsOf(to ? STATE_OF_MARK[to] : 'confirmed'), now });
}
