import { describe, expect, it } from 'vitest';
import { HOLD_CASES } from '../../src/domain/holds.cases.ts';
import { query } from '../../src/server/db.ts';
import { lapsedHoldSql, liveHoldSql } from '../../src/server/bookings/holds.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Rules the domain writes in TypeScript (and unit-tests) that the server also asks the database in
 * SQL, for speed or to act on many rows at once. Each SQL is built beside its rule; here it runs on
 * the database against the very table of cases the rule's unit test uses, so the two cannot drift.
 */
useTestDatabase();

/** `rows` as a VALUES list named `alias(columns…)`, its values parameters after `offset`. */
function valuesOf(rows: unknown[][], types: string[], offset = 0): string {
  return rows
    .map((row, r) => `(${row.map((_, c) => `$${offset + r * row.length + c + 1}::${types[c]}`).join(', ')})`)
    .join(', ');
}

describe('the lapse of an unpaid hold (src/domain/holds.ts)', () => {
  it('is the same in SQL as in the unit-tested rule', async () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const rows = HOLD_CASES.map((c, i) => [
      i,
      c.status,
      c.expiresInMinutes === null ? null : new Date(now.getTime() + c.expiresInMinutes * 60_000),
    ]);
    const answers = await query<{ i: number; live: boolean; lapsed: boolean }>(
      `SELECT i, coalesce(${liveHoldSql('$1', 'b')}, false) AS live, coalesce(${lapsedHoldSql('$1', 'b')}, false) AS lapsed
         FROM (VALUES ${valuesOf(rows, ['int', 'text', 'timestamptz'], 1)}) AS b(i, status, hold_expires_at) ORDER BY i`,
      [now, ...rows.flat()],
    );
    expect(answers.map(({ live, lapsed }) => ({ live, lapsed }))).toEqual(
      HOLD_CASES.map(({ live, lapsed }) => ({ live, lapsed })),
    );
  });
});
