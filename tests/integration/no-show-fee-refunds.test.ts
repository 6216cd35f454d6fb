import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import * as managementCustomers from '../../netlify/functions/management-customers.ts';
import * as managementFinances from '../../netlify/functions/management-finances.ts';
import * as managementNoShows from '../../netlify/functions/management-no-shows.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import { CustomerRecordSchema } from '../../src/domain/customer-records.ts';
import { FinancesResponseSchema } from '../../src/domain/finances.ts';
import { todayIn } from '../../src/domain/london-time.ts';
import { NoShowFeeResponseSchema } from '../../src/domain/no-show-staff.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { signedEvent, signedObjectEvent, type FakeStripe } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { customerWithDeviceKey } from '../helpers/staff.ts';
import { auditRows, call, staffKey } from '../helpers/staff-schedule.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
// A booking id may start with '-' (base64url, 1 in 64): the CSV writes it formula-safe, as "'-…".
import { formulaSafeCell } from '../../src/domain/spreadsheet-cells.ts';

/**
 * Refunding a no-show fee (decision 081, "Refunding a fee") through the real handlers on a migrated
 * database and the Stripe stand-in: staff refund a paid fee once however often they tap, a refund
 * Stripe refuses is shown and not retried, a refund or a chargeback made in Stripe's Dashboard is the
 * fee's (never the deposit's) and counted once, and a no-show whose fee is held cannot be undone.
 */
const WEBHOOK_SECRET = 'whsec_test_fee_refunds';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_fee_refunds';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const noShows = routed(managementNoShows);
const finances = routed(managementFinances);
let staff: { id: string; key: string };

beforeAll(async () => {
  await transaction(async (tx) => {
    await updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } });
    await tx.query(
      `INSERT INTO customers (id, name, phone, email, privileges) VALUES ('staffrefunds1', 'Staff', '+447700900981', 'jo@shop.example', 2)`,
    );
  });
  staff = await staffKey('Refund Groomer');
});

async function staffCall(method: string, path: string, body?: unknown, key: string | null = staff.key) {
  const headers: Record<string, string> = {};
  if (key) headers['x-access-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const handler = path.startsWith('/management/finances') ? finances : noShows;
  const res = await handler(
    new Request(`${API}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
  );
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as any };
}
const feeState = async (id: string) =>
  NoShowFeeResponseSchema.parse((await staffCall('GET', `/management/bookings/${id}/no-show-fee`)).body);
const refundFee = (id: string, key: string | null = staff.key, body: unknown = {}) =>
  staffCall('POST', `/management/bookings/${id}/no-show-fee/refund`, body, key);
const undo = (id: string) =>
  call('POST', `/v1.0.1/management/bookings/${id}/attendance`, { key: staff.key, body: { attendance: null } });

let dayIndex = 0;
async function nextSlot(): Promise<string> {
  const res = await availabilityHandler(new Request(`${API}/availability?service=full`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  const day = days.filter((d) => d.open && d.slots.length >= 10)[dayIndex++];
  if (!day) throw new Error('out of days');
  return day.slots[5]!.start;
}
let n = 700;
async function send(signed: { body: string; signature: string }) {
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signed.signature },
      body: signed.body,
    }),
  );
  return ((await res.json()) as { outcome?: string }).outcome;
}
const event = (type: string, object: Record<string, unknown>, id?: string) =>
  send(signedObjectEvent(WEBHOOK_SECRET, type, object, id));

/** A booking paid online with the given test card, marked a no-show, and (with a card that pays) its fee charged. */
async function noShow(paymentMethod = 'pm_card_visa', charge = true) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: 'full',
        start: await nextSlot(),
        dog: { name: 'Pip', breedId: 'border-terrier', weightKg: 9, coat: 'wire' },
        owner: {
          name: 'Robin Oakes',
          phone: `07700 900${n++}`,
          email: 'robin@example.com',
          marketingConsent: false,
          acceptTerms: true,
        },
        idempotencyKey: randomUUID(),
      }),
    }),
  );
  expect(res.status).toBe(201);
  const { bookingId: id } = CreateBookingResponseSchema.parse(await res.json());
  const [row] = await query<{ stripe_session_id: string }>('SELECT stripe_session_id FROM bookings WHERE id = $1', [
    id,
  ]);
  const depositPi = `pi_test_${randomUUID().slice(0, 8)}`;
  stripe.pay(row!.stripe_session_id, depositPi, paymentMethod);
  const paid = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
    id: row!.stripe_session_id,
    status: 'complete',
    payment_status: 'paid',
    amount_total: 1000,
    payment_intent: depositPi,
    metadata: { booking_id: id },
  });
  expect(await send(paid)).toBe('confirmed');
  await query(`UPDATE bookings SET attendance = 'no_show' WHERE id = $1`, [id]);
  const { capPence } = await feeState(id);
  if (charge) await staffCall('POST', `/management/bookings/${id}/no-show-fee`, { pence: capPence });
  const [fee] = await query<{ payment_intent: string | null }>(
    'SELECT payment_intent FROM no_show_fees WHERE booking_id = $1',
    [id],
  );
  return { id, pence: capPence, depositPi, feePi: fee?.payment_intent ?? '' };
}
const refundCalls = (pi: string) =>
  stripe.requests.filter((r) => r.path === '/v1/refunds' && r.params.get('payment_intent') === pi);
const movements = (id: string) =>
  query<{ kind: string; pence: number }>('SELECT kind, pence FROM money_movements WHERE booking_id = $1 ORDER BY id', [
    id,
  ]);
const deposit = async (id: string) =>
  (
    await query<{ deposit_paid_pence: number; deposit_refunded_pence: number; dispute_id: string | null }>(
      'SELECT deposit_paid_pence, deposit_refunded_pence, dispute_id FROM bookings WHERE id = $1',
      [id],
    )
  )[0];
const today = () => todayIn('Europe/London', new Date());
async function totals() {
  const res = await staffCall('GET', `/management/finances?from=${today()}&to=${today()}`);
  expect(res.status).toBe(200);
  return FinancesResponseSchema.parse(res.body).totals;
}

describe('staff refund a paid no-show fee', () => {
  it('once however often they tap, taken back out on Finances and the CSV; the no-show is undone only after', async () => {
    const { id, pence, feePi } = await noShow();
    expect(pence).toBeGreaterThan(0);
    expect(await feeState(id)).toMatchObject({ refundable: true, fee: { status: 'paid', refundedPence: 0 } });

    // Undoing the no-show while the fee is held is refused, in the shop's words; nothing changes.
    const refused = await undo(id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `This no-show fee of £${(pence / 100).toFixed(2)} was paid. Refund it before undoing the no-show.`,
    );
    expect((await query('SELECT attendance FROM bookings WHERE id = $1', [id]))[0]).toEqual({ attendance: 'no_show' });

    const before = await totals();
    const [first, second] = await Promise.all([refundFee(id), refundFee(id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const done = await refundFee(id);
    expect(done.status).toBe(200);
    expect(NoShowFeeResponseSchema.parse(done.body)).toMatchObject({
      refundable: false,
      chargeable: false,
      fee: { status: 'refunded', refundedPence: pence, refund: null },
    });
    const sent = refundCalls(feePi);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe(`no-show-fee-refund-${id}-1`);
    expect(sent[0]!.params.get('amount')).toBe(String(pence));
    expect(sent[0]!.params.get('metadata[purpose]')).toBe('no_show_fee');
    expect((await auditRows(id)).filter((a) => a.action === 'booking.no_show_fee_refund')).toEqual([
      expect.objectContaining({ staff_id: staff.id, after: { refund: 'refunding', pence, attempt: 1 } }),
    ]);

    // Money: the fee in, the fee back out; the deposit untouched.
    expect(await movements(id)).toEqual([
      { kind: 'deposit', pence: 1000 },
      { kind: 'fee', pence },
      { kind: 'fee_refund', pence: -pence },
    ]);
    expect(await deposit(id)).toMatchObject({ deposit_paid_pence: 1000, deposit_refunded_pence: 0 });
    const after = await totals();
    expect(after.refundsPence - before.refundsPence).toBe(pence);
    expect(after.takingsPence - before.takingsPence).toBe(-pence);
    const csv = await staffCall('GET', `/management/finances/takings.csv?from=${today()}&to=${today()}`);
    expect(csv.status).toBe(200);
    const lines = (parse(csv.body as string, { bom: true }) as string[][]).filter((r) => r[5] === formulaSafeCell(id));
    expect(lines.map((r) => [r[2], r[4], r[9]])).toEqual([
      ['Deposit', '10.00', expect.stringMatching(/^pi_test_/)],
      ['No-show fee', (pence / 100).toFixed(2), feePi],
      ['No-show fee refund', (-pence / 100).toFixed(2), feePi],
    ]);

    // Stripe's own events of that refund (ours: metadata names the booking) count nothing twice, nor the deposit's.
    const refund = stripe.refunds.find((r) => r.payment_intent === feePi)!;
    expect(await event('refund.created', refund)).toBe('fee_refund_known');
    expect(
      await event('charge.refunded', { ...stripe.chargeOf(feePi), refunds: { data: [refund], has_more: false } }),
    ).toBe('fee_refund_known');
    expect(await movements(id)).toHaveLength(3);
    expect(await deposit(id)).toMatchObject({ deposit_refunded_pence: 0 });

    // The customer's record: what they paid is the deposit alone now.
    const [{ customer_id }] = (await query<{ customer_id: string }>('SELECT customer_id FROM bookings WHERE id = $1', [
      id,
    ])) as [{ customer_id: string }];
    const record = await routed(managementCustomers)(
      new Request(`${API}/management/customers/${customer_id}`, { headers: { 'x-access-key': staff.key } }),
    );
    expect(CustomerRecordSchema.parse(await record.json()).totals.paidPence).toBe(1000);

    // Refunded: the no-show may be undone, and the fee stays as history.
    expect((await undo(id)).status).toBe(200);
    expect(await query('SELECT status FROM no_show_fees WHERE booking_id = $1', [id])).toEqual([
      { status: 'refunded' },
    ]);
  });

  it('a refund Stripe refuses is shown to staff and tried again only when a person asks', async () => {
    const { id, pence, feePi } = await noShow();
    stripe.failNext(1);
    const tapped = await refundFee(id);
    expect(tapped.status).toBe(200);
    expect(NoShowFeeResponseSchema.parse(tapped.body)).toMatchObject({
      refundable: true,
      fee: {
        status: 'paid',
        refundedPence: 0,
        refund: {
          status: 'failed',
          failure: 'Stripe did not refund it: Simulated Stripe failure. Nothing was given back.',
        },
      },
    });
    // Looked at again later: still failed, nothing asked of Stripe again, nothing counted.
    expect((await feeState(id)).fee?.refund?.status).toBe('failed');
    expect(refundCalls(feePi)).toHaveLength(1);
    expect((await movements(id)).map((m) => m.kind)).toEqual(['deposit', 'fee']);
    expect((await undo(id)).status).toBe(409);

    // A person asks again: a new attempt under a new key.
    const again = await refundFee(id);
    expect(again.body.fee).toMatchObject({ status: 'refunded', refundedPence: pence, refund: null });
    expect(refundCalls(feePi).map((r) => r.idempotencyKey)).toEqual([
      `no-show-fee-refund-${id}-1`,
      `no-show-fee-refund-${id}-2`,
    ]);
  });
});

describe("Stripe's Dashboard and the fee", () => {
  it("a Dashboard refund is the fee's, counted once by its id, never more than the fee; one that fails is told to staff", async () => {
    const { id, pence, feePi } = await noShow();
    const part = stripe.dashboardRefund(feePi, 500);
    expect(await event('refund.created', part)).toBe('fee_refund_recorded');
    const charged = { ...stripe.chargeOf(feePi), refunds: { data: [part], has_more: false } };
    const chargeEvent = signedObjectEvent(WEBHOOK_SECRET, 'charge.refunded', charged);
    expect(await send(chargeEvent)).toBe('fee_refund_known');
    expect(await send(chargeEvent)).toBe('duplicate');
    expect(await event('refund.updated', part)).toBe('fee_refund_known');
    expect((await movements(id)).filter((m) => m.kind === 'fee_refund')).toEqual([{ kind: 'fee_refund', pence: -500 }]);
    expect(await deposit(id)).toMatchObject({ deposit_refunded_pence: 0 });
    expect(await query('SELECT 1 FROM stripe_refunds WHERE id = $1', [part.id])).toHaveLength(0);
    const state = await feeState(id);
    expect(state).toMatchObject({ refundable: true, fee: { status: 'paid', refundedPence: 500 } });
    expect((await undo(id)).body.error).toMatch(`fee of £${((pence - 500) / 100).toFixed(2)} was paid`);

    // More than is left, by another hand: counted up to the fee and no further.
    const rest = stripe.dashboardRefund(feePi, pence);
    expect(await event('refund.created', rest)).toBe('fee_refund_recorded');
    expect(await feeState(id)).toMatchObject({ refundable: false, fee: { status: 'refunded', refundedPence: pence } });
    expect((await movements(id)).filter((m) => m.kind === 'fee_refund').map((m) => m.pence)).toEqual([
      -500,
      -(pence - 500),
    ]);

    // The first fails after all: taken back into the fee, and every member of staff told of the fee's refund.
    expect(await event('refund.failed', stripe.failRefund(part.id as string))).toBe('fee_refund_failed');
    expect(await feeState(id)).toMatchObject({ fee: { status: 'paid', refundedPence: pence - 500 } });
    const told = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE booking_id = $1 AND kind = 'staff_refund_failed'`,
      [id],
    );
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.body_text).toContain('of a no-show fee (Robin Oakes) failed');
  });

  it('a chargeback on the fee tells staff, naming the no-show fee and the customer, and leaves the deposit alone', async () => {
    const { id, pence, feePi } = await noShow();
    const dispute = {
      id: `dp_test_${randomUUID().replace(/-/g, '')}`,
      object: 'dispute',
      amount: pence,
      currency: 'gbp',
      charge: stripe.chargeOf(feePi).id,
      payment_intent: feePi,
      reason: 'fraudulent',
      status: 'needs_response',
      evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86_400 },
    };
    expect(await event('charge.dispute.created', dispute)).toBe('fee_dispute_flagged');
    const tellings = () =>
      query<{ channel: string; recipient: string; body_text: string }>(
        `SELECT channel, recipient, body_text FROM outbox WHERE booking_id = $1 AND kind = 'staff_dispute_opened'`,
        [id],
      );
    const told = await tellings();
    expect(told.map((m) => `${m.channel} ${m.recipient}`)).toEqual(
      expect.arrayContaining(['sms +447700900981', 'email jo@shop.example']),
    );
    // The same dispute under another event id: nobody is told twice.
    expect(await event('charge.dispute.created', dispute)).toBe('fee_dispute_flagged');
    expect(await tellings()).toHaveLength(told.length);
    expect(told[0]!.body_text).toContain(
      `a customer (Robin Oakes) disputed a £${(pence / 100).toFixed(2)} no-show fee with their bank`,
    );
    expect(await deposit(id)).toMatchObject({ dispute_id: null, deposit_refunded_pence: 0 });
    expect((await feeState(id)).fee?.dispute).toBe('needs_response');
    expect(await event('charge.dispute.closed', { ...dispute, status: 'lost' })).toBe('fee_dispute_lost');
    expect(await event('charge.dispute.created', dispute)).toBe('fee_dispute_already_closed');
  });
});

describe('undoing a no-show and refusals', () => {
  it('a fee charging or on a payment link blocks the undo (said so); a failed charge does not', async () => {
    const sca = await noShow('pm_card_authenticationRequired');
    expect((await feeState(sca.id)).fee?.status).toBe('link_sent');
    const linked = await undo(sca.id);
    expect(linked.status).toBe(409);
    expect(linked.body.error).toMatch(/payment link for the no-show fee of £[\d.]+ was sent to the owner/);

    const charging = await noShow('pm_card_visa', false);
    await query(
      `INSERT INTO no_show_fees (booking_id, pence, status, created_at, updated_at) VALUES ($1, 500, 'charging', now(), now())`,
      [charging.id],
    );
    expect((await undo(charging.id)).body.error).toMatch(/being charged to the card just now/);
    expect((await refundFee(charging.id)).status).toBe(409);

    const declined = await noShow('pm_card_chargeDeclined');
    expect((await feeState(declined.id)).fee?.status).toBe('failed');
    expect((await undo(declined.id)).status).toBe(200);
  });

  it('refuses bad ids, strangers, customers, bodies and a fee never charged, with 4xx and nothing sent', async () => {
    const { id } = await noShow('pm_card_visa', false);
    const sentBefore = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
    expect((await refundFee('not-an-id')).status).toBe(404);
    expect((await refundFee('AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await refundFee(id, null)).status).toBe(401);
    const device = await customerWithDeviceKey('07700 900777');
    expect((await refundFee(id, device.key)).status).toBe(401);
    expect((await refundFee(id, staff.key, { pence: 100 })).status).toBe(400);
    const never = await refundFee(id);
    expect(never.status).toBe(409);
    expect(never.body.error).toBe('No no-show fee was taken for this booking, so there is nothing to refund.');
    const declined = await noShow('pm_card_chargeDeclined');
    const failed = await refundFee(declined.id);
    expect(failed.status).toBe(409);
    expect(failed.body.error).toBe('Only a no-show fee that was paid can be refunded.');
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(sentBefore);
  });
});
