import type { TimeFreed, TimeFreedCause } from '../../domain/time-freed.ts';
import type { Tx } from '../db.ts';

/**
 * The events "a time has freed" not yet handled, oldest first (migration
 * 20261128020000_time_freed.sql raises them). Locked with SKIP LOCKED: two sweeps running at once
 * each take rows the other has not, and a row stays taken until the transaction that took it ends;
 * handle them and call markTimesFreedHandled in that same transaction, or they come back.
 */
export async function claimTimesFreed(tx: Tx, limit: number): Promise<TimeFreed[]> {
  const { rows } = await tx.query<{
    id: string;
    start_at: Date;
    end_at: Date;
    cause: TimeFreedCause;
    booking_id: string | null;
    at: Date;
  }>(
    `SELECT id::text AS id, start_at, end_at, cause, booking_id, at FROM time_freed
      WHERE handled_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    start: r.start_at,
    end: r.end_at,
    cause: r.cause,
    bookingId: r.booking_id,
    at: r.at,
  }));
}

/** The events handled at `now`: no later sweep takes them again. */
export async function markTimesFreedHandled(tx: Tx, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('UPDATE time_freed SET handled_at = $2 WHERE id = ANY ($1::bigint[]) AND handled_at IS NULL', [
    ids,
    now,
  ]);
}
