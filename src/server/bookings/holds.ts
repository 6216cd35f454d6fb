import { HOLD_LAPSED_NOTE } from '../../domain/holds.ts';
import type { Tx } from '../db.ts';

/**
 * The lapse of an unpaid hold (src/domain/holds.ts) as SQL conditions on a `bookings` row (`alias`
 * when the query names the table), `now` the query's parameter for the instant (`$1`…). The literal
 * status keeps the partial index `bookings_hold_expiry_idx` in use. holds.test.ts runs these and the
 * domain's isLiveHold/isLapsedHold on the same table of cases.
 */
const col = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

export const liveHoldSql = (now: string, alias?: string): string =>
  `(${col(alias, 'status')} = 'pending_payment' AND ${col(alias, 'hold_expires_at')} > ${now})`;

export const lapsedHoldSql = (now: string, alias?: string): string =>
  `(${col(alias, 'status')} = 'pending_payment' AND ${col(alias, 'hold_expires_at')} <= ${now})`;

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
      ? ['id = $3', [which.id]]
      : ['start_at < $4 AND end_at > $3', [which.overlapping.start, which.overlapping.end]];
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE bookings SET status = 'expired', status_note = $2, updated_at = $1
      WHERE ${lapsedHoldSql('$1')} AND ${where} RETURNING id`,
    [now, HOLD_LAPSED_NOTE, ...params],
  );
  return rows.map((r) => r.id);
}
