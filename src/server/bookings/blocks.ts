import type { Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../ids.ts';

/**
 * Time the shop blocks off (a closed afternoon, a break): online availability loses it at once
 * (`bookingTimesBetween` counts a block as every table taken) and the capacity trigger refuses any
 * booking that overlaps one (migration 20261123030000_staff_area.sql).
 */
export interface TimeBlock {
  id: string;
  start: string;
  end: string;
  reason: string;
}

export interface BlockConflict {
  id: string;
  start: string;
  end: string;
}

/**
 * Blocks `start`–`end`, unless an active booking overlaps it (409 with those bookings, to move
 * first). The SHARE lock on bookings holds new bookings back until this commits, so a booking and a
 * block for the same time cannot both get in; the trigger sees the block once it has committed.
 */
export async function createBlock(
  tx: Tx,
  block: { start: Date; end: Date; reason: string; createdBy: string | null },
): Promise<TimeBlock> {
  if (!(block.end > block.start))
    throw new HttpError(400, 'A blocked time must end after it starts.', { code: 'invalid' });
  await tx.query('LOCK TABLE bookings IN SHARE MODE');
  const { rows: conflicts } = await tx.query<{ id: string; start_at: Date; end_at: Date }>(
    `SELECT id, start_at, end_at FROM bookings
      WHERE status IN ('pending_payment', 'confirmed') AND start_at < $2 AND end_at > $1 ORDER BY start_at`,
    [block.start, block.end],
  );
  if (conflicts.length) {
    throw new HttpError(409, 'Bookings are in that time: move or cancel them first.', {
      code: 'slot_taken',
      conflicts: conflicts.map((c): BlockConflict => ({
        id: c.id,
        start: c.start_at.toISOString(),
        end: c.end_at.toISOString(),
      })),
    });
  }
  const id = randomId(12);
  await tx.query('INSERT INTO time_blocks (id, start_at, end_at, reason, created_by) VALUES ($1, $2, $3, $4, $5)', [
    id,
    block.start,
    block.end,
    block.reason,
    block.createdBy,
  ]);
  return { id, start: block.start.toISOString(), end: block.end.toISOString(), reason: block.reason };
}

export async function blocksBetween(tx: Tx, from: Date, to: Date): Promise<TimeBlock[]> {
  const { rows } = await tx.query<{ id: string; start_at: Date; end_at: Date; reason: string }>(
    'SELECT id, start_at, end_at, reason FROM time_blocks WHERE start_at < $2 AND end_at > $1 ORDER BY start_at',
    [from, to],
  );
  return rows.map((r) => ({
    id: r.id,
    start: r.start_at.toISOString(),
    end: r.end_at.toISOString(),
    reason: r.reason,
  }));
}

export async function removeBlock(tx: Tx, id: string): Promise<TimeBlock | null> {
  const {
    rows: [r],
  } = await tx.query<{ id: string; start_at: Date; end_at: Date; reason: string }>(
    'DELETE FROM time_blocks WHERE id = $1 RETURNING id, start_at, end_at, reason',
    [id],
  );
  return r ? { id: r.id, start: r.start_at.toISOString(), end: r.end_at.toISOString(), reason: r.reason } : null;
}
