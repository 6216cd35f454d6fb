import { beforeAll, describe, expect, it } from 'vitest';
import * as finances from '../../netlify/functions/management-finances.ts';
import { isBankHoliday } from '../../src/domain/bank-holidays.ts';
import availabilityHandler from '../../netlify/functions/availability.ts';
import { AvailabilityResponseSchema } from '../../src/domain/booking-schemas.ts';
import { DashboardResponseSchema } from '../../src/domain/dashboard.ts';
import { FinancesResponseSchema } from '../../src/domain/finances.ts';
import { addDays, todayIn, weekdayOf } from '../../src/domain/london-time.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { seedDemoBusiness } from '../../src/server/seed.ts';
import { call, HOST, staffKey } from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const financesHandler = routed(finances);

/**
 * The living demo shop `npm start` seeds on a new database (decision 074): weeks of bookings that
 * obey the shop's own rules, takings the accounts agree with, and nothing sent for its history.
 */
useTestDatabase();
delete process.env.STRIPE_SECRET_KEY;

const TZ = 'Europe/London';
const now = new Date();
const today = todayIn(TZ, now);
let first: { seeded: string[]; notes: string[] };
let key: string;
beforeAll(async () => {
  first = await seedDemoBusiness({ living: true });
  ({ key } = await staffKey('Living Demo Tester'));
}, 60_000);

const one = async <T extends object>(sql: string, params: unknown[] = []) => (await query<T & object>(sql, params))[0]!;

describe('the living demo shop', () => {
  it('seeds customers with dogs and histories, and says so in one line', async () => {
    expect(first.seeded).toEqual([
      '1 demo staff member',
      expect.stringMatching(
        /^a living shop of 140 customers with \d+ dogs, \d+ bookings from .* full with 3 owners on its waitlist\)$/,
      ),
    ]);
    const people = await one<{
      customers: number;
      dogs: number;
      weighed: number;
      vaccinated: number;
      temperament: number;
    }>(
      `SELECT (SELECT count(*) FROM customers WHERE privileges < 2)::int AS customers,
              (SELECT count(*) FROM dogs)::int AS dogs,
              (SELECT count(DISTINCT dog_id) FROM dog_weights d WHERE (SELECT count(*) FROM dog_weights w WHERE w.dog_id = d.dog_id) > 1)::int AS weighed,
              (SELECT count(*) FROM dogs WHERE jsonb_array_length(vaccinations) > 0)::int AS vaccinated,
              (SELECT count(*) FROM dogs WHERE temperament <> '')::int AS temperament`,
    );
    expect(people.customers).toBe(140);
    expect(people.dogs).toBeGreaterThan(140);
    expect(people.weighed).toBeGreaterThan(10);
    expect(people.vaccinated).toBeGreaterThan(10);
    expect(people.temperament).toBeGreaterThan(10);
    const contacts = await query<{ phone: string; email: string }>(
      'SELECT phone, email FROM customers WHERE privileges < 2',
    );
    for (const c of contacts) {
      expect(c.phone).toMatch(/^\+447700900\d{3}$/);
      expect(c.email).toMatch(/^[a-z.]+@example\.com$/);
    }
  });

  it('fills three weeks back and two ahead on open days only, with a no-show, cancellations and a full day', async () => {
    const days = await query<{ day: string; n: number }>(
      `SELECT to_char(start_at AT TIME ZONE $1, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM bookings GROUP BY 1 ORDER BY 1`,
      [TZ],
    );
    expect(days[0]!.day >= addDays(today, -21)).toBe(true);
    expect(days.at(-1)!.day <= addDays(today, 14)).toBe(true);
    for (const { day } of days) {
      expect(weekdayOf(day)).not.toBe('sunday');
      expect(isBankHoliday(day)).toBe(false);
    }
    const counts = await one<{
      past: number;
      ahead: number;
      completed: number;
      no_show: number;
      cancelled: number;
      arrived_future: number;
    }>(
      `SELECT count(*) FILTER (WHERE end_at <= $1)::int AS past, count(*) FILTER (WHERE start_at > $1)::int AS ahead,
              count(*) FILTER (WHERE attendance = 'completed')::int AS completed,
              count(*) FILTER (WHERE attendance = 'no_show')::int AS no_show,
              count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
              count(*) FILTER (WHERE attendance IS NOT NULL AND start_at > $1)::int AS arrived_future
         FROM bookings`,
      [now],
    );
    expect(counts.past).toBeGreaterThan(100);
    expect(counts.ahead).toBeGreaterThan(30);
    expect(counts.completed).toBeGreaterThan(100);
    expect(counts).toMatchObject({ no_show: 1, cancelled: 2, arrived_future: 0 });
    // Every past visit that was not cancelled or a no-show was collected (today's may be at the table).
    const unmarked = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE status = 'confirmed' AND end_at <= $1 AND attendance IS NULL`,
      [now],
    );
    expect(unmarked.n).toBe(0);

    // The full day: every table taken from opening to closing, 9:00 to 18:00 on two tables.
    const full = await one<{ day: string; minutes: number }>(
      `SELECT to_char(start_at AT TIME ZONE $1, 'YYYY-MM-DD') AS day, sum(extract(epoch FROM end_at - start_at) / 60)::int AS minutes
         FROM bookings WHERE status = 'confirmed' AND start_at > $2 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
      [TZ, now],
    );
    expect(full.minutes).toBe(2 * 9 * 60);
    expect(full.day > addDays(today, 1) && full.day <= addDays(today, 8)).toBe(true);
  });

  it('has owners waiting for the full day, first asked first, and no free time there for any visit', async () => {
    const full = await one<{ day: string }>(
      `SELECT to_char(start_at AT TIME ZONE $1, 'YYYY-MM-DD') AS day FROM bookings WHERE status = 'confirmed' AND start_at > $2
        GROUP BY 1 ORDER BY sum(extract(epoch FROM end_at - start_at)) DESC LIMIT 1`,
      [TZ, now],
    );
    for (const service of ['full', 'nails']) {
      const res = await availabilityHandler(
        new Request(`${HOST}/v1.0.1/availability?service=${service}&from=${full.day}&days=1`),
      );
      const [day] = AvailabilityResponseSchema.parse(await res.json()).days;
      expect(day).toMatchObject({ date: full.day, open: true, slots: [] });
    }
    const waiting = await query<{ service_id: string; from_date: string; to_date: string; booked_ahead: number }>(
      `SELECT service_id, to_char(from_date, 'YYYY-MM-DD') AS from_date, to_char(to_date, 'YYYY-MM-DD') AS to_date,
              (SELECT count(*) FROM bookings b WHERE b.contact_phone = r.phone AND b.start_at > $1)::int AS booked_ahead
         FROM waitlist_requests r WHERE status = 'waiting' AND customer_id IS NOT NULL AND notify_text ORDER BY created_at, id`,
      [now],
    );
    expect(waiting.map((w) => w.service_id)).toEqual(['nails', 'shower', 'full']);
    for (const w of waiting) expect(w).toMatchObject({ from_date: full.day, to_date: full.day, booked_ahead: 0 });
  });

  it('books a dog every few weeks, not every few days', async () => {
    const soonest = await one<{ days: number }>(
      `SELECT min(b.start_at::date - a.start_at::date)::int AS days
         FROM bookings a JOIN bookings b ON b.dog_id = a.dog_id AND b.start_at > a.start_at`,
    );
    expect(soonest.days).toBeGreaterThanOrEqual(10);
  });

  it('never holds more bookings at once than there are tables', async () => {
    const worst = await one<{ n: number }>(
      `SELECT coalesce(max(n), 0)::int AS n FROM (
         SELECT (SELECT count(*) FROM bookings o WHERE o.status = 'confirmed' AND o.during @> b.start_at) AS n
           FROM bookings b WHERE b.status = 'confirmed') t`,
    );
    expect(worst.n).toBeGreaterThan(0);
    expect(worst.n).toBeLessThanOrEqual(2);
  });

  it('keeps the money columns and the accounts in agreement, and sends nothing for its history', async () => {
    const money = await one<{ movements: number; columns: number; deposits: number; quotes_agree: boolean }>(
      `SELECT (SELECT sum(pence) FROM money_movements)::int AS movements,
              (SELECT sum(deposit_paid_pence - deposit_refunded_pence + balance_paid_pence) FROM bookings)::int AS columns,
              (SELECT count(*) FROM bookings WHERE deposit_paid_pence > 0)::int AS deposits,
              (SELECT bool_and((quote ->> 'depositPence')::int = deposit_pence AND (quote ->> 'fromPricePence')::int = price_from_pence) FROM bookings) AS quotes_agree`,
    );
    expect(money.movements).toBe(money.columns);
    expect(money.movements).toBeGreaterThan(100_00);
    expect(money.deposits).toBeGreaterThan(5);
    expect(money.quotes_agree).toBe(true);
    const methods = await query<{ method: string }>(
      `SELECT DISTINCT balance_method AS method FROM bookings WHERE balance_method IS NOT NULL ORDER BY 1`,
    );
    expect(methods.map((m) => m.method)).toEqual(['card', 'cash']);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).n).toBe(0);
  });

  it('gives the dashboard and the finances figures to show', async () => {
    const dashboard = await call('GET', '/v1.0.1/management/dashboard', { key });
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    const d = DashboardResponseSchema.parse(dashboard.body);
    expect([...d.takings.thisWeek.days, ...d.takings.lastWeek.days].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(d.noShows.last28Days).toMatchObject({ noShows: 1 });
    expect(d.customers.some((w) => w.returning > 0)).toBe(true);
    expect(d.sources.byPhone).toBeGreaterThan(0);
    expect(d.sources.channels.some((c) => c.visits > 0 && c.bookings > 0)).toBe(true);

    const res = await (financesHandler as (req: Request) => Promise<Response>)(
      new Request(`${HOST}/v1.0.1/management/finances?from=${addDays(today, -21)}&to=${today}&by=week`, {
        headers: { 'x-access-key': key },
      }),
    );
    expect(res.status).toBe(200);
    const f = FinancesResponseSchema.parse(await res.json());
    expect(f.totals.cardPence).toBeGreaterThan(0);
    expect(f.totals.cashPence).toBeGreaterThan(0);
    expect(f.totals.depositsPence).toBeGreaterThan(0);
    expect(f.totals.refundsPence).toBeGreaterThan(0);
    expect(f.totals.noShows).toBe(1);
    expect(f.periods.filter((p) => p.takingsPence > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('seeds nothing the second time', async () => {
    const before = await one<{ b: number; c: number }>(
      'SELECT (SELECT count(*) FROM bookings)::int AS b, (SELECT count(*) FROM customers)::int AS c',
    );
    expect(await seedDemoBusiness({ living: true })).toEqual({ seeded: [], notes: [] });
    expect(
      await one('SELECT (SELECT count(*) FROM bookings)::int AS b, (SELECT count(*) FROM customers)::int AS c'),
    ).toEqual(before);
  });

  it('offers a time of the full day cancelled in the staff schedule to its first asked owner', async () => {
    // Waking hours all day, so the test does not depend on the hour it runs; that change's own freed
    // time is the whole horizon, which offers nothing (the full day is full, nobody waits elsewhere).
    await transaction((tx) =>
      updateBookingSettings(tx, {
        waitlist: { offersAtOnce: 3, offerMinutes: 60, wakingHours: { from: '00:00', to: '23:59' } },
      }),
    );
    const [first] = await query<{ id: string; phone: string }>(
      `SELECT id, phone FROM waitlist_requests WHERE status = 'waiting' ORDER BY created_at, id LIMIT 1`,
    );
    const [longest] = await query<{ id: string; day: string }>(
      `SELECT id, to_char(start_at AT TIME ZONE $1, 'YYYY-MM-DD') AS day FROM bookings
        WHERE status = 'confirmed' AND start_at > $2 AND waitlist_offer_id IS NULL
        ORDER BY (SELECT sum(extract(epoch FROM o.end_at - o.start_at)) FROM bookings o
                   WHERE o.status = 'confirmed' AND (o.start_at AT TIME ZONE $1)::date = (bookings.start_at AT TIME ZONE $1)::date) DESC,
                 end_at - start_at DESC, id
        LIMIT 1`,
      [TZ, now],
    );
    const cancelled = await call('POST', `/v1.0.1/management/bookings/${longest!.id}/cancel`, {
      key,
      body: { reason: 'Trying the waitlist' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [offer] = await query<{ kind: string; body_text: string }>(
      `SELECT kind, body_text FROM outbox WHERE recipient = $1 ORDER BY id`,
      [first!.phone],
    );
    expect(offer).toMatchObject({ kind: 'waitlist_offer' });
    expect(offer!.body_text).toContain(`/w/${first!.id}?offer=`);
  });
});
