import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { query } from '../../src/server/db.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * One place changes a booking's state (issue 29, decision 102): src/server/bookings/booking-life.ts.
 * This reads every SQL statement written in the code, and every function the migrated database
 * holds, and fails on any other `UPDATE bookings` that sets status, attendance or who cancelled.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const THE_WRITER = 'src/server/bookings/booking-life.ts';
const SETS_STATE = /\b(status|attendance|cancelled_by)\s*=/i;

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) return filesUnder(rel);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
  });
}

/** Each `UPDATE bookings …` in a file, up to the end of its statement (a backtick, quote or `;`). */
function bookingUpdates(source: string): string[] {
  return [...source.matchAll(/UPDATE\s+bookings\b[^`';]*/gi)].map((m) => m[0]);
}

describe('the writers of a booking state', () => {
  it('finds a status write where one is written, and not a note or a money column', () => {
    expect(
      bookingUpdates("tx.query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`)").filter((s) =>
        SETS_STATE.test(s),
      ),
    ).toHaveLength(1);
    expect(
      bookingUpdates('`UPDATE bookings\n   SET attendance = $2 WHERE id = $1`').filter((s) => SETS_STATE.test(s)),
    ).toHaveLength(1);
    expect(
      bookingUpdates("'UPDATE bookings SET status_note = $2 WHERE id = $1'").filter((s) => SETS_STATE.test(s)),
    ).toHaveLength(0);
    expect(bookingUpdates("'UPDATE bookings SET refund_due_pence = 0 WHERE status = $1'")).toHaveLength(1);
  });

  it('is one statement in one module, across the code', () => {
    const writers = ['src', 'netlify/functions', 'scripts'].flatMap(filesUnder).flatMap((file) =>
      bookingUpdates(readFileSync(path.join(ROOT, file), 'utf8'))
        // A WHERE on the status (a guard) is not a write: only what SET assigns counts.
        .map((statement) => statement.split(/\bWHERE\b/i)[0]!)
        .filter((set) => SETS_STATE.test(set))
        .map(() => file),
    );
    expect(writers).toEqual([THE_WRITER]);
  });
});

describe('the database', () => {
  useTestDatabase();

  it('holds no trigger or function that changes a booking state behind the module', async () => {
    const rows = await query<{ name: string; src: string }>(
      `SELECT p.proname AS name, p.prosrc AS src FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public'`,
    );
    const writers = rows
      .filter((f) => bookingUpdates(f.src).some((s) => SETS_STATE.test(s.split(/\bWHERE\b/i)[0]!)))
      .map((f) => f.name);
    expect(writers).toEqual([]);
  });
});
