import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import { lastBookableDay } from '../../src/domain/availability.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  CreateBookingResponseSchema,
} from '../../src/domain/booking-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { addDays, todayIn } from '../../src/domain/london-time.ts';
import { query } from '../../src/server/db.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const bookingChangesHandler = routed(bookingChanges);

/**
 * Inputs that once answered 500, each through its function against a real database: the answer is
 * now a 4xx with a readable `error`, and nothing was written. The fuzz (api-fuzz.test.ts) found or
 * confirmed each; this keeps the exact input, so a regression names itself.
 */
const WEBHOOK_SECRET = 'whsec_hostile_input_test';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
type Handler = (req: Request) => Promise<Response> | Response;

/** Row counts and the state of every booking: equal before and after means nothing was written. */
async function fingerprint(): Promise<string> {
  const [row] = await query<Record<string, unknown>>(`
    SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM customers)::int AS customers,
           (SELECT count(*) FROM dogs)::int AS dogs, (SELECT count(*) FROM outbox)::int AS outbox,
           (SELECT count(*) FROM access_keys)::int AS access_keys, (SELECT count(*) FROM stripe_events)::int AS stripe_events,
           (SELECT coalesce(string_agg(id || status || revision || coalesce(status_note, ''), ',' ORDER BY id), '') FROM bookings) AS state`);
  return JSON.stringify(row);
}

let starts: string[] = [];
let bookingId = '';
let nextStart = 0;
/** A booking body on a time of its own, so no two tests compete for a table. */
const body = (over: { dog?: Record<string, unknown>; owner?: Record<string, unknown>; savedDogId?: string } = {}) =>
  JSON.stringify({
    serviceId: 'full',
    start: starts[nextStart++ % starts.length],
    dog: { name: 'Biscuit', breedId: 'beagle', weightKg: 11.5, coat: 'short', notes: 'Shy', ...over.dog },
    owner: {
      name: 'Sam Jones',
      phone: '07700 900123',
      email: 'sam@example.com',
      marketingConsent: false,
      acceptTerms: true,
      ...over.owner,
    },
    idempotencyKey: randomUUID(),
    ...(over.savedDogId === undefined ? {} : { savedDogId: over.savedDogId }),
  });
const post = (path: string, text: string) =>
  new Request(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });

beforeAll(async () => {
  const res = await availabilityHandler(new Request(`${API}/availability?service=full`));
  // Starts 2 hours apart: a full groom takes 2 hours, so each has both tables free.
  starts = AvailabilityResponseSchema.parse(await res.json()).days.flatMap((d) =>
    d.slots.filter((_, i) => i % 8 === 0).map((s) => s.start),
  );
  const made = await bookingsHandler(post('/bookings', body()));
  expect(made.status).toBe(201);
  bookingId = CreateBookingResponseSchema.parse(await made.json()).bookingId;
});

describe('bad input is a 4xx and writes nothing', () => {
  const cases: Array<[string, Handler, () => Request, number, RegExp]> = [
    // Postgres 22021: NUL cannot be stored in text.
    [
      "a NUL in the dog's name",
      bookingsHandler,
      () => post('/bookings', body({ dog: { name: 'Rex\u0000' } })),
      400,
      /^dog\.name: Please remove unusual characters from your dog's name$/,
    ],
    [
      'a NUL in the notes',
      bookingsHandler,
      () => post('/bookings', body({ dog: { notes: 'Shy\u0000' } })),
      400,
      /^dog\.notes: Please remove unusual characters from the notes$/,
    ],
    [
      "a NUL in the owner's name",
      bookingsHandler,
      () => post('/bookings', body({ owner: { name: 'S\u0000m' } })),
      400,
      /^owner\.name: Please remove unusual characters from your name$/,
    ],
    [
      'a NUL in savedDogId',
      bookingsHandler,
      () => post('/bookings', body({ savedDogId: 'AbCdEfGh1234567\u0000' })),
      400,
      /^savedDogId: must be a saved dog id$/,
    ],
    [
      'a lone surrogate in the notes',
      bookingsHandler,
      () => post('/bookings', body({ dog: { notes: 'Shy \ud83d' } })),
      400,
      /^dog\.notes: Please remove unusual characters/,
    ],
    [
      'a NUL in a cancel reason',
      bookingChangesHandler,
      () => post(`/bookings/${bookingId}/cancel`, JSON.stringify({ reason: 'no\u0000' })),
      400,
      /^reason: Please remove unusual characters from the reason$/,
    ],
  ];

  it.each(cases)('%s', async (_label, handler, request, status, message) => {
    const before = await fingerprint();
    const res = await handler(request());
    expect(res.status).toBe(status);
    expect(BookingErrorSchema.parse(await res.json()).error).toMatch(message);
    expect(await fingerprint()).toBe(before);
  });
});

describe('POST /v1.0.1/bookings/{id}/cancel with a long reason', () => {
  it('refuses a reason the booking note cannot hold (once a 500: bookings_status_note_check) and keeps one that fits whole', async () => {
    const made = await bookingsHandler(post('/bookings', body({ owner: { phone: '07700 900124' } })));
    expect(made.status).toBe(201);
    const { bookingId: id } = CreateBookingResponseSchema.parse(await made.json());

    const before = await fingerprint();
    const long = await bookingChangesHandler(
      post(`/bookings/${id}/cancel`, JSON.stringify({ reason: 'x'.repeat(500) })),
    );
    expect(long.status).toBe(400);
    expect(BookingErrorSchema.parse(await long.json()).error).toBe(
      'reason: Please keep the reason to 400 characters or fewer',
    );
    expect(await fingerprint()).toBe(before);

    const fits = await bookingChangesHandler(
      post(`/bookings/${id}/cancel`, JSON.stringify({ reason: `${'y'.repeat(398)}🐶` })),
    );
    expect(fits.status).toBe(200);
    const [row] = await query<{ status: string; status_note: string }>(
      'SELECT status, status_note FROM bookings WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'cancelled', status_note: `cancelled by the customer: ${'y'.repeat(398)}🐶` });
  });
});

describe('POST /v1.0.1/bookings from a returning customer', () => {
  it("books when a saved dog is given the name of the customer's other dog (once a 500: dogs_customer_name_idx)", async () => {
    const first = await bookingsHandler(
      post('/bookings', body({ owner: { phone: '07700 900125' }, dog: { name: 'Biscuit' } })),
    );
    expect(first.status).toBe(201);
    const { accessKey } = CreateBookingResponseSchema.parse(await first.json());
    const withKey = (text: string) =>
      new Request(`${API}/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-key': accessKey! },
        body: text,
      });
    // A second booking for a number with one ahead proves the number once, with the code texted to it.
    const proof = await textedCode('07700 900125');
    const withRex = {
      ...JSON.parse(body({ owner: { phone: '07700 900125' }, dog: { name: 'Rex' } })),
      phoneProof: proof,
    };
    expect((await bookingsHandler(withKey(JSON.stringify(withRex)))).status).toBe(201);
    const dogs = async () =>
      query<{ id: string; name: string; weight_kg: string }>(
        `SELECT d.id, d.name, d.weight_kg::text FROM dogs d JOIN customers c ON c.id = d.customer_id WHERE c.phone = '+447700900125' ORDER BY d.name`,
      );
    const [biscuit, rex] = await dogs();
    expect([biscuit!.name, rex!.name]).toEqual(['Biscuit', 'Rex']);

    // Biscuit chosen from the saved dogs, but the name typed is Rex's: the booking is Rex's, Biscuit stays as it was.
    const res = await bookingsHandler(
      withKey(body({ owner: { phone: '07700 900125' }, savedDogId: biscuit!.id, dog: { name: 'rex', weightKg: 20 } })),
    );
    expect(res.status).toBe(201);
    const { bookingId: id } = CreateBookingResponseSchema.parse(await res.json());
    expect(await dogs()).toEqual([biscuit, { ...rex, weight_kg: '20.0' }]);
    expect(await query('SELECT dog_id FROM bookings WHERE id = $1', [id])).toEqual([{ dog_id: rex!.id }]);
  });
});

describe('POST /v1.0.1/payments/stripe-webhook with a correctly signed event that is not what Stripe sends', () => {
  const session = {
    id: 'cs_test_hostile',
    payment_status: 'paid',
    amount_total: 1000,
    payment_intent: 'pi_test_hostile',
    metadata: { booking_id: 'A'.repeat(24) },
  };
  const sign = (text: string) =>
    new Request(`${API}/payments/stripe-webhook`, {
      method: 'POST',
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: text, secret: WEBHOOK_SECRET }),
      },
      body: text,
    });
  const event = (
    over: Record<string, unknown>,
    data: unknown = { object: { object: 'checkout.session', ...session } },
  ) =>
    JSON.stringify({
      id: 'evt_test_hostile',
      object: 'event',
      type: 'checkout.session.completed',
      created: 1,
      data,
      ...over,
    });

  // Each was a 500 (a TypeError, or Postgres refusing the value), which Stripe retries for days.
  it.each([
    ['the body null', 'null', /^Not a Stripe event$/],
    ['data a string', event({}, 'Rex%'), /^Unexpected checkout\.session\.completed event: data: /],
    ['no data.object', event({}, {}), /^Unexpected checkout\.session\.completed event: data\.object: /],
    ['an event id that is not a string', event({ id: ['evt_x'] }), /^Unexpected .* event: id: /],
    ['a NUL in the event id', event({ id: 'evt_\u0000' }), /^Unexpected .* event: id: must be a Stripe evt_ id$/],
    [
      'an amount of 1e308',
      event({}, { object: { ...session, amount_total: 1e308 } }),
      /^Unexpected .* event: data\.object\.amount_total: /,
    ],
    ['a negative amount', event({}, { object: { ...session, amount_total: -1 } }), /amount_total/],
    ['an amount as text', event({}, { object: { ...session, amount_total: '__proto__' } }), /amount_total/],
    [
      'a session id with a NUL',
      event({}, { object: { ...session, id: 'cs_\u0000' } }),
      /data\.object\.id: must be a Stripe cs_ id/,
    ],
    ['a type that is not a string', event({ type: { toString: 1 } }), /^Not a Stripe event$/],
  ])('%s: 400, nothing written', async (_label, text, message) => {
    const before = await fingerprint();
    const res = await webhookHandler(sign(text));
    expect(res.status).toBe(400);
    expect(BookingErrorSchema.parse(await res.json()).error).toMatch(message);
    expect(await fingerprint()).toBe(before);
  });

  it('reads a booking id it cannot hold as no booking of ours', async () => {
    const res = await webhookHandler(
      sign(event({ id: 'evt_test_nul_booking' }, { object: { ...session, metadata: { booking_id: 'x\u0000' } } })),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'refund_unknown_booking' });
  });
});

describe('GET /v1.0.1/availability: `from` lies between today and the last bookable day', () => {
  const today = todayIn(DEFAULT_BOOKING_SETTINGS.timeZone, new Date());
  const lastDay = lastBookableDay(DEFAULT_BOOKING_SETTINGS, new Date());
  const get = (qs: string) => availabilityHandler(new Request(`${API}/availability?service=full&${qs}`));

  it.each([
    ['the last day of the calendar', 'from=9999-12-31&days=62'], // once a RangeError in london-time.ts: 500
    ['year 0000', 'from=0000-01-01'], // once read as 1900-01-01 and answered 200
    ['year 1900', 'from=1900-01-01&days=1'],
    ['year 2999', 'from=2999-01-01&days=1'],
    ['yesterday', `from=${addDays(today, -1)}`],
    ['the day after the horizon', `from=${addDays(lastDay, 1)}&days=1`],
    ['a day that does not exist', 'from=2026-02-29'],
  ])('refuses %s with a 400', async (_label, qs) => {
    const res = await get(qs);
    expect(res.status).toBe(400);
    const answer = BookingErrorSchema.parse(await res.json());
    expect(answer.error).toMatch(/^from: |^Please choose a day from /);
    if (answer.error.startsWith('Please')) expect(answer.code).toBe('invalid');
  });

  it.each([
    ['today', `from=${today}&days=1`, 1, 0],
    ['the last bookable day, with days past the horizon', `from=${lastDay}&days=62`, 62, 61],
    ['no from: today and the whole horizon', '', DEFAULT_BOOKING_SETTINGS.horizonWeeks * 7 + 1, 0],
  ])('answers %s', async (_label, qs, count, beyond) => {
    const res = await get(qs);
    expect(res.status).toBe(200);
    const { days } = AvailabilityResponseSchema.parse(await res.json());
    expect(days).toHaveLength(count);
    expect(days.filter((d) => d.reason === 'beyond_horizon')).toHaveLength(beyond);
  });
});
