import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import * as finances from '../../netlify/functions/management-finances.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import {
  AvailabilityResponseSchema,
  CreateBookingResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { todayIn } from '../../src/domain/london-time.ts';
import { ScheduleResponseSchema } from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { createDepositCheckout } from '../../src/server/payments/checkout.ts';
import { stripeClient } from '../../src/server/payments/stripe.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { signedEvent, signedObjectEvent, type FakeStripe } from '../helpers/fake-stripe.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { call, staffKey } from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';
// A booking id may start with '-' (base64url, 1 in 64): the CSV writes it formula-safe, as "'-…".
import { formulaSafeCell } from '../../src/domain/spreadsheet-cells.ts';

const bookingChangesHandler = routed(bookingChanges);

/**
 * What a live Stripe account sends after the payment (docs/decisions/064): a bank payment that fails,
 * refunds made here or in Stripe's Dashboard (partial, repeated, failed), chargebacks opened and
 * closed. Every event is signed with the SDK's own test helper and sent through the real function;
 * every replay changes nothing.
 */
const WEBHOOK_SECRET = 'whsec_test_payment_events';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_payment_events';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));

useTestDatabase({ seed: true });

const STAFF = [
  { id: 'staffevents1', phone: '+447700900991', email: 'sam@shop.example' },
  { id: 'staffevents2', phone: '+447700900992', email: null },
];
beforeAll(async () => {
  await transaction(async (tx) => {
    await updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 }, capacity: 1 });
    for (const s of STAFF) {
      await tx.query(`INSERT INTO customers (id, name, phone, email, privileges) VALUES ($1, 'Staff', $2, $3, 2)`, [
        s.id,
        s.phone,
        s.email,
      ]);
    }
  });
});

const API = 'http://localhost/v1.0.1';
const financesHandler = routed(finances);
let dayIndex = 0;
async function nextSlot() {
  const res = await availabilityHandler(new Request(`${API}/availability?service=full`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  const dayAway = Date.now() + 48 * 3_600_000;
  const day = days.filter((d) => d.open && d.slots.length >= 10 && Date.parse(d.slots[0]!.start) > dayAway)[dayIndex++];
  if (!day) throw new Error('out of days');
  return { date: day.date, start: day.slots[0]!.start };
}
let n = 600;
function request(start: string): CreateBookingRequestInput {
  n++;
  return {
    serviceId: 'full',
    start,
    dog: { name: 'Biscuit', breedId: 'border-terrier', weightKg: 9, coat: 'wire' },
    owner: {
      name: 'Kim Lane',
      phone: `07700 900${n}`,
      email: `kim${n}@example.com`,
      marketingConsent: false,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
  };
}
async function book(start: string) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request(start)),
    }),
  );
  expect(res.status).toBe(201);
  return CreateBookingResponseSchema.parse(await res.json()).bookingId;
}
async function send(signed: { body: string; signature: string }) {
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signed.signature },
      body: signed.body,
    }),
  );
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: string } };
}
const event = (type: string, object: Record<string, unknown>, id?: string) =>
  send(signedObjectEvent(WEBHOOK_SECRET, type, object, id));

async function row(id: string) {
  const [r] = await query<{
    status: string;
    status_note: string | null;
    deposit_paid_pence: number;
    deposit_refunded_pence: number;
    refund_due_pence: number;
    refund_failed_pence: number;
    stripe_session_id: string;
    stripe_payment_intent: string | null;
    dispute_status: string | null;
    cells: number;
  }>(
    `SELECT status, status_note, deposit_paid_pence, deposit_refunded_pence, refund_due_pence, refund_failed_pence,
            stripe_session_id, stripe_payment_intent, dispute_status,
            (SELECT count(*)::int FROM booking_cells WHERE booking_id = b.id) AS cells
       FROM bookings b WHERE id = $1`,
    [id],
  );
  return r!;
}
const movements = async (id: string) =>
  (
    await query<{ kind: string; pence: number }>(
      'SELECT kind, pence FROM money_movements WHERE booking_id = $1 ORDER BY id',
      [id],
    )
  ).map((m) => `${m.kind} ${m.pence}`);
const outbox = (kindLike: string) =>
  query<{ kind: string; channel: string; recipient: string; body_text: string; booking_id: string | null }>(
    'SELECT kind, channel, recipient, body_text, booking_id FROM outbox WHERE kind LIKE $1 ORDER BY id',
    [kindLike],
  );

/** A booking paid through Checkout as a customer pays it: the page, the payment, Stripe's webhook. */
async function paidBooking() {
  const { start } = await nextSlot();
  const bookingId = await book(start);
  const { stripe_session_id: session } = await row(bookingId);
  const pi = `pi_test_${randomUUID().replace(/-/g, '')}`;
  stripe.pay(session, pi);
  const paid = await send(
    signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
      id: session,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 1000,
      payment_intent: pi,
      client_reference_id: bookingId,
      metadata: { booking_id: bookingId },
    }),
  );
  expect(paid.body.outcome).toBe('confirmed');
  return { bookingId, pi };
}

describe('checkout.session.async_payment_failed', () => {
  it('releases the hold and tells the customer the time is not booked, once', async () => {
    const { date, start } = await nextSlot();
    const bookingId = await book(start);
    const { stripe_session_id: session } = await row(bookingId);
    const base = {
      id: session,
      amount_total: 1000,
      client_reference_id: bookingId,
      metadata: { booking_id: bookingId },
    };
    // A bank payment: the page completes unpaid, and the hold waits for the bank.
    const completed = await send(
      signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
        ...base,
        status: 'complete',
        payment_status: 'unpaid',
      }),
    );
    expect(completed.body.outcome).toBe('awaiting_payment');
    expect(await row(bookingId)).toMatchObject({
      status: 'pending_payment',
      cells: 21 /* Biscuit, 9 kg: a small dog's full groom, 105 minutes */,
    });

    const failed = signedEvent(WEBHOOK_SECRET, 'checkout.session.async_payment_failed', {
      ...base,
      status: 'complete',
      payment_status: 'unpaid',
    });
    expect(await send(failed)).toEqual({ status: 200, body: { received: true, outcome: 'payment_failed_released' } });
    expect(await row(bookingId)).toMatchObject({
      status: 'expired',
      status_note: 'the bank payment of the deposit failed',
      deposit_paid_pence: 0,
      cells: 0,
    });
    const slots = AvailabilityResponseSchema.parse(
      await (await availabilityHandler(new Request(`${API}/availability?service=full&from=${date}&days=1`))).json(),
    ).days[0]!.slots.map((s) => s.start);
    expect(slots).toContain(start);
    const told = (await outbox('booking_payment_failed')).filter((m) => m.booking_id === bookingId);
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(told.find((m) => m.channel === 'email')!.body_text).toContain('https://shop.example/book');

    // Stripe sends it again: nothing more happens, nobody is told twice.
    expect((await send(failed)).body.outcome).toBe('duplicate');
    expect((await outbox('booking_payment_failed')).filter((m) => m.booking_id === bookingId)).toHaveLength(2);
  });
});

describe('refunds, ours and those made in Stripe’s Dashboard', () => {
  it('shows a partial Dashboard refund in Finances and on the booking, counted once whatever reports it', async () => {
    const { bookingId, pi } = await paidBooking();
    const first = stripe.dashboardRefund(pi, 400);
    const created = signedObjectEvent(WEBHOOK_SECRET, 'refund.created', first);
    expect((await send(created)).body.outcome).toBe('refund_recorded');
    expect(await row(bookingId)).toMatchObject({ deposit_paid_pence: 1000, deposit_refunded_pence: 400 });
    expect(await movements(bookingId)).toEqual(['deposit 1000', 'refund -400']);

    // The same refund again, under its charge's event and as a replay: nothing counted twice.
    expect((await event('charge.refunded', stripe.chargeOf(pi))).body.outcome).toBe('refund_known');
    expect((await send(created)).body.outcome).toBe('duplicate');
    expect((await event('refund.updated', first)).body.outcome).toBe('refund_known');

    // A second partial refund whose own event never came: the charge's event finds it at Stripe.
    stripe.dashboardRefund(pi, 600);
    const before = stripe.requests.length;
    expect((await event('charge.refunded', stripe.chargeOf(pi))).body.outcome).toBe('refund_recorded');
    expect(stripe.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/refunds']);
    expect(await row(bookingId)).toMatchObject({ deposit_refunded_pence: 1000, refund_due_pence: 0 });
    expect(await movements(bookingId)).toEqual(['deposit 1000', 'refund -400', 'refund -600']);

    // What the staff see: nothing left to refund from Finances, the booking's money as Stripe has it.
    const { key } = await staffKey();
    const { date } = {
      date: (
        await query<{ d: string }>(
          `SELECT to_char(start_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS d FROM bookings WHERE id = $1`,
          [bookingId],
        )
      )[0]!.d,
    };
    const schedule = await call('GET', `/v1.0.1/management/schedule?from=${date}&days=1`, { key });
    const seen = ScheduleResponseSchema.parse(schedule.body).bookings.find((b) => b.id === bookingId)!;
    expect(seen).toMatchObject({ depositHeldPence: 0, dispute: null, refundFailedPence: 0 });
  });

  it('does not count a refund we made twice when Stripe reports it too', async () => {
    const { bookingId, pi } = await paidBooking();
    const cancel = await bookingChangesHandler(
      new Request(`${API}/bookings/${bookingId}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(cancel.status).toBe(200);
    expect(await row(bookingId)).toMatchObject({
      status: 'cancelled',
      deposit_refunded_pence: 1000,
      refund_due_pence: 0,
    });
    const ours = stripe.refunds.filter((r) => r.payment_intent === pi);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.metadata).toMatchObject({ booking_id: bookingId });

    expect((await event('refund.created', ours[0]!)).body.outcome).toBe('refund_known');
    expect((await event('charge.refunded', stripe.chargeOf(pi))).body.outcome).toBe('refund_known');
    expect(await row(bookingId)).toMatchObject({ deposit_refunded_pence: 1000 });
    expect(await movements(bookingId)).toEqual(['deposit 1000', 'refund -1000']);
  });

  it('takes a refund that failed back out of the figures and tells every member of staff', async () => {
    const { bookingId, pi } = await paidBooking();
    const refund = stripe.dashboardRefund(pi, 1000);
    expect((await event('refund.created', { ...refund, status: 'pending' })).body.outcome).toBe('refund_recorded');
    expect(await row(bookingId)).toMatchObject({ deposit_refunded_pence: 1000 });

    const failed = stripe.failRefund(refund.id as string);
    expect((await event('refund.updated', failed)).body.outcome).toBe('refund_failed');
    expect(await row(bookingId)).toMatchObject({ deposit_refunded_pence: 0, refund_failed_pence: 1000 });
    expect(await movements(bookingId)).toEqual(['deposit 1000', 'refund -1000', 'refund 1000']);
    const told = (await outbox('staff_refund_failed')).filter((m) => m.booking_id === bookingId);
    expect(told.map((m) => `${m.channel} ${m.recipient}`).sort()).toEqual(
      expect.arrayContaining(['email sam@shop.example', 'sms +447700900991', 'sms +447700900992']),
    );
    expect(told[0]!.body_text).toContain('£10.00');
    expect(told[0]!.body_text).toContain('expired or canceled card');

    // refund.failed for the same change, and an older "succeeded" arriving late: nothing moves back.
    expect((await event('refund.failed', failed)).body.outcome).toBe('refund_known');
    expect((await event('refund.updated', { ...failed, status: 'succeeded' })).body.outcome).toBe('refund_stale');
    expect(await row(bookingId)).toMatchObject({ deposit_refunded_pence: 0, refund_failed_pence: 1000 });
    expect((await outbox('staff_refund_failed')).filter((m) => m.booking_id === bookingId)).toHaveLength(told.length);
  });
});

describe('chargebacks', () => {
  it('flags the booking for staff, tells every member once, and records how it closed', async () => {
    const { bookingId, pi } = await paidBooking();
    const dueBy = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const dispute = {
      id: `dp_test_${randomUUID().replace(/-/g, '')}`,
      object: 'dispute',
      amount: 1000,
      currency: 'gbp',
      charge: stripe.chargeOf(pi).id,
      payment_intent: pi,
      reason: 'product_not_received',
      status: 'needs_response',
      evidence_details: { due_by: dueBy, has_evidence: false, past_due: false, submission_count: 0 },
    };
    const opened = signedObjectEvent(WEBHOOK_SECRET, 'charge.dispute.created', dispute);
    expect((await send(opened)).body.outcome).toBe('dispute_flagged');

    const { key } = await staffKey();
    const [{ d: date }] = (await query<{ d: string }>(
      `SELECT to_char(start_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS d FROM bookings WHERE id = $1`,
      [bookingId],
    )) as [{ d: string }];
    const schedule = await call('GET', `/v1.0.1/management/schedule?from=${date}&days=1`, { key });
    expect(schedule.status).toBe(200);
    const seen = ScheduleResponseSchema.parse(schedule.body).bookings.find((b) => b.id === bookingId)!;
    expect(seen.dispute).toEqual({
      status: 'needs_response',
      reason: 'product_not_received',
      amountPence: 1000,
      respondBy: new Date(dueBy * 1000).toISOString(),
    });

    const told = (await outbox('staff_dispute_opened')).filter((m) => m.booking_id === bookingId);
    expect(told.map((m) => `${m.channel} ${m.recipient}`)).toEqual(
      expect.arrayContaining(['sms +447700900991', 'email sam@shop.example', 'sms +447700900992']),
    );
    expect(told[0]!.body_text).toContain('they say the service was not provided');
    expect(told[0]!.body_text).toContain(`https://shop.example/management/customer/`);

    // The replay, and the same dispute under another event id: nobody is told twice.
    expect((await send(opened)).body.outcome).toBe('duplicate');
    expect((await event('charge.dispute.created', dispute)).body.outcome).toBe('dispute_flagged');
    expect((await outbox('staff_dispute_opened')).filter((m) => m.booking_id === bookingId)).toHaveLength(told.length);

    expect((await event('charge.dispute.closed', { ...dispute, status: 'lost' })).body.outcome).toBe('dispute_lost');
    expect(await row(bookingId)).toMatchObject({ dispute_status: 'lost' });
    const closed = (await outbox('staff_dispute_closed')).filter((m) => m.booking_id === bookingId);
    expect(closed.length).toBe(told.length);
    expect(closed[0]!.body_text).toContain('keeps the money');
    // A "created" that arrives after the close leaves the outcome standing.
    expect((await event('charge.dispute.created', dispute)).body.outcome).toBe('dispute_already_closed');
    expect(await row(bookingId)).toMatchObject({ dispute_status: 'lost' });
  });
});

describe("a chargeback's money", () => {
  const money = (bookingId: string) =>
    query<{ kind: string; pence: number; stripe_ref: string | null }>(
      `SELECT kind, pence, stripe_ref FROM money_movements WHERE booking_id = $1 ORDER BY id`,
      [bookingId],
    );

  it('is money out when Stripe takes it and in when it gives it back, once per dispute and way, on the CSV', async () => {
    const { bookingId, pi } = await paidBooking();
    const dispute = {
      id: `dp_test_${randomUUID().replace(/-/g, '')}`,
      object: 'dispute',
      amount: 1000,
      currency: 'gbp',
      charge: stripe.chargeOf(pi).id,
      payment_intent: pi,
      reason: 'fraudulent',
      status: 'needs_response',
    };
    const withdrawn = signedObjectEvent(WEBHOOK_SECRET, 'charge.dispute.funds_withdrawn', dispute);
    expect((await send(withdrawn)).body.outcome).toBe('chargeback_recorded');
    expect(await money(bookingId)).toEqual([
      { kind: 'deposit', pence: 1000, stripe_ref: pi },
      { kind: 'chargeback', pence: -1000, stripe_ref: dispute.id },
    ]);
    // The replay, and the same withdrawal under another event id: one row.
    expect((await send(withdrawn)).body.outcome).toBe('duplicate');
    expect((await event('charge.dispute.funds_withdrawn', dispute)).body.outcome).toBe('chargeback_known');
    expect(await money(bookingId)).toHaveLength(2);

    const { key } = await staffKey();
    const today = todayIn('Europe/London', new Date());
    const csv = async () => {
      const res = await financesHandler(
        new Request(`${API}/management/finances/takings.csv?from=${today}&to=${today}`, {
          headers: { 'x-access-key': key },
        }),
      );
      expect(res.status).toBe(200);
      const rows = parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
      return rows
        .filter((r) => r.Booking === formulaSafeCell(bookingId))
        .map((r) => [r.Type, r['Amount (GBP)'], r['Stripe payment']]);
    };
    expect(await csv()).toContainEqual(['Chargeback', '-10.00', dispute.id]);

    // Won: the money comes back.
    expect((await event('charge.dispute.funds_reinstated', { ...dispute, status: 'won' })).body.outcome).toBe(
      'chargeback_reversed',
    );
    expect((await event('charge.dispute.funds_reinstated', { ...dispute, status: 'won' })).body.outcome).toBe(
      'chargeback_known',
    );
    expect((await money(bookingId)).map((m) => [m.kind, m.pence])).toEqual([
      ['deposit', 1000],
      ['chargeback', -1000],
      ['chargeback_reversal', 1000],
    ]);
    expect(await csv()).toContainEqual(['Chargeback won back', '10.00', dispute.id]);
  });

  it('on a payment we cannot match writes nothing', async () => {
    const outcome = await event('charge.dispute.funds_withdrawn', {
      id: 'dp_test_nobody',
      object: 'dispute',
      amount: 500,
      currency: 'gbp',
      payment_intent: 'pi_test_nobody',
      status: 'needs_response',
    });
    expect(outcome.body.outcome).toBe('unknown_booking');
  });
});

describe('events we cannot match, and events that do not fit', () => {
  it('records a refund or dispute for a payment of no booking of ours, and still tells staff of the dispute', async () => {
    const pi = 'pi_test_not_ours';
    const refund = { id: 're_test_not_ours', object: 'refund', amount: 500, status: 'succeeded', payment_intent: pi };
    const refundEvent = signedObjectEvent(WEBHOOK_SECRET, 'refund.created', refund);
    expect(await send(refundEvent)).toEqual({ status: 200, body: { received: true, outcome: 'unknown_booking' } });
    const eventId = (JSON.parse(refundEvent.body) as { id: string }).id;
    expect(await query('SELECT type, booking_id, outcome FROM stripe_events WHERE id = $1', [eventId])).toEqual([
      { type: 'refund.created', booking_id: null, outcome: 'unknown_booking' },
    ]);
    const dispute = {
      id: 'dp_test_not_ours',
      amount: 2500,
      status: 'needs_response',
      reason: 'fraudulent',
      payment_intent: pi,
      charge: 'ch_test_not_ours',
    };
    expect((await event('charge.dispute.created', dispute)).body.outcome).toBe('unknown_booking_staff_told');
    const told = (await outbox('staff_dispute_opened')).filter((m) => m.body_text.includes('£25.00'));
    expect(told.length).toBeGreaterThanOrEqual(3);
    expect(told[0]!.body_text).toContain('No booking of ours matches this payment');
  });

  it.each([
    ['refund.created', { id: 're_test_bad', amount: -5, status: 'succeeded' }],
    ['refund.updated', { id: 'not-a-refund', amount: 100 }],
    ['charge.refunded', { id: 'ch_test_bad', amount_refunded: 'lots' }],
    ['charge.dispute.created', { amount: 1000, status: 'needs_response' }],
    ['charge.dispute.closed', { id: 'dp_test_bad', amount: 1000, status: 'x'.repeat(100) }],
    ['checkout.session.async_payment_failed', { id: 'cs_test_bad', amount_total: 1e12 }],
  ])('answers a signed %s that does not fit with 400 and writes nothing', async (type, object) => {
    const signed = signedObjectEvent(WEBHOOK_SECRET, type, object as Record<string, unknown>);
    const answer = await send(signed);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^Unexpected /);
    const { id } = JSON.parse(signed.body) as { id: string };
    expect(await query('SELECT 1 FROM stripe_events WHERE id = $1', [id])).toEqual([]);
  });
});

describe('Checkout pages live between 30 minutes and 24 hours, as Stripe requires', () => {
  it('refuses an expiry over 24 hours (the fake answers as Stripe does)', async () => {
    const client = stripeClient()!;
    const base = {
      bookingId: 'b_test_too_long',
      amountPence: 1000,
      serviceTitle: 'Full Groom',
      dogName: 'Biscuit',
      start: new Date(Date.now() + 3 * 86_400_000),
      timeZone: 'Europe/London',
      email: 'kim@example.com',
      siteUrl: 'https://shop.example',
    };
    // The old hold of 1,440 minutes plus a minute's margin.
    await expect(
      createDepositCheckout(client, { ...base, expiresAt: new Date(Date.now() + 1_441 * 60_000) }),
    ).rejects.toMatchObject({ status: 409 });
    const refused = stripe.requests.at(-1)!;
    expect(refused.path).toBe('/v1/checkout/sessions');
  });

  it('holds a booking 23 h 59 min when the hold setting is 1,440 minutes, and its page ends with it', async () => {
    await transaction((tx) => updateBookingSettings(tx, { holdMinutes: 1_440 }));
    try {
      const { start } = await nextSlot();
      const started = Date.now();
      const bookingId = await book(start);
      const sent = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
      const expiresAt = Number(sent.params.get('expires_at')) * 1000;
      expect(expiresAt - started).toBeLessThanOrEqual(24 * 3_600_000 - 60_000 + 1_000);
      expect(expiresAt - started).toBeGreaterThan(23 * 3_600_000);
      const [{ hold }] = (await query<{ hold: Date }>('SELECT hold_expires_at AS hold FROM bookings WHERE id = $1', [
        bookingId,
      ])) as [{ hold: Date }];
      expect(Math.floor(hold.getTime() / 1000) * 1000).toBe(expiresAt);
    } finally {
      await transaction((tx) => updateBookingSettings(tx, { holdMinutes: 30 }));
    }
  });
});
