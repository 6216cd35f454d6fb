import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import * as booking from '../../netlify/functions/booking.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  BookingViewSchema,
  CreateBookingResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { signedEvent, type FakeStripe } from '../helpers/fake-stripe.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const bookingChangesHandler = routed(bookingChanges);
const bookingHandler = routed(booking);

// The real Stripe SDK, pointed at a local server that answers like Stripe's API.
const WEBHOOK_SECRET = 'whsec_test_booking_payments';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_booking_payments';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
// Every request here comes from one address; the limits have their own tests (booking-abuse.test.ts).
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));

useTestDatabase({ seed: true });

beforeAll(async () => {
  // A £10 deposit, one grooming table (so one booking fills a time).
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 }, capacity: 1 }));
});

const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
let dayIndex = 0;
/** A fresh open day for each test, so tests do not share tables. */
async function nextOpenDay() {
  const res = await availabilityHandler(new Request(`${API}/availability?service=full`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  // Days whose first start is more than a day away: the tests below move their own booking into the
  // next few hours (late cancellation, an appointment under way), which must not meet another test's
  // booking there. Taking today could fill both tables at the hour a test moved into (CI at 05:00 did).
  const dayAway = Date.now() + 24 * 3_600_000;
  const day = days.filter((d) => d.open && d.slots.length >= 10 && Date.parse(d.slots[0]!.start) > dayAway)[dayIndex++];
  if (!day) throw new Error('out of days');
  return day;
}
async function slotsOf(date: string) {
  const res = await availabilityHandler(new Request(`${API}/availability?service=full&from=${date}&days=1`));
  return AvailabilityResponseSchema.parse(await res.json()).days[0]!.slots.map((s) => s.start);
}

let n = 200;
function request(start: string): CreateBookingRequestInput {
  n++;
  return {
    serviceId: 'full',
    start,
    dog: { name: 'Mabel', breedId: 'border-terrier', weightKg: 9, coat: 'wire' },
    owner: {
      name: 'Alex Smith',
      phone: `07700 900${n}`,
      email: `alex${n}@example.com`,
      marketingConsent: true,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
  };
}
async function book(start: string) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(request(start)) }),
  );
  return { res, body: await res.json() };
}
async function webhook(type: string, session: Record<string, unknown>, id?: string, secret = WEBHOOK_SECRET) {
  const { body, signature } = signedEvent(secret, type, session, id);
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature }, body }),
  );
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: string } };
}
async function bookingRow(id: string) {
  const [row] = await query<{
    status: string;
    deposit_paid_pence: number;
    deposit_refunded_pence: number;
    stripe_session_id: string;
    stripe_payment_intent: string | null;
    cells: number;
    hold_expires_at: Date | null;
  }>(
    `SELECT status, deposit_paid_pence, deposit_refunded_pence, stripe_session_id, stripe_payment_intent, hold_expires_at,
            (SELECT count(*)::int FROM booking_cells WHERE booking_id = b.id) AS cells
       FROM bookings b WHERE id = $1`,
    [id],
  );
  return row!;
}
/** A booking with a paid deposit, as after checkout.session.completed. */
async function paidBooking(start: string) {
  const { body } = await book(start);
  const { bookingId } = CreateBookingResponseSchema.parse(body);
  const row = await bookingRow(bookingId);
  const paid = await webhook('checkout.session.completed', completedSession(row.stripe_session_id, bookingId));
  expect(paid.body.outcome).toBe('confirmed');
  return bookingId;
}
const completedSession = (id: string, bookingId: string, pi = `pi_test_${bookingId.slice(0, 8)}`) => ({
  id,
  status: 'complete',
  payment_status: 'paid',
  amount_total: 1000,
  currency: 'gbp',
  payment_intent: pi,
  client_reference_id: bookingId,
  metadata: { booking_id: bookingId },
});
const expiredSession = (id: string, bookingId: string) => ({
  id,
  status: 'expired',
  payment_status: 'unpaid',
  amount_total: 1000,
  payment_intent: null,
  client_reference_id: bookingId,
  metadata: { booking_id: bookingId },
});
const outboxCount = async (bookingId: string) => {
  const [row] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE booking_id = $1`, [bookingId]);
  return row!.n;
};

describe('a booking with a deposit, through Stripe Checkout', () => {
  it('holds the slot and opens a Checkout session with the right amount, links, expiry and metadata', async () => {
    const day = await nextOpenDay();
    const slot = day.slots[0]!.start;
    const before = stripe.requests.length;
    const started = Date.now();
    const { res, body } = await book(slot);
    expect(res.status).toBe(201);
    const answer = CreateBookingResponseSchema.parse(body);
    expect(answer.status).toBe('pending_payment');
    expect(answer.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const sent = stripe.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [create] = sent;
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: 'Bearer sk_test_booking_payments',
    });
    expect(create!.idempotencyKey).toBe(`checkout-${answer.bookingId}`);
    const p = create!.params;
    expect(p.get('mode')).toBe('payment');
    expect(p.get('line_items[0][price_data][currency]')).toBe('gbp');
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('1000');
    expect(p.get('line_items[0][quantity]')).toBe('1');
    expect(p.get('success_url')).toBe('https://shop.example/booking-success/{CHECKOUT_SESSION_ID}');
    expect(p.get('cancel_url')).toBe('https://shop.example/booking-payment-cancelled/{CHECKOUT_SESSION_ID}');
    expect(p.get('metadata[booking_id]')).toBe(answer.bookingId);
    expect(p.get('payment_intent_data[metadata][booking_id]')).toBe(answer.bookingId);
    expect(p.get('customer_email')).toMatch(/@example\.com$/);
    // At least Stripe's 30 minutes from now, and the same instant as the hold.
    const expiresAt = Number(p.get('expires_at')) * 1000;
    expect(expiresAt - started).toBeGreaterThanOrEqual(30 * 60_000);
    expect(expiresAt - started).toBeLessThan(35 * 60_000);
    const row = await bookingRow(answer.bookingId);
    expect(row).toMatchObject({
      status: 'pending_payment',
      cells: 21 /* Mabel, 9 kg: a small dog's full groom, 105 minutes */,
      deposit_paid_pence: 0,
    });
    expect(Math.floor(row.hold_expires_at!.getTime() / 1000) * 1000).toBe(expiresAt);

    // The hold takes the table: with capacity 1 the time is gone for others.
    expect(await slotsOf(day.date)).not.toContain(slot);
    const rival = await book(slot);
    expect(rival.res.status).toBe(409);
    expect(BookingErrorSchema.parse(rival.body).code).toBe('slot_taken');

    // The success page can find the booking by its session, still pending until the webhook lands.
    const bySession = await bookingHandler(new Request(`${API}/bookings/by-session/${row.stripe_session_id}`));
    const pending = (await bySession.json()) as Record<string, unknown>;
    expect(BookingViewSchema.parse(pending)).toMatchObject({
      id: answer.bookingId,
      status: 'pending_payment',
      policyReason: 'awaiting_payment',
    });
    // For the payment-cancelled page: back to the same payment page, and how long the time is held.
    expect(pending).toMatchObject({
      checkoutUrl: answer.checkoutUrl,
      holdExpiresAt: row.hold_expires_at!.toISOString(),
    });
  });

  it('refuses a webhook with a bad or missing signature (400) and changes nothing', async () => {
    const day = await nextOpenDay();
    const { bookingId } = CreateBookingResponseSchema.parse((await book(day.slots[0]!.start)).body);
    const row = await bookingRow(bookingId);
    const forged = await webhook(
      'checkout.session.completed',
      completedSession(row.stripe_session_id, bookingId),
      undefined,
      'whsec_not_ours',
    );
    expect(forged.status).toBe(400);
    const unsigned = await webhookHandler(
      new Request(`${API}/payments/stripe-webhook`, { method: 'POST', body: '{}' }),
    );
    expect(unsigned.status).toBe(400);
    // A body changed after signing fails too: the signature covers the raw bytes.
    const { body, signature } = signedEvent(
      WEBHOOK_SECRET,
      'checkout.session.completed',
      completedSession(row.stripe_session_id, bookingId),
    );
    const tampered = await webhookHandler(
      new Request(`${API}/payments/stripe-webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': signature },
        body: body.replace('"amount_total":1000', '"amount_total":1'),
      }),
    );
    expect(tampered.status).toBe(400);
    expect((await bookingRow(bookingId)).status).toBe('pending_payment');
  });

  it('confirms on checkout.session.completed once, however often Stripe sends it', async () => {
    const day = await nextOpenDay();
    const { bookingId } = CreateBookingResponseSchema.parse((await book(day.slots[0]!.start)).body);
    const row = await bookingRow(bookingId);
    const eventId = `evt_test_${randomUUID().replace(/-/g, '')}`;
    const first = await webhook(
      'checkout.session.completed',
      completedSession(row.stripe_session_id, bookingId),
      eventId,
    );
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'confirmed' } });
    const messages = await outboxCount(bookingId);
    expect(messages).toBe(3); // e-mail with the .ics, text, and the shop's notice

    const replay = await webhook(
      'checkout.session.completed',
      completedSession(row.stripe_session_id, bookingId),
      eventId,
    );
    expect(replay.body.outcome).toBe('duplicate');
    const another = await webhook('checkout.session.completed', completedSession(row.stripe_session_id, bookingId));
    expect(another.body.outcome).toBe('already_confirmed');
    // A late expiry event for a paid session changes nothing.
    const late = await webhook('checkout.session.expired', expiredSession(row.stripe_session_id, bookingId));
    expect(late.body.outcome).toBe('unchanged_confirmed');

    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'confirmed',
      deposit_paid_pence: 1000,
      cells: 21 /* Mabel, 9 kg: a small dog's full groom, 105 minutes */,
    });
    expect(await outboxCount(bookingId)).toBe(messages);
    const view = BookingViewSchema.parse(
      await (await bookingHandler(new Request(`${API}/bookings/${bookingId}`))).json(),
    );
    expect(view).toMatchObject({ status: 'confirmed', depositPaidPence: 1000 });
  });

  it('frees the slot on checkout.session.expired, and a late completion re-takes it when still free', async () => {
    const day = await nextOpenDay();
    const slot = day.slots[0]!.start;
    const { bookingId } = CreateBookingResponseSchema.parse((await book(slot)).body);
    const row = await bookingRow(bookingId);
    const expired = await webhook('checkout.session.expired', expiredSession(row.stripe_session_id, bookingId));
    expect(expired.body.outcome).toBe('expired');
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'expired', cells: 0 });
    expect(await slotsOf(day.date)).toContain(slot);
    expect(
      (await webhook('checkout.session.expired', expiredSession(row.stripe_session_id, bookingId))).body.outcome,
    ).toBe('unchanged_expired');

    // Out of order: the completion arrives after the expiry. The time is still free: confirm.
    const completed = await webhook('checkout.session.completed', completedSession(row.stripe_session_id, bookingId));
    expect(completed.body.outcome).toBe('confirmed_after_expiry');
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'confirmed',
      cells: 21 /* Mabel, 9 kg: a small dog's full groom, 105 minutes */,
      deposit_paid_pence: 1000,
    });
  });

  it('refunds a completion that comes after the hold lapsed and someone else took the time', async () => {
    const day = await nextOpenDay();
    const slot = day.slots[0]!.start;
    const { bookingId } = CreateBookingResponseSchema.parse((await book(slot)).body);
    const row = await bookingRow(bookingId);
    // The hold runs out before payment (as if 31 minutes had passed)…
    await query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [bookingId]);
    expect(await slotsOf(day.date)).toContain(slot);
    // …so another customer books the time, which expires the lapsed hold.
    const rival = await book(slot);
    expect(rival.res.status).toBe(201);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'expired', cells: 0 });

    const before = stripe.requests.length;
    const completed = await webhook(
      'checkout.session.completed',
      completedSession(row.stripe_session_id, bookingId, 'pi_test_late'),
    );
    // The refund is owed in the webhook's transaction and made right after it commits.
    expect(completed.body.outcome).toBe('refund_due_slot_taken');
    const refunds = stripe.requests.slice(before);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: `refund-${bookingId}` });
    expect(refunds[0]!.params.get('payment_intent')).toBe('pi_test_late');
    expect(refunds[0]!.params.get('amount')).toBe('1000');
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'expired',
      deposit_paid_pence: 1000,
      deposit_refunded_pence: 1000,
      cells: 0,
    });
  });

  it('holds nothing and charges nothing when Stripe fails while opening the payment page', async () => {
    const day = await nextOpenDay();
    const active = async () =>
      (
        await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM bookings WHERE status IN ('pending_payment', 'confirmed')`,
        )
      )[0]!.n;
    const before = await active();
    stripe.failNext(1);
    const { res, body } = await book(day.slots[0]!.start);
    stripe.failNext(0);
    expect(res.status).toBe(409);
    expect(BookingErrorSchema.parse(body).code).toBe('payment_unavailable');
    // The hold was written first, then released at once: no table is held, no payment page exists.
    expect(await active()).toBe(before);
    const [held] = await query<{ status: string; stripe_session_id: string | null; cells: number }>(
      `SELECT status, stripe_session_id, (SELECT count(*)::int FROM booking_cells WHERE booking_id = b.id) AS cells
         FROM bookings b WHERE start_at = $1`,
      [day.slots[0]!.start],
    );
    expect(held).toEqual({ status: 'expired', stripe_session_id: null, cells: 0 });
    expect(await slotsOf(day.date)).toContain(day.slots[0]!.start);
  });
});

describe('cancel and move within and outside the policy', () => {
  const change = (id: string, action: 'cancel' | 'move', body: unknown = {}) =>
    bookingChangesHandler(
      new Request(`${API}/bookings/${id}/${action}`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify(body),
      }),
    );

  it('cancels a paid booking in good time: the deposit is refunded through Stripe and the time is free again', async () => {
    const day = await nextOpenDay();
    const slot = day.slots[0]!.start;
    const bookingId = await paidBooking(slot);
    const before = stripe.requests.length;
    const res = await change(bookingId, 'cancel', { reason: 'Dog is poorly' });
    expect(res.status).toBe(200);
    expect(BookingViewSchema.parse(await res.json())).toMatchObject({
      status: 'cancelled',
      canCancel: false,
      canMove: false,
    });
    const refunds = stripe.requests.slice(before).filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.params.get('payment_intent')).toBe(`pi_test_${bookingId.slice(0, 8)}`);
    expect(refunds[0]!.params.get('amount')).toBe('1000');
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'cancelled', deposit_refunded_pence: 1000, cells: 0 });
    expect(await slotsOf(day.date)).toContain(slot);
    // Cancelling twice is refused with the policy's words.
    const again = await change(bookingId, 'cancel');
    expect(again.status).toBe(409);
    expect(BookingErrorSchema.parse(await again.json())).toMatchObject({
      code: 'policy',
      error: 'This appointment has been cancelled.',
    });
  });

  it('cancels late without a refund, and refuses a late move', async () => {
    const day = await nextOpenDay();
    const bookingId = await paidBooking(day.slots[0]!.start);
    // As if the appointment, booked two days ago, were in 3 hours: inside the 24-hour notice.
    await query(
      `UPDATE bookings SET start_at = date_trunc('minute', now()) + interval '3 hours', end_at = date_trunc('minute', now()) + interval '5 hours',
              created_at = now() - interval '2 days' WHERE id = $1`,
      [bookingId],
    );
    const move = await change(bookingId, 'move', { start: day.slots[8]!.start });
    expect(move.status).toBe(409);
    expect(BookingErrorSchema.parse(await move.json()).code).toBe('policy');

    const before = stripe.requests.length;
    const res = await change(bookingId, 'cancel');
    expect(res.status).toBe(200);
    expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'cancelled',
      deposit_paid_pence: 1000,
      deposit_refunded_pence: 0,
      cells: 0,
    });
  });

  it('moves a booking made inside the 24 hours, up to the 2-hour booking notice (decision 079)', async () => {
    const day = await nextOpenDay();
    const bookingId = await paidBooking(day.slots[0]!.start);
    const view = async () =>
      BookingViewSchema.parse(await (await bookingHandler(new Request(`${API}/bookings/${bookingId}`))).json());
    // Booked just now for 3 hours from now (the same day): never a free period, nor a reminder.
    await query(
      `UPDATE bookings SET start_at = date_trunc('minute', now()) + interval '3 hours', end_at = date_trunc('minute', now()) + interval '5 hours' WHERE id = $1`,
      [bookingId],
    );
    expect(await view()).toMatchObject({
      canMove: true,
      canCancel: true,
      refundOnCancel: false,
      policyReason: 'late_booking',
      reminder: 'too_late',
    });
    expect((await view()).policyMessage).toMatch(
      /^You booked less than 24 hours ahead, so you can move this appointment online until /,
    );
    const moved = await change(bookingId, 'move', { start: day.slots[8]!.start });
    expect(moved.status).toBe(200);
    // Moved to another day in good time: the ordinary rule, and the reminder the day before.
    expect(BookingViewSchema.parse(await moved.json())).toMatchObject({
      start: day.slots[8]!.start,
      policyReason: 'free_change',
      reminder: 'day_before',
    });

    // Inside the booking notice (here 90 minutes away), a move is for the shop to arrange.
    await query(
      `UPDATE bookings SET start_at = date_trunc('minute', now()) + interval '90 minutes', end_at = date_trunc('minute', now()) + interval '210 minutes' WHERE id = $1`,
      [bookingId],
    );
    expect(await view()).toMatchObject({ canMove: false, canCancel: true, policyReason: 'late_change' });
    const late = await change(bookingId, 'move', { start: day.slots[12]!.start });
    expect(late.status).toBe(409);
    expect(BookingErrorSchema.parse(await late.json()).code).toBe('policy');
    // Cancelling is still open (and frees the next hours for the other tests).
    expect((await change(bookingId, 'cancel')).status).toBe(200);
  });

  it('refuses to change an appointment that has started', async () => {
    const day = await nextOpenDay();
    const bookingId = await paidBooking(day.slots[0]!.start);
    await query(
      `UPDATE bookings SET start_at = now() - interval '10 minutes', end_at = now() + interval '110 minutes' WHERE id = $1`,
      [bookingId],
    );
    const res = await change(bookingId, 'cancel');
    expect(res.status).toBe(409);
    expect(BookingErrorSchema.parse(await res.json()).code).toBe('policy');
  });

  it('moves in good time to a free start, frees the old one, and refuses a full or invalid one', async () => {
    const day = await nextOpenDay();
    const [a, b, c] = [day.slots[0]!.start, day.slots[12]!.start, day.slots[20]!.start];
    const bookingId = await paidBooking(a);
    const blocker = await paidBooking(c);
    expect(blocker).toBeTruthy();

    const moved = await change(bookingId, 'move', { start: b });
    expect(moved.status).toBe(200);
    expect(BookingViewSchema.parse(await moved.json())).toMatchObject({ status: 'confirmed', start: b });
    const free = await slotsOf(day.date);
    expect(free).toContain(a);
    expect(free).not.toContain(b);

    // Full (capacity 1 and the blocker is there): 409 with fresh times, the booking stays where it was.
    const full = await change(bookingId, 'move', { start: c });
    expect(full.status).toBe(409);
    const body = BookingErrorSchema.parse(await full.json());
    expect(body.code).toBe('slot_taken');
    expect(body.slots!.map((s) => s.start)).toContain(a);
    expect(
      BookingViewSchema.parse(await (await bookingHandler(new Request(`${API}/bookings/${bookingId}`))).json()).start,
    ).toBe(b);

    const sunday = await change(bookingId, 'move', { start: '2020-01-05T10:00:00.000Z' });
    expect(sunday.status).toBe(422);
    expect((await change(bookingId, 'move', { start: 'soon' })).status).toBe(400);
    expect((await change(bookingId, 'move', '{oops')).status).toBe(400);
    expect((await change('AAAAAAAAAAAAAAAAAAAAAAAA', 'move', { start: b })).status).toBe(404);
  });
});
