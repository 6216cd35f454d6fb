import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardResponseSchema } from '../../src/domain/dashboard.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { mondayOf, ScheduleResponseSchema } from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { recordCounterBalance } from '../../src/server/money/ledger.ts';
import { randomId } from '../../src/server/ids.ts';
import { auditRows, call, openDays, publicStarts, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/** Time blocked off from the schedule, and the dashboard's figures, against a migrated database. */
useTestDatabase({ seed: true });
delete process.env.STRIPE_SECRET_KEY;

const TZ = 'Europe/London';
let staff: { id: string; key: string };
beforeAll(async () => {
  staff = await staffKey();
});
const as = (method: string, path: string, body?: unknown) =>
  call(method, path, { key: staff.key, ...(body === undefined ? {} : { body }) });

describe('POST /management/blocks and /blocks/{id}/remove', () => {
  it('blocks an afternoon: online availability loses it, the schedule shows it, and giving it back restores it', async () => {
    const [day] = await openDays('nails');
    const start = zonedDateTimeToInstant(day!.date, '13:00', TZ).toISOString();
    const end = zonedDateTimeToInstant(day!.date, '18:00', TZ).toISOString();
    const before = await publicStarts('nails', day!.date);
    expect(before.filter((s) => s >= start)).not.toEqual([]);

    const made = await as('POST', '/v1.0.1/management/blocks', { start, end, reason: 'Vet training' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const blocked = await publicStarts('nails', day!.date);
    expect(blocked.filter((s) => s >= start)).toEqual([]);
    expect(blocked.filter((s) => s < start)).toEqual(before.filter((s) => s < start));
    const schedule = ScheduleResponseSchema.parse(
      (await as('GET', `/v1.0.1/management/schedule?from=${day!.date}`)).body,
    );
    expect(schedule.blocks).toEqual([{ id: made.body.block.id, start, end, reason: 'Vet training' }]);
    expect(await auditRows(made.body.block.id)).toEqual([
      expect.objectContaining({ action: 'block.create', staff_id: staff.id }),
    ]);

    const removed = await as('POST', `/v1.0.1/management/blocks/${made.body.block.id}/remove`, {});
    expect(removed.status).toBe(200);
    expect(await publicStarts('nails', day!.date)).toEqual(before);
    expect((await auditRows(made.body.block.id)).map((a) => a.action)).toEqual(['block.create', 'block.remove']);
    expect((await as('POST', `/v1.0.1/management/blocks/${made.body.block.id}/remove`, {})).status).toBe(404);
  });

  it('refuses to block over bookings, naming them, and refuses time already gone', async () => {
    const [, day] = await openDays('nails');
    const booked = await rawBooking({ start: zonedDateTimeToInstant(day!.date, '14:00', TZ) });
    const res = await as('POST', '/v1.0.1/management/blocks', {
      start: zonedDateTimeToInstant(day!.date, '13:00', TZ).toISOString(),
      end: zonedDateTimeToInstant(day!.date, '18:00', TZ).toISOString(),
    });
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'slot_taken', conflicts: [expect.objectContaining({ id: booked.id })] },
    });
    const past = await as('POST', '/v1.0.1/management/blocks', {
      start: new Date(Date.now() - 7200_000).toISOString(),
      end: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(past.status).toBe(400);
    const [{ n }] = (await query<{ n: number }>('SELECT count(*)::int AS n FROM time_blocks')) as [{ n: number }];
    expect(n).toBe(0);
  });

  it.each([
    { name: 'an end before the start', body: { start: '2026-12-01T14:00:00Z', end: '2026-12-01T13:00:00Z' } },
    { name: 'three weeks', body: { start: '2026-12-01T14:00:00Z', end: '2026-12-22T14:00:00Z' } },
    {
      name: 'a reason too long',
      body: { start: '2026-12-01T14:00:00Z', end: '2026-12-01T15:00:00Z', reason: 'x'.repeat(201) },
    },
    { name: 'a table number', body: { start: '2026-12-01T14:00:00Z', end: '2026-12-01T15:00:00Z', table: 1 } },
  ])('refuses $name with a 400', async ({ body }) => {
    expect((await as('POST', '/v1.0.1/management/blocks', body)).status).toBe(400);
  });

  it.each([
    ['in the year 9999', '9999-06-01T10:00:00Z', '9999-06-01T12:00:00Z'],
    ['ending in the year 3000', '2999-12-31T22:00:00Z', '3000-01-01T02:00:00Z'],
    ['before 2000', '1999-06-01T10:00:00Z', '1999-06-01T12:00:00Z'],
  ])(
    'refuses a block %s as the schedule refuses its day: 400, one clear error, nothing written',
    async (_name, start, end) => {
      const written = async () =>
        (
          await query<{ n: number }>(
            'SELECT (SELECT count(*) FROM time_blocks) + (SELECT count(*) FROM audit_log) AS n',
          )
        )[0]!.n;
      const before = await written();
      const res = await as('POST', '/v1.0.1/management/blocks', { start, end, reason: 'Probe' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/between 2000 and 2999/);
      expect(await written()).toBe(before);
      // The schedule refuses the same day with the same words.
      const schedule = await as(
        'GET',
        `/v1.0.1/management/schedule?from=${(start < '2000' ? start : end).slice(0, 10)}`,
      );
      expect(schedule.status).toBe(400);
      expect(schedule.body.error).toMatch(/between 2000 and 2999/);
    },
  );

  it.each([
    '/v1.0.1/management/blocks/AAAAAAAAAAAAAAAAAAAA/delete',
    '/v1.0.1/management/blocks/short/remove',
    '/v1.0.1/management/blocks/AAAAAAAAAAAAAAAAAAAA/remove/again',
  ])('answers %s with a 404', async (path) => {
    expect((await as('POST', path, {})).status).toBe(404);
  });
});

describe('GET /management/dashboard', () => {
  it('adds up takings by the day money moved, the value of the days’ appointments, deposits ahead, no-shows, first and returning visits, and channels', async () => {
    const now = new Date();
    const today = todayIn(TZ, now);
    const monday = mondayOf(today);
    const at = (date: string, time: string) => zonedDateTimeToInstant(date, time, TZ);
    // Last week: Tuesday a £45 groom paid at the counter; this week: Monday a no-show whose £10 deposit
    // was kept, and a groom by a returning customer (same number) paid by card.
    const lastTuesday = addDays(monday, -6);
    const first = await rawBooking({
      start: at(lastTuesday, '10:00'),
      phone: '+447700900801',
      attendance: 'completed',
    });
    const takeAtCounter = (id: string, method: 'card' | 'cash', pence: number, when: Date) =>
      transaction(async (tx) => {
        await tx.query(
          `UPDATE bookings SET balance_paid_pence = $2, balance_method = $3, balance_paid_at = $4 WHERE id = $1`,
          [id, pence, method, when],
        );
        await recordCounterBalance(tx, id, { method, pence }, when, null);
      });
    await takeAtCounter(first.id, 'cash', 4500, at(lastTuesday, '11:00'));
    // Its £10 deposit was paid last Wednesday, a week and a half before its day.
    await rawBooking({
      start: at(monday, '09:00'),
      phone: '+447700900802',
      attendance: 'no_show',
      depositPaidPence: 1000,
      createdAt: at(addDays(monday, -5), '20:00'),
    });
    const again = await rawBooking({ start: at(monday, '12:00'), phone: '+447700900801', attendance: 'completed' });
    await takeAtCounter(again.id, 'card', 3000, at(monday, '13:00'));
    // Ahead: two deposits held, one of them being refunded, both paid before last week.
    const longAgo = at(addDays(monday, -21), '10:00');
    await rawBooking({ start: new Date(now.getTime() + 3 * 86_400_000), depositPaidPence: 1500, createdAt: longAgo });
    const refunding = await rawBooking({
      start: new Date(now.getTime() + 4 * 86_400_000),
      depositPaidPence: 1500,
      createdAt: longAgo,
    });
    await query('UPDATE bookings SET refund_due_pence = 1500 WHERE id = $1', [refunding.id]);
    // Channels: three visits from Google, one booked; one direct visit, booked; one booking with no visit; one by phone.
    const visit = async (source: string | null) => {
      const id = randomId(16);
      await query('INSERT INTO visit_sessions (id, campaign_source, gclid) VALUES ($1, $2, $3)', [
        id,
        source,
        source ? 'g' : null,
      ]);
      return id;
    };
    const google = await visit('google ads');
    await visit('google ads');
    await visit('google ads');
    const direct = await visit(null);
    await rawBooking({ start: new Date(now.getTime() + 5 * 86_400_000), sessionId: google });
    await rawBooking({ start: new Date(now.getTime() + 6 * 86_400_000), sessionId: direct });
    await rawBooking({ start: new Date(now.getTime() + 7 * 86_400_000) });
    await rawBooking({ start: new Date(now.getTime() + 8 * 86_400_000), createdBy: staff.id });
    // A hold never paid for is not a booking, wherever it came from.
    await rawBooking({ start: new Date(now.getTime() + 9 * 86_400_000), sessionId: google, status: 'expired' });

    const res = await as('GET', '/v1.0.1/management/dashboard');
    expect(res.status).toBe(200);
    const d = DashboardResponseSchema.parse(res.body);
    expect(d.today).toBe(today);
    expect(d.takings.lastWeek.monday).toBe(addDays(monday, -7));
    // Takings by the day the money moved (as Finances dates them): the no-show's deposit on the
    // Wednesday it was paid, not on its appointment's Monday.
    expect(d.takings.lastWeek.days[1]).toBe(4500);
    expect(d.takings.lastWeek.days[2]).toBe(1000);
    expect(d.takings.thisWeek.days[0]).toBe(3000);
    // The value of the days' appointments apart: last Tuesday's and Monday's grooms at their £45 quotes,
    // the no-show left out.
    expect(d.appointmentsValue.lastWeek.days[1]).toBe(4500);
    expect(d.appointmentsValue.thisWeek.days[0]).toBe(4500);
    // The no-show's kept deposit is takings, not held; the one being refunded is not held either.
    expect(d.depositsHeld).toEqual({ pence: 1500, appointments: 1 });
    expect(d.noShows.thisWeek).toBe(1);
    expect(d.noShows.lastWeek).toBe(0);
    expect(d.customers).toHaveLength(8);
    expect(d.customers.at(-1)!.monday).toBe(monday);
    const thisWeek = d.customers.at(-1)!;
    const lastWeek = d.customers.at(-2)!;
    expect(lastWeek).toMatchObject({ first: 1, returning: 0 });
    // Monday's groom is the number seen last Tuesday; everyone else this week is new.
    expect(thisWeek.returning).toBe(1);
    expect(d.sources.channels).toEqual([
      { channel: 'google ads', visits: 3, bookings: 1 },
      { channel: 'facebook ads', visits: 0, bookings: 0 },
      { channel: 'direct', visits: 1, bookings: 1 },
      { channel: 'other', visits: 0, bookings: 0 },
    ]);
    expect(d.sources.byPhone).toBe(1);
    // Every other booking made in this file was written without a visit.
    const [{ n }] = (await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE session_id IS NULL AND created_by IS NULL AND status <> 'expired'`,
    )) as [{ n: number }];
    expect(n).toBe(7);
    expect(d.sources.unattributed).toBe(n);
  });
});
