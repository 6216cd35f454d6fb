import { formulaSafeCell } from '../../src/domain/spreadsheet-cells.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import * as bookingModule from '../../netlify/functions/booking.ts';
import * as balanceLinks from '../../netlify/functions/management-balance-links.ts';
import * as financesModule from '../../netlify/functions/management-finances.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import { BookingViewSchema } from '../../src/domain/booking-api-schemas.ts';
import { DashboardResponseSchema } from '../../src/domain/dashboard.ts';
import { CSV_COLUMNS, FinancesResponseSchema, type Figures } from '../../src/domain/finances.ts';
import { columnsTotal } from '../../src/domain/ledger.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { mondayOf, ScheduleBookingSchema } from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { recordMoney } from '../../src/server/money/ledger.ts';
import { signedEvent, signedObjectEvent } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { insertBooking } from '../helpers/staff-records.ts';
import { call, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * One ledger for money (issue 29, docs/decisions/100): every pound in or out is one row of
 * money_movements, written by src/server/money/ledger.ts alone, and Finances, its CSV, the dashboard,
 * the staff booking window and the owner's page all read it, through the real handlers, a migrated
 * database and the Stripe stand-in.
 *
 * The week is the run's own (decision 097): last week's Monday a deposit is paid for that Wednesday's
 * groom, which is paid by card at the counter; another groom of that Wednesday, £20 "from", gets a
 * £15 matting surcharge agreed by link and is paid £35 by the owner's payment link (today); a deposit
 * is refunded today. Before the ledger, Finances dated the deposit on Monday and the dashboard on
 * Wednesday, Finances' rows hid the £35 paid by link, and the owner's page said "Total, from £20.00".
 */
const WEBHOOK_SECRET = 'whsec_test_money_ledger';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_money_ledger';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;

// The Stripe stand-in answers the staff refund and the link's Checkout page.
useFakeStripe(() => undefined);
useTestDatabase({ seed: true });

const TZ = 'Europe/London';
const API = 'http://localhost/v1.0.1';
const finances = routed(financesModule);
const links = routed(balanceLinks);
const bookings = routed(bookingModule);

let staff: { id: string; key: string };
const today = todayIn(TZ, new Date());
const lastMonday = addDays(mondayOf(today), -7);
const sunday = addDays(mondayOf(today), 6);
const at = (date: string, time: string) => zonedDateTimeToInstant(date, time, TZ);

const get = async (handler: (r: Request) => Promise<Response>, path: string) => {
  const res = await handler(new Request(`${API}${path}`, { headers: { 'x-access-key': staff.key } }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return text;
};
const report = async (from: string, to: string, by = 'day') =>
  FinancesResponseSchema.parse(JSON.parse(await get(finances, `/management/finances?from=${from}&to=${to}&by=${by}`)));
const csvRows = async (from: string, to: string) =>
  parse(await get(finances, `/management/finances/takings.csv?from=${from}&to=${to}`), {
    bom: true,
    columns: true,
  }) as Record<(typeof CSV_COLUMNS)[number], string>[];

async function webhook(type: string, object: Record<string, unknown>, session = true) {
  const signed = session ? signedEvent(WEBHOOK_SECRET, type, object) : signedObjectEvent(WEBHOOK_SECRET, type, object);
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signed.signature },
      body: signed.body,
    }),
  );
  return (await res.json()) as { outcome?: string };
}

const ledgerOf = (bookingId: string) =>
  query<{ kind: string; method: string; pence: number; stripe_ref: string | null }>(
    'SELECT kind, method, pence, stripe_ref FROM money_movements WHERE booking_id = $1 ORDER BY id',
    [bookingId],
  );

/** The owner agreed the surcharge by the texted link (decision 093): the check-in as it then stands. */
const agreedByLink = (bookingId: string, pence: number) =>
  query(
    `INSERT INTO check_ins (booking_id, checked_in_at, condition, tier_id, tier_label, tier_kind, surcharge_pence,
                            consent_method, consent_name, consented_at)
     VALUES ($1, now(), 'Matted behind the ears', 'heavy-matting', 'Heavy matting', 'matting', $2, 'link', 'Sam Smith', now())`,
    [bookingId, pence],
  );

/** Staff send the balance link (decision 096); answered with it and the event of its payment. */
async function sendLink(bookingId: string) {
  const sent = await links(
    new Request(`${API}/management/bookings/${bookingId}/balance-link`, {
      method: 'POST',
      headers: { 'x-access-key': staff.key, 'content-type': 'application/json' },
      body: '{}',
    }),
  );
  expect(sent.status, await sent.clone().text()).toBe(200);
  const [link] = await query<{ session_id: string; pence: number }>(
    `SELECT session_id, pence FROM balance_links WHERE booking_id = $1 ORDER BY attempt DESC LIMIT 1`,
    [bookingId],
  );
  const paid = {
    id: link!.session_id,
    status: 'complete',
    payment_status: 'paid',
    amount_total: link!.pence,
    payment_intent: `pi_test_link_${bookingId.slice(0, 10)}`,
    metadata: { booking_id: bookingId, purpose: 'balance' },
  };
  return { link: link!, paid };
}

/** The owner pays the link staff sent. */
async function payByLink(bookingId: string) {
  const { link, paid } = await sendLink(bookingId);
  return { link, paid, outcome: (await webhook('checkout.session.completed', paid)).outcome };
}

let byCard: string;
let byLink: string;
let refunded: string;
beforeAll(async () => {
  staff = await staffKey('Ledger Tester');
  // Last Wednesday's groom: its £10 deposit paid on Monday, £35 by card at the counter.
  byCard = (
    await rawBooking({
      start: at(addDays(lastMonday, 2), '10:00'),
      phone: '+447700900701',
      totalFromPence: 4500,
      depositPaidPence: 1000,
      createdAt: at(lastMonday, '09:00'),
    })
  ).id;
  const card = await call('POST', `/v1.0.1/management/bookings/${byCard}/attendance`, {
    key: staff.key,
    body: { attendance: 'completed', balance: { pence: 3500, method: 'card' } },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  // The visit: £20 "from", £15 matting agreed by link, paid £35 by the owner's link.
  byLink = (
    await rawBooking({
      start: at(addDays(lastMonday, 2), '12:00'),
      phone: '+447700900702',
      dog: 'Biscuit',
      totalFromPence: 2000,
      attendance: 'arrived',
    })
  ).id;
  await agreedByLink(byLink, 1500);
  const { link, outcome } = await payByLink(byLink);
  expect(link.pence).toBe(3500);
  expect(outcome).toBe('balance_paid');
  // A deposit paid online on Monday for a visit ahead, given back by staff today.
  refunded = (
    await insertBooking({
      start: at(addDays(today, 9), '10:00'),
      depositPaidPence: 1500,
      paymentIntent: 'pi_test_ledger_refund',
      at: at(lastMonday, '18:00'),
    })
  ).bookingId;
  const refund = await finances(
    new Request(`${API}/management/finances/refunds`, {
      method: 'POST',
      headers: { 'x-access-key': staff.key, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId: refunded, reason: 'Moving away' }),
    }),
  );
  expect(refund.status).toBe(200);
});

const sumOf = (f: Omit<Figures, 'takingsPence'>) => columnsTotal(f);

describe('Finances and the dashboard', () => {
  it('agree on every day’s takings, dated by the day the money moved', async () => {
    const dashboard = DashboardResponseSchema.parse(
      (await call('GET', '/v1.0.1/management/dashboard', { key: staff.key })).body,
    );
    const byDay = await report(lastMonday, sunday);
    const dashboardDays = [...dashboard.takings.lastWeek.days, ...dashboard.takings.thisWeek.days];
    expect(byDay.periods.map((p) => p.takingsPence)).toEqual(dashboardDays);
    // Monday's deposits on Monday, where the money moved, not on Wednesday's appointments.
    expect(byDay.periods[0]).toMatchObject({ depositsPence: 2500, takingsPence: 2500 });
    // The value of the days' appointments is a second figure, the same on both: Wednesday's two grooms.
    const values = [...dashboard.appointmentsValue.lastWeek.days, ...dashboard.appointmentsValue.thisWeek.days];
    expect(byDay.periods.map((p) => p.appointmentsValuePence)).toEqual(values);
    expect(byDay.periods[2]!.appointmentsValuePence).toBe(4500 + 2000 + 1500);
  });
});

describe('Finances', () => {
  it('shows every method it counts, "Paid by link" included, and its columns add up to its total', async () => {
    const week = await report(lastMonday, sunday);
    for (const p of [...week.periods, week.totals]) expect(sumOf(p), JSON.stringify(p)).toBe(p.takingsPence);
    // Today's money (or tomorrow's, for a run that crosses midnight): the card, the link and the refund.
    const recent = week.periods.filter((p) => p.start >= today);
    expect(recent.reduce((sum, p) => sum + p.linkPence, 0)).toBe(3500);
    expect(recent.reduce((sum, p) => sum + p.cardPence, 0)).toBe(3500);
    expect(recent.reduce((sum, p) => sum + p.refundsPence, 0)).toBe(1500);
    expect(week.totals).toMatchObject({
      depositsPence: 2500,
      cardPence: 3500,
      linkPence: 3500,
      refundsPence: 1500,
      takingsPence: 2500 + 3500 + 3500 - 1500,
    });
    // By week and by month the same money.
    const weeks = await report(lastMonday, sunday, 'week');
    expect(weeks.totals.takingsPence).toBe(week.totals.takingsPence);
  });

  it('the CSV agrees: its amounts add up to the takings, and the link payment is named', async () => {
    const [week, rows] = await Promise.all([report(lastMonday, sunday), csvRows(lastMonday, sunday)]);
    const pence = rows.reduce((sum, r) => sum + Math.round(Number(r['Amount (GBP)']) * 100), 0);
    expect(pence).toBe(week.totals.takingsPence);
    // An id may start with "-": the CSV makes such a cell formula-safe.
    const link = rows.filter((r) => r.Booking === formulaSafeCell(byLink));
    expect(link).toEqual([
      expect.objectContaining({
        Type: 'Balance',
        Method: 'Payment link (Stripe)',
        'Amount (GBP)': '35.00',
        'Quoted (GBP)': '20.00',
        'Surcharge agreed (GBP)': '15.00',
      }),
    ]);
    expect(link[0]!['Stripe payment']).toMatch(/^pi_test_link_/);
  });
});

describe("a booking's money, the same everywhere", () => {
  it('the owner’s page shows the final price with the surcharge agreed, what was paid and what is due', async () => {
    const res = await bookings(new Request(`${API}/bookings/${byLink}`));
    expect(res.status).toBe(200);
    const view = BookingViewSchema.parse(await res.json());
    expect(view.money).toMatchObject({
      quotedPence: 2000,
      surchargePence: 1500,
      finalPricePence: 3500,
      paidPence: 3500,
      duePence: 0,
      overpaidPence: 0,
      lines: [{ label: 'Paid by payment link', pence: 3500, kind: 'balance', method: 'link' }],
    });
  });

  it('the staff window says what the owner’s page says', async () => {
    for (const id of [byLink, byCard]) {
      const res = await bookings(new Request(`${API}/bookings/${id}`));
      const owner = BookingViewSchema.parse(await res.json()).money!;
      const schedule = await call('GET', `/v1.0.1/management/schedule?from=${addDays(lastMonday, 2)}`, {
        key: staff.key,
      });
      const staffSees = (schedule.body.bookings as unknown[])
        .map((b) => ScheduleBookingSchema.parse(b))
        .find((b) => b.id === id)!;
      expect(staffSees.money).toEqual(owner);
      expect(staffSees.balanceDuePence).toBe(owner.duePence);
    }
  });

  it('a balance paid by link after the counter took it is takings, shown as paid twice until given back', async () => {
    const id = (
      await rawBooking({
        start: at(addDays(lastMonday, 3), '10:00'),
        phone: '+447700900703',
        totalFromPence: 4500,
        attendance: 'arrived',
      })
    ).id;
    // The link is out; the owner comes back and pays £45 by card at the counter, which closes the link's
    // page, but the owner had it open and pays it too.
    const { paid } = await sendLink(id);
    const card = await call('POST', `/v1.0.1/management/bookings/${id}/attendance`, {
      key: staff.key,
      body: { attendance: 'completed', balance: { pence: 4500, method: 'card' } },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect((await webhook('checkout.session.completed', paid)).outcome).toBe('balance_paid_twice');
    expect((await ledgerOf(id)).map((r) => [r.kind, r.method, r.pence])).toEqual([
      ['balance', 'card', 4500],
      ['balance', 'link', 4500],
    ]);
    const owner = BookingViewSchema.parse(await (await bookings(new Request(`${API}/bookings/${id}`))).json()).money!;
    expect(owner).toMatchObject({ finalPricePence: 4500, paidPence: 9000, overpaidPence: 4500, duePence: 0 });
    // Given back in Stripe's Dashboard: the refund's own event and the charge's both report it; one row.
    const refund = {
      id: 're_test_twice_back',
      object: 'refund',
      amount: 4500,
      status: 'succeeded',
      payment_intent: paid.payment_intent,
    };
    expect((await webhook('refund.created', refund, false)).outcome).toBe('balance_refund_recorded');
    const charge = {
      id: 'ch_test_twice_back',
      object: 'charge',
      amount_refunded: 4500,
      payment_intent: paid.payment_intent,
      refunds: { object: 'list', data: [refund], has_more: false },
    };
    expect((await webhook('charge.refunded', charge, false)).outcome).toBe('balance_refund_known');
    expect((await ledgerOf(id)).map((r) => [r.kind, r.pence])).toEqual([
      ['balance', 4500],
      ['balance', 4500],
      ['balance_refund', -4500],
    ]);
    const after = BookingViewSchema.parse(await (await bookings(new Request(`${API}/bookings/${id}`))).json()).money!;
    expect(after).toMatchObject({ paidPence: 4500, overpaidPence: 0 });
  });
});

describe('once per payment', () => {
  it('a replayed or repeated Stripe event does not write a second row', async () => {
    // The same paid link reported again under new event ids, and by its async twin.
    const { paid } = await payByLink(
      (
        await rawBooking({
          start: at(addDays(lastMonday, 4), '10:00'),
          phone: '+447700900704',
          totalFromPence: 3000,
          attendance: 'arrived',
        })
      ).id,
    );
    const bookingId = paid.metadata.booking_id;
    expect((await webhook('checkout.session.completed', paid)).outcome).toBe('balance_known');
    expect((await webhook('checkout.session.async_payment_succeeded', paid)).outcome).toBe('balance_known');
    expect(await ledgerOf(bookingId)).toEqual([
      { kind: 'balance', method: 'link', pence: 3000, stripe_ref: paid.payment_intent },
    ]);
    // The ledger itself refuses a second row for one Stripe object, kind and way, whoever asks.
    const again = await transaction((tx) =>
      recordMoney(tx, {
        bookingId,
        kind: 'balance',
        method: 'link',
        pence: 3000,
        at: new Date(),
        stripeRef: paid.payment_intent,
      }),
    );
    expect(again).toBe(false);
    expect(await ledgerOf(bookingId)).toHaveLength(1);
  });

  it('a deposit reported by two events for one payment is one row', async () => {
    const [held] = await query<{ id: string }>(
      `UPDATE bookings SET status = 'pending_payment', hold_expires_at = now() + interval '20 minutes',
              stripe_session_id = 'cs_test_ledger_twice', deposit_pence = 1000
        WHERE id = $1 RETURNING id`,
      [
        (
          await rawBooking({
            start: at(addDays(today, 10), '11:00'),
            phone: '+447700900705',
            status: 'confirmed',
          })
        ).id,
      ],
    );
    const id = held!.id;
    const session = {
      id: 'cs_test_ledger_twice',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 1000,
      payment_intent: 'pi_test_ledger_twice',
      metadata: { booking_id: id },
    };
    expect((await webhook('checkout.session.completed', session)).outcome).toBe('confirmed');
    expect((await webhook('checkout.session.async_payment_succeeded', session)).outcome).toBe('already_confirmed');
    expect((await webhook('checkout.session.completed', session)).outcome).toBe('already_confirmed');
    expect(await ledgerOf(id)).toEqual([
      { kind: 'deposit', method: 'online', pence: 1000, stripe_ref: 'pi_test_ledger_twice' },
    ]);
  });
});

describe('one writer', () => {
  it('nothing but src/server/money/ledger.ts writes money_movements', () => {
    const root = join(import.meta.dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|mts)$/.test(name)) files.push(path);
      }
    };
    for (const dir of ['src', 'netlify/functions', 'scripts']) walk(join(root, dir));
    const writers = files.filter((f) =>
      /(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+money_movements/i.test(readFileSync(f, 'utf8')),
    );
    expect(writers.map((f) => f.slice(root.length + 1))).toEqual(['src/server/money/ledger.ts']);
  });
});
