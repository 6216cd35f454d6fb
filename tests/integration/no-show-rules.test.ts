import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as booking from '../../netlify/functions/booking.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import * as managementCustomers from '../../netlify/functions/management-customers.ts';
import * as managementNoShows from '../../netlify/functions/management-no-shows.ts';
import * as managementSettings from '../../netlify/functions/management-settings.ts';
import quoteHandler from '../../netlify/functions/quote.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import {
  AvailabilityResponseSchema,
  BookingViewSchema,
  CreateBookingResponseSchema,
  QuoteResponseSchema,
} from '../../src/domain/booking-schemas.ts';
import { CustomerRecordSchema } from '../../src/domain/customer-records.ts';
import { NoShowFeeResponseSchema, StrikesResponseSchema } from '../../src/domain/no-show-staff.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { signedEvent, type FakeStripe } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { customerWithDeviceKey } from '../helpers/staff.ts';
import { auditRows, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { fromTomorrow } from '../helpers/days.ts';

/**
 * The fair no-show rules (decision 081) through the real handlers on a migrated database and the
 * Stripe stand-in: strikes move a customer to paying in full, a waiver undoes one (audited), and staff
 * charge a no-show fee in one tap, with the SCA path through a payment link and a failed charge shown.
 */
const WEBHOOK_SECRET = 'whsec_test_no_show_rules';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_no_show_rules';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const noShows = routed(managementNoShows);
const settingsHandler = routed(managementSettings);
const bookingHandler = routed(booking);
let staff: { id: string; key: string };

beforeAll(async () => {
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
  staff = await staffKey('Fee Groomer');
});

async function staffCall(method: string, path: string, body?: unknown, key: string | null = staff.key) {
  const headers: Record<string, string> = {};
  if (key) headers['x-access-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const handler = path.startsWith('/management/settings') ? settingsHandler : noShows;
  const res = await handler(
    new Request(`${API}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

let dayIndex = 0;
async function nextSlot(): Promise<string> {
  const res = await availabilityHandler(new Request(`${API}/availability?service=full`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  const day = fromTomorrow(days).filter((d) => d.open && d.slots.length >= 10)[dayIndex++];
  if (!day) throw new Error('out of days');
  return day.slots[3]!.start;
}

let n = 500;
const phoneOf = () => `07700 900${n++}`;
async function quote(key?: string) {
  const res = await quoteHandler(
    new Request(`${API}/quote?service=full&weightKg=9`, { headers: key ? { 'x-access-key': key } : {} }),
  );
  expect(res.status).toBe(200);
  return QuoteResponseSchema.parse(await res.json());
}
async function book(phone: string, key?: string) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-access-key': key } : {}) },
      body: JSON.stringify({
        serviceId: 'full',
        start: await nextSlot(),
        dog: { name: 'Mabel', breedId: 'border-terrier', weightKg: 9, coat: 'wire' },
        owner: { name: 'Alex Smith', phone, email: 'alex@example.com', marketingConsent: false, acceptTerms: true },
        idempotencyKey: randomUUID(),
      }),
    }),
  );
  expect(res.status).toBe(201);
  return CreateBookingResponseSchema.parse(await res.json());
}
async function webhook(type: string, session: Record<string, unknown>) {
  const { body, signature } = signedEvent(WEBHOOK_SECRET, type, session);
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature }, body }),
  );
  return (await res.json()) as { outcome?: string };
}
/** A booking paid online with the given test card, then marked a no-show. */
async function noShowBooking(paymentMethod = 'pm_card_visa') {
  const made = await book(phoneOf());
  const [row] = await query<{ stripe_session_id: string; deposit_pence: number }>(
    'SELECT stripe_session_id, deposit_pence FROM bookings WHERE id = $1',
    [made.bookingId],
  );
  const pi = `pi_test_${randomUUID().slice(0, 8)}`;
  stripe.pay(row!.stripe_session_id, pi, paymentMethod);
  const paid = await webhook('checkout.session.completed', {
    id: row!.stripe_session_id,
    status: 'complete',
    payment_status: 'paid',
    amount_total: row!.deposit_pence,
    payment_intent: pi,
    metadata: { booking_id: made.bookingId },
  });
  expect(paid.outcome).toBe('confirmed');
  await query(`UPDATE bookings SET attendance = 'no_show' WHERE id = $1`, [made.bookingId]);
  return made.bookingId;
}
const feeRows = (id: string) =>
  query<{ pence: number; kind: string }>(
    `SELECT pence, kind FROM money_movements WHERE booking_id = $1 AND kind = 'fee'`,
    [id],
  );
const charges = (id: string) => stripe.paymentIntents.filter((p) => (p.metadata as any)?.booking_id === id);

describe('strikes and paying in full', () => {
  it('the third live strike moves the next quote and booking to the full price; a waiver moves it back, audited', async () => {
    const phone = phoneOf();
    const customer = await customerWithDeviceKey(phone);
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    await rawBooking({ start: day(60), customerId: customer.id, attendance: 'completed' });
    const strikes: Array<{ id: string }> = [];
    for (const ago of [40, 20])
      strikes.push(await rawBooking({ start: day(ago), customerId: customer.id, attendance: 'no_show' }));

    const two = await quote(customer.key);
    expect(two.rules?.standing).toBe('regular');
    expect(two.quote.depositPence).toBe(1000);

    strikes.push(await rawBooking({ start: day(5), customerId: customer.id, attendance: 'no_show' }));
    const three = await quote(customer.key);
    expect(three.rules?.standing).toBe('pay_in_full');
    expect(three.quote.depositPence).toBe(three.quote.totalFromPence);
    expect(three.quote.lines.at(-1)).toEqual({
      kind: 'deposit',
      label: 'Full price due now',
      pence: three.quote.totalFromPence,
    });
    expect(three.rules?.sentences[0]).toMatch(/we ask for the full price when you book/);
    // A stranger's quote says nothing of this customer.
    expect((await quote()).rules?.standing).toBe('new');

    const before = stripe.requests.length;
    const made = await book(phone, customer.key);
    expect(made.status).toBe('pending_payment');
    const [row] = await query<{ deposit_pence: number; fair_terms: any }>(
      'SELECT deposit_pence, fair_terms FROM bookings WHERE id = $1',
      [made.bookingId],
    );
    expect(row!.deposit_pence).toBe(three.quote.totalFromPence);
    expect(row!.fair_terms.standing).toBe('pay_in_full');
    const checkout = stripe.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(checkout.params.get('line_items[0][price_data][unit_amount]')).toBe(String(three.quote.totalFromPence));
    expect(checkout.params.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(checkout.params.get('custom_text[submit][message]')).toBe(row!.fair_terms.mandate);

    const listed = await staffCall('GET', `/management/customers/${customer.id}/strikes`);
    expect(listed.status).toBe(200);
    expect(StrikesResponseSchema.parse(listed.body)).toMatchObject({
      live: 3,
      standing: 'pay_in_full',
      payInFullAfter: 3,
    });

    const waived = await staffCall('POST', `/management/customers/${customer.id}/strikes/${strikes[0]!.id}/waive`, {
      reason: 'Her car broke down; she rang the next day',
    });
    expect(waived.status).toBe(200);
    expect(waived.body).toMatchObject({ live: 2, standing: 'regular' });
    expect(waived.body.strikes.find((s: any) => s.bookingId === strikes[0]!.id).waiver).toMatchObject({
      reason: 'Her car broke down; she rang the next day',
      by: 'Fee Groomer',
    });
    const audits = await auditRows(strikes[0]!.id);
    expect(audits).toEqual([expect.objectContaining({ action: 'customer.strike_waived', staff_id: staff.id })]);
    expect((await quote(customer.key)).quote.depositPence).toBe(1000);
    // Waiving again changes nothing and writes no second audit row.
    await staffCall('POST', `/management/customers/${customer.id}/strikes/${strikes[0]!.id}/waive`, {
      reason: 'again',
    });
    expect(await auditRows(strikes[0]!.id)).toHaveLength(1);
  });

  it('a merged record keeps its strikes: they are counted on the kept customer', async () => {
    const kept = await customerWithDeviceKey(phoneOf());
    const other = await rawBooking({ start: new Date(Date.now() - 3 * 86_400_000), attendance: 'no_show' });
    await query('UPDATE bookings SET customer_id = $1 WHERE customer_id = $2', [kept.id, other.customerId]);
    const listed = await staffCall('GET', `/management/customers/${kept.id}/strikes`);
    expect(listed.body.strikes.map((s: any) => s.bookingId)).toEqual([other.id]);
  });

  it("staff set the rules on the Settings endpoint; a new customer's deposit applies to a first booking", async () => {
    const saved = await staffCall('POST', '/management/settings', {
      newCustomerDeposit: { kind: 'fixed', pence: 2000 },
      noShowFee: { kind: 'fixed', pence: 2500 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ newCustomerDeposit: { kind: 'fixed', pence: 2000 } });
    const first = await quote();
    expect(first.quote.depositPence).toBe(2000);
    expect(first.rules?.sentences.join(' ')).toMatch(/we may charge £25, less what you have paid/);
    const refused = await staffCall('POST', '/management/settings', { noShowFee: { kind: 'percent', percent: 50 } });
    expect(refused.status).toBe(400);
    await staffCall('POST', '/management/settings', {
      newCustomerDeposit: { kind: 'none' },
      noShowFee: { kind: 'percent', percent: 50, capPence: 3000 },
    });
  });
});

describe('a no-show fee, charged by staff in one tap', () => {
  it('charges the saved card off session once, however often staff tap, and Finances counts it', async () => {
    const id = await noShowBooking();
    const [card] = await query<{ stripe_payment_method: string }>(
      'SELECT stripe_payment_method FROM bookings WHERE id = $1',
      [id],
    );
    expect(card!.stripe_payment_method).toBe('pm_card_visa');
    const state = NoShowFeeResponseSchema.parse(
      (await staffCall('GET', `/management/bookings/${id}/no-show-fee`)).body,
    );
    expect(state).toMatchObject({ card: true, chargeable: true, fee: null });
    expect(state.capPence).toBeGreaterThan(0);

    const [first, second] = await Promise.all([
      staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: state.capPence }),
      staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: state.capPence }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: state.capPence });
    expect(again.body.fee).toMatchObject({ status: 'paid', pence: state.capPence });
    expect(again.body.chargeable).toBe(false);
    expect(charges(id)).toHaveLength(1);
    const sent = stripe.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.params.get('metadata[booking_id]') === id,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.get('off_session')).toBe('true');
    expect(sent[0]!.params.get('confirm')).toBe('true');
    expect(sent[0]!.idempotencyKey).toBe(`no-show-fee-${id}-1`);
    expect(await feeRows(id)).toEqual([{ pence: state.capPence, kind: 'fee' }]);
    expect((await auditRows(id)).filter((a) => a.action === 'booking.no_show_fee')).toHaveLength(1);
    // The customer's record counts the fee in what they have paid, beside the deposit.
    const [owner] = await query<{ customer_id: string; deposit_paid_pence: number }>(
      'SELECT customer_id, deposit_paid_pence FROM bookings WHERE id = $1',
      [id],
    );
    const record = await routed(managementCustomers)(
      new Request(`${API}/management/customers/${owner!.customer_id}`, { headers: { 'x-access-key': staff.key } }),
    );
    expect(CustomerRecordSchema.parse(await record.json()).totals).toMatchObject({
      noShows: 1,
      paidPence: owner!.deposit_paid_pence + state.capPence,
    });
  });

  it('refuses a fee above the cap, a booking that is not a no-show, and a caller who is not staff', async () => {
    const id = await noShowBooking();
    const { capPence } = (await staffCall('GET', `/management/bookings/${id}/no-show-fee`)).body;
    const above = await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: capPence + 1 });
    expect(above.status).toBe(409);
    expect(above.body.error).toMatch(/The most this booking's rule allows is £/);

    await query(`UPDATE bookings SET attendance = 'completed' WHERE id = $1`, [id]);
    const attended = await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: 100 });
    expect(attended.status).toBe(409);
    expect(attended.body.error).toBe('Only a booking marked as a no-show can be charged a fee.');
    await query(`UPDATE bookings SET attendance = 'no_show' WHERE id = $1`, [id]);

    const stranger = await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: 100 }, null);
    expect(stranger.status).toBe(401);
    const device = await customerWithDeviceKey(phoneOf());
    const customer = await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: 100 }, device.key);
    expect(customer.status).toBe(401);
    const bad = await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: -5 });
    expect(bad.status).toBe(400);
    const waiveStranger = await staffCall(
      'POST',
      `/management/customers/${device.id}/strikes/${id}/waive`,
      { reason: 'x' },
      null,
    );
    expect(waiveStranger.status).toBe(401);
    expect(charges(id)).toHaveLength(0);
    expect(await query('SELECT 1 FROM no_show_fees WHERE booking_id = $1', [id])).toHaveLength(0);
  });

  it('when the bank asks for authentication, the owner is sent a payment link; paying it brings the fee in', async () => {
    const id = await noShowBooking('pm_card_authenticationRequired');
    const { capPence } = (await staffCall('GET', `/management/bookings/${id}/no-show-fee`)).body;
    const tapped = await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: capPence });
    expect(tapped.status).toBe(200);
    expect(tapped.body.fee).toMatchObject({ status: 'link_sent' });
    expect(tapped.body.fee.linkUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const messages = await query<{ channel: string; body_text: string }>(
      `SELECT channel, body_text FROM outbox WHERE booking_id = $1 AND kind = 'no_show_fee_link' ORDER BY channel`,
      [id],
    );
    expect(messages.map((m) => m.channel)).toEqual(['email', 'sms']);
    expect(messages[0]!.body_text).toContain(tapped.body.fee.linkUrl);
    expect(await feeRows(id)).toEqual([]);

    const [fee] = await query<{ link_session_id: string }>(
      'SELECT link_session_id FROM no_show_fees WHERE booking_id = $1',
      [id],
    );
    const session = {
      id: fee!.link_session_id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: capPence,
      payment_intent: 'pi_test_fee_link',
      metadata: { booking_id: id, purpose: 'no_show_fee' },
    };
    expect((await webhook('checkout.session.completed', session)).outcome).toBe('fee_paid');
    expect((await webhook('checkout.session.completed', session)).outcome).toBe('fee_known');
    expect(await feeRows(id)).toEqual([{ pence: capPence, kind: 'fee' }]);
    // The deposit is untouched by the fee's payment.
    const [row] = await query<{ deposit_paid_pence: number }>('SELECT deposit_paid_pence FROM bookings WHERE id = $1', [
      id,
    ]);
    expect(row!.deposit_paid_pence).toBe(1000);
  });

  it('a declined card is recorded and shown to staff, never tried again by itself', async () => {
    const id = await noShowBooking('pm_card_chargeDeclined');
    const { capPence } = (await staffCall('GET', `/management/bookings/${id}/no-show-fee`)).body;
    const tapped = await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: capPence });
    expect(tapped.body.fee).toMatchObject({
      status: 'failed',
      failure: 'The bank declined the card. Nothing was taken; talk to the owner.',
    });
    const shown = NoShowFeeResponseSchema.parse(
      (await staffCall('GET', `/management/bookings/${id}/no-show-fee`)).body,
    );
    expect(shown.fee?.status).toBe('failed');
    expect(shown.chargeable).toBe(true);
    expect(charges(id)).toHaveLength(1);
    expect(await feeRows(id)).toEqual([]);
  });
});

describe('the confirmation repeats the rules', () => {
  it("the booking's page and e-mail carry the terms the customer was shown", async () => {
    const made = await book(phoneOf());
    const res = await bookingHandler(new Request(`${API}/bookings/${made.bookingId}`));
    const view = BookingViewSchema.parse(await res.json());
    expect(view.rules?.sentences.join(' ')).toMatch(/If you miss your appointment without telling us/);
    await query(`UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL WHERE id = $1`, [made.bookingId]);
  });
});
