import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import * as finances from '../../netlify/functions/management-finances.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { CSV_COLUMNS, DepositsResponseSchema, FinancesResponseSchema } from '../../src/domain/finances.ts';
import { todayIn } from '../../src/domain/london-time.ts';
import { startsFormula } from '../../src/domain/spreadsheet-cells.ts';
import { query, transaction } from '../../src/server/db.ts';
import { recordCounterBalance } from '../../src/server/money/ledger.ts';
import { settleRefund } from '../../src/server/payments/settle.ts';
import { stripeClient } from '../../src/server/payments/stripe.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { auditSince, call, insertBooking, lastAuditId, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const financesHandler = routed(finances);

/**
 * The Finances screen's endpoints: takings by day, week and month from the money rows (London
 * days), deposits and a staff refund through the real Stripe SDK against the local stand-in, and
 * the accountant's CSV read back with a CSV parser.
 */
process.env.STRIPE_SECRET_KEY = 'sk_test_staff_finances';
let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));

useTestDatabase({ seed: true });
const handler = financesHandler as Handler;
let key: string;
let staffId: string;
beforeAll(async () => {
  ({ key, id: staffId } = await staffMember('Finances Tester'));
});

const report = async (qs: string) => {
  const res = await call(handler, 'GET', `/v1.0.1/management/finances?${qs}`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return FinancesResponseSchema.parse(res.body);
};

// A July week in London (BST, UTC+1): Monday 6th to Sunday 12th.
let paidOnline: { bookingId: string };
let hacker: { bookingId: string };
beforeAll(async () => {
  paidOnline = await insertBooking({
    start: new Date('2026-07-08T09:00:00Z'),
    depositPaidPence: 1000,
    paymentIntent: 'pi_online_one',
    at: new Date('2026-07-06T10:00:00Z'),
    attendance: 'completed',
    balance: { pence: 3500, method: 'card', at: new Date('2026-07-08T11:00:00Z') },
  });
  await insertBooking({
    start: new Date('2026-07-08T13:00:00Z'),
    serviceId: 'shower',
    pricePence: 3000,
    promotionPence: 500,
    attendance: 'completed',
    balance: { pence: 2500, method: 'cash', at: new Date('2026-07-08T14:00:00Z') },
  });
  // 00:30 on Saturday the 11th in London: a Saturday's takings, not Friday's.
  hacker = await insertBooking({
    customer: { name: '=HYPERLINK("http://evil.example","Click")' },
    start: new Date('2026-07-10T22:00:00Z'),
    attendance: 'completed',
    balance: { pence: 4500, method: 'card', at: new Date('2026-07-10T23:30:00Z') },
  });
  await insertBooking({ start: new Date('2026-07-09T09:00:00Z'), attendance: 'no_show' });
  await insertBooking({ start: new Date('2026-07-09T12:00:00Z'), status: 'cancelled' });
  await insertBooking({
    start: new Date('2026-08-03T09:00:00Z'),
    depositPaidPence: 1500,
    paymentIntent: 'pi_online_two',
    at: new Date('2026-08-01T09:00:00Z'),
  });
});

describe('takings', () => {
  it('adds up each London day: deposits, card and cash, appointments, no-shows and the offer', async () => {
    const week = await report('from=2026-07-06&to=2026-07-12&by=day');
    expect(week.periods.map((p) => p.label)).toEqual([
      'Mon 6 Jul',
      'Tue 7 Jul',
      'Wed 8 Jul',
      'Thu 9 Jul',
      'Fri 10 Jul',
      'Sat 11 Jul',
      'Sun 12 Jul',
    ]);
    const byDay = Object.fromEntries(week.periods.map((p) => [p.start, p]));
    expect(byDay['2026-07-06']).toMatchObject({ depositsPence: 1000, takingsPence: 1000, appointments: 0 });
    expect(byDay['2026-07-08']).toMatchObject({
      cardPence: 3500,
      cashPence: 2500,
      takingsPence: 6000,
      appointments: 2,
      promotions: { count: 1, pence: 500 },
    });
    expect(byDay['2026-07-09']).toMatchObject({ appointments: 0, noShows: 1, takingsPence: 0 });
    // The 23:00 appointment on Friday was paid for at 00:30: Friday's appointment, Saturday's takings.
    expect(byDay['2026-07-10']).toMatchObject({ cardPence: 0, appointments: 1 });
    expect(byDay['2026-07-11']).toMatchObject({ cardPence: 4500, appointments: 0 });
    expect(week.totals).toEqual({
      depositsPence: 1000,
      refundsPence: 0,
      cardPence: 8000,
      cashPence: 2500,
      linkPence: 0,
      feesPence: 0,
      takingsPence: 11500,
      // Their prices whenever paid: £45, £30 less the £5 offer, £45 (the no-show and the cancelled left out).
      appointmentsValuePence: 11500,
      appointments: 3,
      noShows: 1,
      promotions: { count: 1, pence: 500 },
    });
    expect(week.onlinePayments).toBe(true);
  });

  it('adds up weeks from Monday and months from the 1st', async () => {
    const weeks = await report('from=2026-07-01&to=2026-08-09&by=week');
    expect(weeks.periods[0]).toMatchObject({ start: '2026-06-29', label: 'Week of 29 Jun', takingsPence: 0 });
    expect(weeks.periods.find((p) => p.start === '2026-07-06')).toMatchObject({ takingsPence: 11500 });
    expect(weeks.periods.find((p) => p.start === '2026-07-27')).toMatchObject({ depositsPence: 1500 });
    const months = await report('from=2026-07-01&to=2026-08-31&by=month');
    expect(months.periods.map((p) => [p.label, p.takingsPence])).toEqual([
      ['July 2026', 11500],
      ['August 2026', 1500],
    ]);
  });

  it('dates a corrected balance by the day it was taken, so each day says what the bookings now say', async () => {
    // Staff correct it on the 20th: it was cash. The counter writes the correction through the ledger.
    const correct = (method: 'card' | 'cash') =>
      transaction((tx) =>
        recordCounterBalance(tx, paidOnline.bookingId, { method, pence: 3500 }, new Date('2026-07-20T10:00:00Z'), null),
      );
    await correct('cash');
    const day = (await report('from=2026-07-08&to=2026-07-08')).periods[0]!;
    expect(day).toMatchObject({ cardPence: 0, cashPence: 6000, takingsPence: 6000 });
    expect((await report('from=2026-07-20&to=2026-07-20')).totals.takingsPence).toBe(0);
    await correct('card');
    expect((await report('from=2026-07-08&to=2026-07-08')).periods[0]).toMatchObject({
      cardPence: 3500,
      cashPence: 2500,
    });
  });

  it.each([
    ['a range that ends before it starts', 'from=2026-07-10&to=2026-07-01'],
    ['more than two years', 'from=2024-01-01&to=2026-01-03'],
    ['a period it does not know', 'from=2026-07-01&to=2026-07-02&by=year'],
    ['a date that does not exist', 'from=2026-02-30&to=2026-03-01'],
    ['no range', ''],
    ['an unknown parameter', 'from=2026-07-01&to=2026-07-02&shop=2'],
  ])('refuses %s', async (_name, qs) => {
    const res = await call(handler, 'GET', `/v1.0.1/management/finances?${qs}`, { key });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('deposits and refunds', () => {
  it('lists deposits paid in a range, newest first, a page at a time', async () => {
    const first = await call(
      handler,
      'GET',
      '/v1.0.1/management/finances/deposits?from=2026-07-01&to=2026-08-31&limit=1',
      { key },
    );
    const page1 = DepositsResponseSchema.parse(first.body);
    expect(page1.deposits.map((d) => d.paidPence)).toEqual([1500]);
    const page2 = DepositsResponseSchema.parse(
      (
        await call(
          handler,
          'GET',
          `/v1.0.1/management/finances/deposits?from=2026-07-01&to=2026-08-31&limit=1&cursor=${page1.nextCursor}`,
          { key },
        )
      ).body,
    );
    expect(page2.deposits).toEqual([
      expect.objectContaining({
        bookingId: paidOnline.bookingId,
        paidPence: 1000,
        refundablePence: 1000,
        customerName: 'Sam Jones',
        service: 'Full Groom',
      }),
    ]);
    expect(page2.nextCursor).toBeNull();
  });

  it('refunds a deposit through Stripe once: the money row, the audit row, and a second refund refused', async () => {
    const since = await lastAuditId();
    const sent = stripe.requests.length;
    const refundedFrom = todayIn(DEFAULT_BOOKING_SETTINGS.timeZone, new Date());
    const res = await call(handler, 'POST', '/v1.0.1/management/finances/refunds', {
      key,
      body: { bookingId: paidOnline.bookingId, amountPence: 800, reason: 'Dog unwell, goodwill' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      outcome: 'refunded',
      bookingId: paidOnline.bookingId,
      amountPence: 800,
      message: '£8.00 refunded to the card it was paid with.',
    });
    const refund = stripe.requests.slice(sent).find((r) => r.path === '/v1/refunds');
    expect(refund?.params.get('payment_intent')).toBe('pi_online_one');
    expect(refund?.params.get('amount')).toBe('800');
    expect(refund?.idempotencyKey).toBe(`refund-${paidOnline.bookingId}`);
    expect(
      await query('SELECT deposit_refunded_pence, refund_due_pence, refund_reason FROM bookings WHERE id = $1', [
        paidOnline.bookingId,
      ]),
    ).toEqual([{ deposit_refunded_pence: 800, refund_due_pence: 0, refund_reason: 'staff: Dog unwell, goodwill' }]);
    expect(
      await query(`SELECT kind, pence FROM money_movements WHERE booking_id = $1 AND kind = 'refund'`, [
        paidOnline.bookingId,
      ]),
    ).toEqual([{ kind: 'refund', pence: -800 }]);
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        staff_id: staffId,
        action: 'booking.refund',
        entity_id: paidOnline.bookingId,
        after: { refundDuePence: 800, reason: 'Dog unwell, goodwill' },
      }),
    ]);
    // The shop's day, not UTC's: from 23:00 UTC in summer London is on the next day (issue 28).
    const today = todayIn(DEFAULT_BOOKING_SETTINGS.timeZone, new Date());
    expect((await report(`from=${refundedFrom}&to=${today}`)).totals.refundsPence).toBe(800);

    const again = await call(handler, 'POST', '/v1.0.1/management/finances/refunds', {
      key,
      body: { bookingId: paidOnline.bookingId, reason: 'Twice' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_refunded');
  });

  it("records the refund as owed when Stripe fails, and the reconciler's settle makes it once", async () => {
    const { bookingId } = await insertBooking({
      start: new Date('2026-09-01T09:00:00Z'),
      depositPaidPence: 2000,
      paymentIntent: 'pi_fails',
    });
    stripe.failNext(1);
    const res = await call(handler, 'POST', '/v1.0.1/management/finances/refunds', {
      key,
      body: { bookingId, reason: 'Cancelled by phone' },
    });
    expect(res.status).toBe(202);
    expect(res.body.outcome).toBe('owed');
    expect(
      await query('SELECT refund_due_pence, deposit_refunded_pence FROM bookings WHERE id = $1', [bookingId]),
    ).toEqual([{ refund_due_pence: 2000, deposit_refunded_pence: 0 }]);
    expect(await settleRefund(stripeClient(), bookingId)).toBe('refunded');
    expect(
      await query('SELECT refund_due_pence, deposit_refunded_pence FROM bookings WHERE id = $1', [bookingId]),
    ).toEqual([{ refund_due_pence: 0, deposit_refunded_pence: 2000 }]);
  });

  it.each([
    [
      'more than was paid',
      async () =>
        (
          await insertBooking({
            start: new Date('2026-09-02T09:00:00Z'),
            depositPaidPence: 1000,
            paymentIntent: 'pi_more',
          })
        ).bookingId,
      { amountPence: 1001 },
      400,
    ],
    [
      'a booking with no deposit',
      async () => (await insertBooking({ start: new Date('2026-09-03T09:00:00Z') })).bookingId,
      {},
      409,
    ],
    ['a booking that does not exist', async () => 'A'.repeat(22), {}, 404],
    ['no reason', async () => hacker.bookingId, { reason: '' }, 400],
    ['pounds for pence', async () => hacker.bookingId, { amountPence: 10.5 }, 400],
  ])('refuses %s and writes nothing', async (_name, booking, extra, status) => {
    const bookingId = await booking();
    const before = JSON.stringify(
      await query('SELECT id, refund_due_pence, deposit_refunded_pence, updated_at FROM bookings ORDER BY id'),
    );
    const audits = await lastAuditId();
    const res = await call(handler, 'POST', '/v1.0.1/management/finances/refunds', {
      key,
      body: { bookingId, reason: 'Test', ...extra },
    });
    expect(res.status).toBe(status);
    expect(
      JSON.stringify(
        await query('SELECT id, refund_due_pence, deposit_refunded_pence, updated_at FROM bookings ORDER BY id'),
      ),
    ).toBe(before);
    expect(await lastAuditId()).toBe(audits);
  });
});

describe("the accountant's CSV", () => {
  it('lists every money row of the range in London time, formula-safe, with negative refunds as numbers', async () => {
    const res = await call(handler, 'GET', '/v1.0.1/management/finances/takings.csv?from=2026-07-01&to=2026-07-31', {
      key,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="leyton-dog-grooming-takings-2026-07-01-to-2026-07-31.csv"',
    );
    // A byte order mark first, so Excel reads the file as UTF-8 (Response.text() would hide it).
    const raw = await (handler(
      new Request('http://localhost/v1.0.1/management/finances/takings.csv?from=2026-07-01&to=2026-07-31', {
        headers: { 'x-access-key': key },
      }),
    ) as Promise<Response>);
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(res.text, { bom: true, columns: true }) as Record<(typeof CSV_COLUMNS)[number], string>[];
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    expect(rows.map((r) => [r.Date, r.Time, r.Type, r.Method, r['Amount (GBP)']])).toEqual([
      ['2026-07-06', '11:00', 'Deposit', 'Online (Stripe)', '10.00'],
      ['2026-07-08', '12:00', 'Balance', 'Card in shop', '35.00'],
      // The correction made and undone in a test above, dated by the day the balance was taken.
      ['2026-07-08', '12:00', 'Balance correction', 'Card in shop', '-35.00'],
      ['2026-07-08', '12:00', 'Balance', 'Cash', '35.00'],
      ['2026-07-08', '12:00', 'Balance correction', 'Cash', '-35.00'],
      ['2026-07-08', '12:00', 'Balance', 'Card in shop', '35.00'],
      ['2026-07-08', '15:00', 'Balance', 'Cash', '25.00'],
      ['2026-07-11', '00:30', 'Balance', 'Card in shop', '45.00'],
    ]);
    const evil = rows.find((r) => r.Booking === hacker.bookingId)!;
    expect(evil.Customer).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(evil.Appointment).toBe('2026-07-10 23:00');
    expect(rows.find((r) => r.Type === 'Deposit')!['Stripe payment']).toBe('pi_online_one');
  });

  it('runs nothing in a spreadsheet that reads it with semicolons or tabs instead of commas', async () => {
    const names = ['x;=1+1', 'a\t=HYPERLINK("http://evil.example","Click")', 'Jo; "+cmd|calc"', 'Al|@SUM(1)'];
    for (const [i, name] of names.entries()) {
      await insertBooking({
        customer: { name },
        start: new Date(`2026-09-0${i + 1}T09:00:00Z`),
        attendance: 'completed',
        balance: { pence: 4500, method: 'card', at: new Date(`2026-09-0${i + 1}T10:00:00Z`) },
      });
    }
    const res = await call(handler, 'GET', '/v1.0.1/management/finances/takings.csv?from=2026-09-01&to=2026-09-30', {
      key,
    });
    expect(res.status).toBe(200);
    // The comma reading the file is written for: each name whole, in its own cell.
    const rows = parse(res.text, { bom: true, columns: true }) as Record<(typeof CSV_COLUMNS)[number], string>[];
    expect(rows.map((r) => r.Customer)).toEqual([
      "x;'=1+1",
      'a\t\'=HYPERLINK("http://evil.example","Click")',
      'Jo;\' "+cmd|calc"',
      "Al|'@SUM(1)",
    ]);
    // Every other reading a spreadsheet locale may make: no cell starts a formula (amounts are numbers).
    // Every other reading a spreadsheet locale may make, minding quotes or not: no cell starts a
    // formula (amounts are numbers).
    for (const delimiter of [',', ';', '\t', '|']) {
      for (const quote of ['"', false] as const) {
        const cells = (
          parse(res.text, { bom: true, delimiter, quote, relax_quotes: true, relax_column_count: true }) as string[][]
        ).flat();
        expect(cells.length).toBeGreaterThan(names.length);
        expect(cells.filter(startsFormula), `read with ${JSON.stringify({ delimiter, quote })}`).toEqual([]);
      }
    }
  });

  it('refuses a range it cannot make', async () => {
    expect(
      (await call(handler, 'GET', '/v1.0.1/management/finances/takings.csv?from=2026-07-31&to=2026-07-01', { key }))
        .status,
    ).toBe(400);
    expect((await call(handler, 'GET', '/v1.0.1/management/finances/takings.csv', { key })).status).toBe(400);
  });
});
