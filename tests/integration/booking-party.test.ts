import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import quoteHandler from '../../netlify/functions/quote.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import * as booking from '../../netlify/functions/booking.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  BookingViewSchema,
  CreateBookingResponseSchema,
  QuoteResponseSchema,
} from '../../src/domain/booking-schemas.ts';
import { SplitResponseSchema } from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { signedEvent, type FakeStripe } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call, staffKey } from '../helpers/staff-schedule.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { fromTomorrow } from '../helpers/days.ts';

/**
 * Several dogs in one booking through the API (docs/decisions/082): the times where every dog fits,
 * one quote and one deposit on one Checkout page (the Stripe stand-in), one confirmation naming
 * every dog, /b/{id} showing them all, cancel and move of the whole booking, the shop's limit, and
 * staff splitting a dog out (audited). The race for the last table is booking-party-race.test.ts.
 */
const WEBHOOK_SECRET = 'whsec_test_booking_party';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_booking_party';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const bookingHandler = routed(booking);
const bookingChangesHandler = routed(bookingChanges);

beforeAll(async () => {
  // A £10 deposit per dog, two tables, side by side or one after the other.
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
});

let phoneNo = 400;
const owner = () => ({
  name: 'Pat Family',
  phone: `07700 900${phoneNo++}`,
  email: 'pat@example.com',
  marketingConsent: false,
  acceptTerms: true,
});
const rex = { name: 'Rex', breedId: 'whippet', weightKg: 13, coat: 'short' };
const bella = { name: 'Bella', breedId: 'whippet', weightKg: 8, coat: 'short', notes: 'Sore left ear', nervous: true };

async function post(body: unknown) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
async function times(q: string) {
  const res = await availabilityHandler(new Request(`${API}/availability?${q}`));
  return { status: res.status, body: (await res.json()) as unknown };
}
let dayIndex = 3;
async function freeDay() {
  const { body } = await times('dogs=full:13:bandana,shower:8');
  const days = fromTomorrow(AvailabilityResponseSchema.parse(body).days).filter((d) => d.open && d.slots.length >= 10);
  return days[dayIndex++]!;
}
const partyRequest = (start: string, extra: Record<string, unknown> = {}) => ({
  dogs: [
    { serviceId: 'full', dog: rex, extras: ['bandana'] },
    { serviceId: 'shower', dog: bella },
  ],
  start,
  owner: owner(),
  idempotencyKey: randomUUID(),
  ...extra,
});
async function rows(partyId: string) {
  return query<{ id: string; status: string; deposit_pence: number; deposit_paid_pence: number; start_at: Date }>(
    'SELECT id, status, deposit_pence, deposit_paid_pence, start_at FROM bookings WHERE party_id = $1 ORDER BY id = $1 DESC',
    [partyId],
  );
}
async function pay(bookingId: string) {
  const [row] = await query<{ stripe_session_id: string }>('SELECT stripe_session_id FROM bookings WHERE id = $1', [
    bookingId,
  ]);
  const { body, signature } = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
    id: row!.stripe_session_id,
    status: 'complete',
    payment_status: 'paid',
    amount_total: 2000,
    currency: 'gbp',
    payment_intent: `pi_party_${bookingId.slice(0, 8)}`,
    client_reference_id: bookingId,
    metadata: { booking_id: bookingId },
  });
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature }, body }),
  );
  expect(res.status).toBe(200);
}
async function view(id: string) {
  const res = await bookingHandler(new Request(`${API}/bookings/${id}`));
  expect(res.status).toBe(200);
  return BookingViewSchema.parse(await res.json());
}

describe('the times for several dogs', () => {
  it('offers each time with how the dogs sit, and refuses more dogs than the shop takes', async () => {
    const { status, body } = await times('dogs=full:13:bandana,shower:8');
    expect(status).toBe(200);
    const slot = AvailabilityResponseSchema.parse(body).days.find((d) => d.slots.length)!.slots[0]!;
    expect(['side_by_side', 'one_after_another']).toContain(slot.placement);
    const four = await times('dogs=full:13,full:13,full:13,full:13');
    expect(four.status).toBe(400);
    expect(BookingErrorSchema.parse(four.body).error).toMatch(/up to 3 dogs in one booking/);
  });

  it('says in the quote how many dogs the shop takes in one booking, so the form offers that many', async () => {
    const limit = async () =>
      QuoteResponseSchema.parse(await (await quoteHandler(new Request(`${API}/quote?service=full`))).json())
        .maxDogsPerBooking;
    expect(await limit()).toBe(3);
    await transaction((tx) => updateBookingSettings(tx, { maxDogsPerBooking: 2 }));
    try {
      expect(await limit()).toBe(2);
    } finally {
      await transaction((tx) => updateBookingSettings(tx, { maxDogsPerBooking: 3 }));
    }
  });

  it.each([
    ['service and dogs together', 'service=full&dogs=full:13'],
    ['neither', 'from=2026-12-01'],
    ['a weight that is not a number', 'dogs=full:heavy'],
    ['no weight', 'dogs=full'],
    ['an extra that is not an id', 'dogs=full:13:Bandana!'],
    ['a fourth part', 'dogs=full:13:bandana:more'],
    ['weightKg beside dogs', 'dogs=full:13&weightKg=13'],
    ['seven dogs', `dogs=${Array(7).fill('full:13').join(',')}`],
  ])('refuses %s with a 400', async (_, q) => {
    expect((await times(q)).status).toBe(400);
  });
});

describe('booking several dogs', () => {
  it('takes one deposit on one Checkout page for the whole booking, and the payment confirms every dog', async () => {
    const day = await freeDay();
    const before = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const made = await post(partyRequest(day.slots[0]!.start, { placement: day.slots[0]!.placement }));
    expect(made.status).toBe(201);
    const answer = CreateBookingResponseSchema.parse(made.body);
    expect(answer.status).toBe('pending_payment');
    const sessions = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions.length - before).toBe(1);
    const params = sessions[sessions.length - 1]!.params;
    // £10 a dog: one page for £20, naming both dogs and both services.
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('2000');
    expect(params.get('line_items[0][price_data][product_data][name]')).toMatch(/Full Groom and .+ for Rex and Bella/);

    const held = await rows(answer.bookingId);
    expect(held.map((r) => [r.status, r.deposit_pence])).toEqual([
      ['pending_payment', 2000],
      ['pending_payment', 0],
    ]);
    await pay(answer.bookingId);
    expect((await rows(answer.bookingId)).map((r) => r.status)).toEqual(['confirmed', 'confirmed']);

    const page = await view(answer.bookingId);
    expect(page.party!.dogs.map((d) => d.dog.name)).toEqual(['Rex', 'Bella']);
    expect(page.price.totalFromPence).toBe(page.party!.dogs.reduce((sum, d) => sum + d.price.totalFromPence, 0));
    expect(page.price.depositPence).toBe(2000);
    expect(page.price.lines.map((l) => l.label)).toContain('Rex: Bandana');
    // The second dog's own id opens the same page.
    expect((await view(page.party!.dogs[1]!.bookingId)).id).toBe(answer.bookingId);
    // Each dog's own notes are kept with that dog, for the groomer.
    const dogs = await query<{ name: string; notes: string; nervous: boolean }>(
      `SELECT d.name, d.notes, d.nervous FROM bookings b JOIN dogs d ON d.id = b.dog_id WHERE b.party_id = $1 ORDER BY b.id = $1 DESC`,
      [answer.bookingId],
    );
    expect(dogs).toEqual([
      { name: 'Rex', notes: '', nervous: false },
      { name: 'Bella', notes: 'Sore left ear', nervous: true },
    ]);
    // One confirmation to the owner, naming both dogs.
    const mails = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE kind = 'booking_confirmation' AND channel = 'email' AND body_text LIKE '%' || $1 || '%'`,
      [answer.bookingId],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toMatch(/Rex and Bella/);
    expect(mails[0]!.body_text).toMatch(/Bella: /);
  });

  it('moves and cancels the whole booking, keeping how the dogs sit, and refunds its one deposit', async () => {
    const day = await freeDay();
    const made = CreateBookingResponseSchema.parse(
      (await post(partyRequest(day.slots[0]!.start, { placement: 'one_after_another' }))).body,
    );
    await pay(made.bookingId);
    const [first, second] = await rows(made.bookingId);
    const gap = second!.start_at.getTime() - first!.start_at.getTime();
    expect(gap).toBeGreaterThan(0);

    const to = day.slots[4]!.start;
    const moved = await bookingChangesHandler(
      new Request(`${API}/bookings/${made.bookingId}/move`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ start: to }),
      }),
    );
    expect(moved.status).toBe(200);
    const after = await rows(made.bookingId);
    expect(after[0]!.start_at.toISOString()).toBe(to);
    expect(after[1]!.start_at.getTime() - after[0]!.start_at.getTime()).toBe(gap);

    const cancelled = await bookingChangesHandler(
      new Request(`${API}/bookings/${after[1]!.id}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({}),
      }),
    );
    expect(cancelled.status).toBe(200);
    expect((await rows(made.bookingId)).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    const [refund] = await query<{ refund_due_pence: number; deposit_refunded_pence: number }>(
      'SELECT refund_due_pence, deposit_refunded_pence FROM bookings WHERE id = $1',
      [made.bookingId],
    );
    expect(refund!.refund_due_pence + refund!.deposit_refunded_pence).toBe(2000);
    expect(
      await query('SELECT 1 FROM booking_cells c JOIN bookings b ON b.id = c.booking_id WHERE b.party_id = $1', [
        made.bookingId,
      ]),
    ).toEqual([]);
  });

  it('refuses more dogs than the shop takes with a 400, and writes nothing', async () => {
    const day = await freeDay();
    const before = await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    const dogs = [rex, bella, { ...rex, name: 'Moss' }, { ...rex, name: 'Pip' }].map((dog) => ({
      serviceId: 'shower',
      dog,
    }));
    const refused = await post({ ...partyRequest(day.slots[0]!.start), dogs });
    expect(refused.status).toBe(400);
    expect(BookingErrorSchema.parse(refused.body).error).toMatch(/up to 3 dogs/);
    expect(await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).toEqual(before);
  });

  it.each([
    ['one dog and several at once', (r: Record<string, unknown>) => ({ ...r, serviceId: 'full', dog: rex })],
    ['no dogs', (r: Record<string, unknown>) => ({ ...r, dogs: [] })],
    ['seven dogs', (r: Record<string, unknown>) => ({ ...r, dogs: Array(7).fill({ serviceId: 'full', dog: rex }) })],
    ['a dog without its service', (r: Record<string, unknown>) => ({ ...r, dogs: [{ dog: rex }] })],
    ['a placement we do not have', (r: Record<string, unknown>) => ({ ...r, placement: 'stacked' })],
    [
      'a price of its own',
      (r: Record<string, unknown>) => ({ ...r, dogs: [{ serviceId: 'full', dog: rex, price: 1 }] }),
    ],
    ['dogs that are not a list', (r: Record<string, unknown>) => ({ ...r, dogs: { serviceId: 'full', dog: rex } })],
    [
      'an extra the service does not offer',
      (r: Record<string, unknown>) => ({ ...r, dogs: [{ serviceId: 'full', dog: rex, extras: ['no-such-extra'] }] }),
    ],
  ])('refuses %s with a 4xx and writes nothing', async (_, change) => {
    const day = await freeDay();
    dayIndex--;
    const before = await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    const refused = await post(change(partyRequest(day.slots[0]!.start)));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).toEqual(before);
  });

  it('refuses a placement the shop does not allow', async () => {
    await transaction((tx) => updateBookingSettings(tx, { partyPlacement: 'side_by_side' }));
    try {
      const day = await freeDay();
      const refused = await post(partyRequest(day.slots[0]!.start, { placement: 'one_after_another' }));
      expect(refused.status).toBe(400);
    } finally {
      await transaction((tx) => updateBookingSettings(tx, { partyPlacement: 'either' }));
    }
  });
});

describe('staff and a booking of several dogs', () => {
  it('shows the dogs linked on the schedule, and splits one out into its own booking, audited', async () => {
    const day = await freeDay();
    const made = CreateBookingResponseSchema.parse((await post(partyRequest(day.slots[0]!.start))).body);
    await pay(made.bookingId);
    const [, second] = await rows(made.bookingId);
    const staff = await staffKey();

    const schedule = await call('GET', `/v1.0.1/management/schedule?from=${day.date}`, { key: staff.key });
    expect(schedule.status).toBe(200);
    const ours = (schedule.body.bookings as Array<{ id: string; partyId?: string }>).filter(
      (b) => b.partyId === made.bookingId,
    );
    expect(ours.map((b) => b.id).sort()).toEqual([made.bookingId, second!.id].sort());

    const lead = await call('POST', `/v1.0.1/management/bookings/${made.bookingId}/split`, {
      key: staff.key,
      body: {},
    });
    expect(lead.status).toBe(409);
    const nobody = await call('POST', `/v1.0.1/management/bookings/${second!.id}/split`, { body: {} });
    expect(nobody.status).toBe(401);

    const split = await call('POST', `/v1.0.1/management/bookings/${second!.id}/split`, { key: staff.key, body: {} });
    expect(split.status).toBe(200);
    const answer = SplitResponseSchema.parse(split.body);
    expect(answer.booking.partyId).toBeUndefined();
    // A party left with one dog is an ordinary booking again.
    expect(answer.from.partyId).toBeUndefined();
    expect(answer.booking.status).toBe('confirmed');
    const audited = await query<{ action: string; staff_id: string }>(
      `SELECT action, staff_id FROM audit_log WHERE entity_id = $1 AND action = 'booking.split'`,
      [second!.id],
    );
    expect(audited).toEqual([{ action: 'booking.split', staff_id: staff.id }]);
    // The customer's page now shows the first dog alone.
    const page = await view(made.bookingId);
    expect(page.party).toBeUndefined();
    expect(page.dog.name).toBe('Rex');
  });
});
