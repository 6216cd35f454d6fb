import { beforeAll, describe, expect, it } from 'vitest';
import * as balanceLinks from '../../netlify/functions/management-balance-links.ts';
import * as finances from '../../netlify/functions/management-finances.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import * as visitStatus from '../../netlify/functions/visit-status.ts';
import { BalanceLinkResponseSchema } from '../../src/domain/balance-link.ts';
import { query } from '../../src/server/db.ts';
import { signedEvent, type FakeStripe } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The balance by a payment link (decision 096) through the real handlers, a migrated database and the
 * Stripe stand-in: the link carries the server's sum and metadata, the owner is texted it, the webhook
 * records the balance once (online, in Finances), an expired link can be sent again, card at the
 * counter closes the link, and a payment after the counter's is told to staff, never counted twice.
 */
const WEBHOOK_SECRET = 'whsec_test_balance_link';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_balance_link';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const handler = routed(balanceLinks);
const managementFinances = routed(finances);
let staff: { id: string; key: string };
beforeAll(async () => {
  staff = await staffKey('Balance Groomer');
  await query(`UPDATE customers SET phone = '+447700900999' WHERE id = $1`, [staff.id]);
});

// Visits of days gone by (a visit can be completed from its own morning on), each an hour of its own:
// three weeks back from the run's clock, where a fixed date grows older by the day (issue 28).
let hour = 0;
const HOUR = 3600_000;
const visit = (totalFromPence = 4500, depositPaidPence = 0) =>
  rawBooking({
    start: new Date(Math.floor(Date.now() / HOUR) * HOUR - (21 * 24 + hour++) * HOUR),
    phone: '+447700900555',
    dog: 'Nell',
    totalFromPence,
    depositPaidPence,
  }).then((b) => b.id);

async function link(method: 'GET' | 'POST', id: string, key: string | null = staff.key) {
  const res = await handler(
    new Request(`${API}/management/bookings/${id}/balance-link`, {
      method,
      headers: {
        ...(key ? { 'x-access-key': key } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: '{}' } : {}),
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

async function webhook(type: string, session: Record<string, unknown>, signature?: string) {
  const signed = signedEvent(WEBHOOK_SECRET, type, session);
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signature ?? signed.signature },
      body: signed.body,
    }),
  );
  return { status: res.status, body: (await res.json()) as { outcome?: string } };
}

const sessionOf = async (id: string) =>
  (
    await query<{ session_id: string; status: string }>(
      'SELECT session_id, status FROM balance_links WHERE booking_id = $1 ORDER BY attempt DESC LIMIT 1',
      [id],
    )
  )[0]!;
const balanceOf = async (id: string) =>
  (
    await query<{ balance_paid_pence: number; balance_method: string | null; attendance: string | null }>(
      'SELECT balance_paid_pence, balance_method, attendance FROM bookings WHERE id = $1',
      [id],
    )
  )[0]!;
const paidEvent = (sessionId: string, id: string, pence: number) => ({
  id: sessionId,
  status: 'complete',
  payment_status: 'paid',
  amount_total: pence,
  payment_intent: `pi_test_balance_${id.slice(0, 8)}`,
  metadata: { booking_id: id, purpose: 'balance' },
});

describe('a payment link for the balance', () => {
  it('is made for the server’s balance due with its metadata, the visit completed and the owner texted', async () => {
    const id = await visit(4500, 1000);
    const sent = await link('POST', id);
    expect(sent.status).toBe(200);
    const state = BalanceLinkResponseSchema.parse(sent.body);
    expect(state.link).toMatchObject({ pence: 3500, status: 'sent' });
    expect(state.link!.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const made = stripe.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.params.get('metadata[booking_id]') === id,
    );
    expect(made).toHaveLength(1);
    const params = made[0]!.params;
    expect(params.get('mode')).toBe('payment');
    expect(params.get('line_items[0][price_data][currency]')).toBe('gbp');
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('3500');
    expect(params.get('metadata[purpose]')).toBe('balance');
    expect(params.get('success_url')).toBe(`https://shop.example/b/${id}`);
    const expiresIn = Number(params.get('expires_at')) * 1000 - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3600_000);
    expect(expiresIn).toBeLessThan(24 * 3600_000);
    expect(made[0]!.idempotencyKey).toBe(`balance-link-${id}-1`);
    expect((await balanceOf(id)).attendance).toBe('completed');
    const texts = await query<{ channel: string; body_text: string }>(
      `SELECT channel, body_text FROM outbox WHERE booking_id = $1 AND kind = 'balance_link' ORDER BY channel`,
      [id],
    );
    expect(texts.map((t) => t.channel)).toEqual(['email', 'sms']);
    expect(texts[1]!.body_text).toContain(`Nell's groom, £35.00 left to pay. Pay on your phone: ${state.link!.url}`);
  });

  it('paid: the balance is recorded once, online, in Finances, however often Stripe repeats the event', async () => {
    const id = await visit(4500);
    await link('POST', id);
    const { session_id } = await sessionOf(id);
    for (let i = 0; i < 2; i++) {
      const answer = await webhook('checkout.session.completed', paidEvent(session_id, id, 4500));
      expect(answer.body.outcome).toBe(i === 0 ? 'balance_paid' : 'balance_known');
    }
    expect(await balanceOf(id)).toMatchObject({ balance_paid_pence: 4500, balance_method: 'online' });
    // Back on /b/{id} from Stripe, the owner's page thanks them.
    const status = await routed(visitStatus)(new Request(`${API}/bookings/${id}/status`));
    expect(await status.json()).toMatchObject({ dogs: [{ name: 'Nell', stage: 'completed' }], balancePaid: true });
    const moves = await query<{ method: string; pence: number }>(
      `SELECT method, pence FROM money_movements WHERE booking_id = $1 AND kind = 'balance'`,
      [id],
    );
    expect(moves).toEqual([{ method: 'link', pence: 4500 }]);
    const state = await link('GET', id);
    expect(state.body.link).toMatchObject({ status: 'paid', paidTwice: false });
    expect(state.body.sendable).toBe(false);
    // The counter cannot overwrite a balance Stripe holds.
    const card = await call('POST', `/v1.0.1/management/bookings/${id}/attendance`, {
      key: staff.key,
      body: { attendance: 'completed', balance: { pence: 4500, method: 'card' } },
    });
    expect(card.status).toBe(409);
    // Taken when paid (today), whichever day the visit was.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const finances = await managementFinances(
      new Request(`${API}/management/finances?from=${day(-1)}&to=${day(1)}&by=day`, {
        headers: { 'x-access-key': staff.key },
      }),
    );
    const figures = (await finances.json()) as { totals: { linkPence: number; takingsPence: number } };
    expect(figures.totals.linkPence).toBeGreaterThanOrEqual(4500);
    // The accountant's CSV names the method.
    const csv = await (
      await managementFinances(
        new Request(`${API}/management/finances/takings.csv?from=${day(-1)}&to=${day(1)}`, {
          headers: { 'x-access-key': staff.key },
        }),
      )
    ).text();
    const line = csv.split('\n').find((l) => l.includes(id));
    expect(line).toMatch(/,Balance,Payment link \(Stripe\),45(\.00)?,/);
  });

  it('expired: the link says so and staff can send another', async () => {
    const id = await visit();
    await link('POST', id);
    const { session_id } = await sessionOf(id);
    const expired = await webhook('checkout.session.expired', {
      id: session_id,
      status: 'expired',
      payment_status: 'unpaid',
      metadata: { booking_id: id, purpose: 'balance' },
    });
    expect(expired.body.outcome).toBe('balance_expired');
    const state = (await link('GET', id)).body;
    expect(state).toMatchObject({ sendable: true, link: { status: 'expired' } });
    const again = await link('POST', id);
    expect(again.body.link).toMatchObject({ status: 'sent' });
    expect((await sessionOf(id)).session_id).not.toBe(session_id);
  });

  it('card at the counter after a link closes its Checkout page; paid online after that is told to staff, not counted', async () => {
    const id = await visit();
    await link('POST', id);
    const { session_id } = await sessionOf(id);
    const card = await call('POST', `/v1.0.1/management/bookings/${id}/attendance`, {
      key: staff.key,
      body: { attendance: 'completed', balance: { pence: 4500, method: 'card' } },
    });
    expect(card.status).toBe(200);
    expect(stripe.requests.some((r) => r.path === `/v1/checkout/sessions/${session_id}/expire`)).toBe(true);
    expect((await sessionOf(id)).status).toBe('cancelled');
    // The owner had the page open and paid a moment before it closed.
    const late = await webhook('checkout.session.completed', paidEvent(session_id, id, 4500));
    expect(late.body.outcome).toBe('balance_paid_twice');
    expect(await balanceOf(id)).toMatchObject({ balance_paid_pence: 4500, balance_method: 'card' });
    const alerts = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE booking_id = $1 AND kind = 'staff_balance_paid_twice'`,
      [id],
    );
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts[0]!.body_text).toContain('after it was taken at the counter by card');
    expect((await webhook('checkout.session.completed', paidEvent(session_id, id, 4500))).body.outcome).toBe(
      'balance_known',
    );
  });

  it('a stranger cannot make a link nor mark one paid without Stripe’s signature', async () => {
    const id = await visit();
    expect((await link('POST', id, null)).status).toBe(401);
    expect((await link('GET', id, null)).status).toBe(401);
    await link('POST', id);
    const { session_id } = await sessionOf(id);
    const forged = await webhook('checkout.session.completed', paidEvent(session_id, id, 4500), 't=1,v1=forged');
    expect(forged.status).toBe(400);
    expect(await balanceOf(id)).toMatchObject({ balance_paid_pence: 0, balance_method: null });
  });

  it('with no online payments the link is refused in words', async () => {
    const id = await visit();
    const original = process.env;
    process.env = { ...original, STRIPE_SECRET_KEY: '' };
    try {
      const state = await link('GET', id);
      expect(state.body).toMatchObject({ sendable: false, reason: expect.stringMatching(/not set up/) });
      const refused = await link('POST', id);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/Online payments are not set up/);
    } finally {
      process.env = original;
    }
  });
});
