import { describe, expect, it } from 'vitest';
import { HOLD_CASES } from '../../src/domain/holds.cases.ts';
import { REMINDER_CASES, REMINDER_CASES_NOW } from '../../src/domain/reminders.cases.ts';
import { reminderWindow } from '../../src/domain/reminders.ts';
import { STAFF_KEY_CASES, STAFF_KEY_ISSUED_AT, STAFF_SETTINGS_CASES } from '../../src/domain/staff-settings.cases.ts';
import { lapsedHoldSql, liveHoldSql } from '../../src/server/bookings/holds.ts';
import { query } from '../../src/server/db.ts';
import { dueForReminderSql } from '../../src/server/messages/reminders.ts';
import { staffKeyLiveSql, staffSettingSql } from '../../src/server/staff-key-rule.ts';
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

describe('the day-before reminder (dueForReminder, src/domain/reminders.ts)', () => {
  it('picks in SQL the appointments the unit-tested rule picks', async () => {
    const window = reminderWindow(REMINDER_CASES_NOW, 'Europe/London');
    const rows = REMINDER_CASES.map((c, i) => [i, c.status, new Date(c.start)]);
    const due = await query<{ i: number }>(
      `SELECT i FROM (VALUES ${valuesOf(rows, ['int', 'text', 'timestamptz'], 2)}) AS bookings(i, status, start_at)
        WHERE ${dueForReminderSql('$1', '$2')} ORDER BY i`,
      [window.from, window.to, ...rows.flat()],
    );
    expect(due.map((r) => r.i)).toEqual(REMINDER_CASES.flatMap((c, i) => (c.due ? [i] : [])));
  });
});

describe('a live staff key (staffKeyLive and staffSettingsFrom, src/domain/staff-settings.ts)', () => {
  it('reads a stored settings.staff document in SQL as the unit-tested rule reads it', async () => {
    const rows = STAFF_SETTINGS_CASES.map(([stored], i) => [i, stored === null ? null : JSON.stringify(stored)]);
    const read = await query<{ keyIdleMinutes: number; keyLifetimeDays: number }>(
      `SELECT ${staffSettingSql('d.staff', 'keyIdleMinutes')} AS "keyIdleMinutes",
              ${staffSettingSql('d.staff', 'keyLifetimeDays')} AS "keyLifetimeDays"
         FROM (VALUES ${valuesOf(rows, ['int', 'jsonb'])}) AS d(i, staff) ORDER BY i`,
      rows.flat(),
    );
    expect(read).toEqual(STAFF_SETTINGS_CASES.map(([, settings]) => ({ ...settings })));
  });

  it('keeps in SQL the keys the unit-tested rule keeps, under the default settings', async () => {
    const at = (hours: number) => new Date(STAFF_KEY_ISSUED_AT.getTime() + hours * 3_600_000);
    const rows = STAFF_KEY_CASES.map(([, used, now], i) => [i, used === null ? null : at(used), at(now)]);
    const live = await query<{ live: boolean }>(
      `SELECT ${staffKeyLiveSql({ issuedAt: '$1::timestamptz', lastUsedAt: 'k.last_used' }, 'k.now', 'NULL::jsonb')} AS live
         FROM (VALUES ${valuesOf(rows, ['int', 'timestamptz', 'timestamptz'], 1)}) AS k(i, last_used, now) ORDER BY i`,
      [STAFF_KEY_ISSUED_AT, ...rows.flat()],
    );
    expect(live.map((r) => r.live)).toEqual(STAFF_KEY_CASES.map(([, , , isLive]) => isLive));
  });
});
