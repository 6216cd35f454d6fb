import { describe, expect, it } from 'vitest';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { db, query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { claimTimesFreed, markTimesFreedHandled } from '../../src/server/waitlist/time-freed.ts';
import { useRealPostgresForFile } from '../helpers/real-postgres.ts';
import { call, rawBooking, staffKey } from '../helpers/staff-schedule.ts';

/**
 * "A time has freed" on a real PostgreSQL 15 server (the embedded PGlite runs one transaction at a
 * time): the migration's triggers work there, cancellations at the same moment each raise their own
 * event, and two sweeps of the waitlist running at once never take the same event (SKIP LOCKED).
 * Skipped only where that server cannot be installed.
 */
const available = useRealPostgresForFile();

const TZ = 'Europe/London';
/** Weekday mornings from three weeks ahead, one booking an hour, so none meets another. */
function times(n: number): Date[] {
  let day = addDays(todayIn(TZ, new Date()), 21);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) day = addDays(day, 1);
  return Array.from({ length: n }, (_, i) =>
    zonedDateTimeToInstant(addDays(day, Math.floor(i / 6)), `${String(9 + (i % 6)).padStart(2, '0')}:00`, TZ),
  );
}

describe.skipIf(!available)('a time has freed, on a real PostgreSQL server', () => {
  it('raises one event per booking when staff cancel many at once', async () => {
    const staff = await staffKey('Freed Race');
    const bookings = [];
    for (const start of times(12)) bookings.push({ ...(await rawBooking({ start })), start });
    const answers = await Promise.all(
      bookings.map((b) =>
        call('POST', `/v1.0.1/management/bookings/${b.id}/cancel`, { key: staff.key, body: { reason: 'Flood' } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(bookings.map(() => 200));
    const events = await query<{ booking_id: string; cause: string; start_at: Date; end_at: Date }>(
      'SELECT booking_id, cause, start_at, end_at FROM time_freed WHERE handled_at IS NULL',
    );
    expect(events.map((e) => [e.booking_id, e.cause, e.start_at.getTime(), e.end_at.getTime()]).sort()).toEqual(
      bookings.map((b) => [b.id, 'cancelled', b.start.getTime(), b.start.getTime() + 3_600_000]).sort(),
    );
  });

  it('gives two sweeps running at once different events, oldest first, and takes back what a sweep did not finish', async () => {
    const waiting = await query<{ id: string }>(
      'SELECT id::text AS id FROM time_freed WHERE handled_at IS NULL ORDER BY id',
    );
    expect(waiting.length).toBeGreaterThanOrEqual(6);
    const [first, second] = [await db().connect(), await db().connect()];
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      const a = await claimTimesFreed(first, 4);
      const b = await claimTimesFreed(second, 100);
      expect(a.map((e) => e.id)).toEqual(waiting.slice(0, 4).map((w) => w.id));
      expect(b.map((e) => e.id)).toEqual(waiting.slice(4).map((w) => w.id));
      await markTimesFreedHandled(
        first,
        a.map((e) => e.id),
        new Date(),
      );
      await first.query('COMMIT');
      // The second sweep fails before it marks anything: its events wait for the next one.
      await second.query('ROLLBACK');
    } finally {
      first.release();
      second.release();
    }
    const again = await transaction((tx) => claimTimesFreed(tx, 100));
    expect(again.map((e) => e.id)).toEqual(waiting.slice(4).map((w) => w.id));
  });

  it('raises the settings, block and closure events there too', async () => {
    await query('UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL');
    await transaction((tx) => updateBookingSettings(tx, { capacity: 3 }));
    await transaction((tx) => updateBookingSettings(tx, { capacity: 2 }));
    const [start] = times(1);
    const end = new Date(start!.getTime() + 3_600_000);
    await query(`INSERT INTO time_blocks (id, start_at, end_at) VALUES ('pgfreedblock0001', $1, $2)`, [start, end]);
    await query(`DELETE FROM time_blocks WHERE id = 'pgfreedblock0001'`);
    await query(`INSERT INTO closures (day) VALUES ('2027-06-15')`);
    await query(`DELETE FROM closures WHERE day = '2027-06-15'`);
    const events = await query<{ cause: string; start_at: Date; end_at: Date }>(
      'SELECT cause, start_at, end_at FROM time_freed WHERE handled_at IS NULL ORDER BY id',
    );
    expect(events.map((e) => [e.cause, e.end_at.getTime() - e.start_at.getTime()])).toEqual([
      ['settings', (8 * 7 + 1) * 86_400_000],
      ['unblocked', 3_600_000],
      ['reopened', 86_400_000],
    ]);
    expect(events[2]!.start_at.toISOString()).toBe('2027-06-14T23:00:00.000Z');
  });
});
