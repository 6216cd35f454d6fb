import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as booking from '../../netlify/functions/booking.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import breedsHandler from '../../netlify/functions/breeds.ts';
import savedDogsHandler from '../../netlify/functions/saved-dogs.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  BookingViewSchema,
  CreateBookingResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { BreedsResponseSchema, FALLBACK_BREED_ID } from '../../src/domain/breeds.ts';
import { addDays, todayIn, weekdayOf } from '../../src/domain/london-time.ts';
import { SavedDogsResponseSchema } from '../../src/domain/saved-dogs.ts';
import { query } from '../../src/server/db.ts';
import { idempotencyDigest } from '../../src/server/sealed.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';
import { fromTomorrow } from '../helpers/days.ts';

const bookingHandler = routed(booking);

useTestDatabase({ seed: true });
// Every request here comes from one address; the limits have their own tests (booking-abuse.test.ts).
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

const API = 'http://localhost/v1.0.1';

async function freeSlots(service = 'full', from?: string) {
  const res = await availabilityHandler(
    new Request(`${API}/availability?service=${service}${from ? `&from=${from}` : ''}`),
  );
  expect(res.status).toBe(200);
  return AvailabilityResponseSchema.parse(await res.json());
}

/** The n-th day with plenty of room (tests use different days so they do not share tables). */
async function openDay(n: number, service = 'full') {
  const { days } = await freeSlots(service);
  const day = fromTomorrow(days).filter((d) => d.open && d.slots.length >= 10)[n];
  if (!day) throw new Error('no bookable day in the horizon');
  return day;
}

let phoneCounter = 100;
function bookingRequest(start: string, overrides: Partial<CreateBookingRequestInput> = {}): CreateBookingRequestInput {
  phoneCounter++;
  return {
    serviceId: 'full',
    start,
    dog: { name: 'Biscuit', breedId: 'beagle', weightKg: 11.5, coat: 'short', notes: 'Shy with dryers', nervous: true },
    owner: {
      name: 'Sam Jones',
      phone: `07700 900${String(phoneCounter).padStart(3, '0')}`,
      email: 'sam@example.com',
      marketingConsent: false,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

describe('GET /v1.0.1/breeds', () => {
  it('lists the breeds by name with the None/Other fallback flagged and last', async () => {
    const res = await breedsHandler(new Request(`${API}/breeds`));
    expect(res.status).toBe(200);
    const breeds = BreedsResponseSchema.parse(await res.json());
    expect(breeds.length).toBeGreaterThan(10);
    const last = breeds[breeds.length - 1]!;
    expect(last).toMatchObject({ _id: FALLBACK_BREED_ID, name: 'None/Other', fallback: true });
    expect(breeds.filter((b) => b.fallback)).toHaveLength(1);
    const names = breeds.slice(0, -1).map((b) => b.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('GET /v1.0.1/availability', () => {
  it('answers the horizon in London time: Sundays closed, days from today, slots ending by closing', async () => {
    const body = await freeSlots('full');
    expect(body.timeZone).toBe('Europe/London');
    const today = todayIn('Europe/London', new Date());
    expect(body.days[0]!.date).toBe(today);
    expect(body.days).toHaveLength(DEFAULT_BOOKING_SETTINGS.horizonWeeks * 7 + 1);
    for (const day of body.days) {
      if (weekdayOf(day.date) === 'sunday') expect(day).toMatchObject({ open: false, reason: 'closed', slots: [] });
    }
    const open = body.days.find((d) => d.open && d.slots.length)!;
    // A 120-minute groom must end by 18:00: the last start is 16:00.
    expect(open.slots.at(-1)!.time <= '16:00').toBe(true);
  });

  it.each([
    ['no service', ''],
    ['an unknown parameter', 'service=full&colour=red'],
    ['a bad date', 'service=full&from=2026-02-30'],
    ['too many days', 'service=full&days=500'],
  ])('refuses %s with a 400', async (_label, qs) => {
    const res = await availabilityHandler(new Request(`${API}/availability?${qs}`));
    expect(res.status).toBe(400);
    expect(BookingErrorSchema.parse(await res.json()).error).toBeTruthy();
  });

  it('closes the days the shop sets in the closures table, and refuses bookings on them', async () => {
    const day = await openDay(6);
    await query(`INSERT INTO closures (day, reason) VALUES ($1, 'Training day')`, [day.date]);
    const closed = (await freeSlots('full', day.date)).days[0]!;
    expect(closed).toMatchObject({ date: day.date, open: false, reason: 'closure', slots: [] });
    const res = await post(bookingRequest(day.slots[0]!.start));
    expect(res.status).toBe(422);
    expect(BookingErrorSchema.parse(await res.json()).code).toBe('slot_unavailable');
    await query('DELETE FROM closures WHERE day = $1', [day.date]);
  });

  it('answers 404 for a service we do not offer', async () => {
    const res = await availabilityHandler(new Request(`${API}/availability?service=haircut-for-cats`));
    expect(res.status).toBe(404);
  });
});

describe('POST /v1.0.1/bookings without a deposit', () => {
  it('books end to end: rows, outbox, access key, saved dogs, the view, the calendar file', async () => {
    const day = await openDay(0);
    const slot = day.slots[1]!;
    const res = await post(bookingRequest(slot.start));
    expect(res.status).toBe(201);
    const answer = CreateBookingResponseSchema.parse(await res.json());
    expect(answer.status).toBe('confirmed');
    expect(answer.checkoutUrl).toBeUndefined();
    expect(answer.accessKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(answer.bookingId.length).toBeGreaterThanOrEqual(22); // ≥ 128 random bits in base64url

    const [row] = await query<Record<string, unknown>>(
      `SELECT b.status, b.start_at, b.end_at, b.price_from_pence, b.size, b.deposit_pence, c.phone, c.name, d.name AS dog, d.weight_kg::text AS weight,
              (SELECT count(*)::int FROM booking_cells WHERE booking_id = b.id) AS cells
         FROM bookings b JOIN customers c ON c.id = b.customer_id JOIN dogs d ON d.id = b.dog_id WHERE b.id = $1`,
      [answer.bookingId],
    );
    expect(row).toMatchObject({
      status: 'confirmed',
      // 11.5 kg is a medium dog: a medium full groom's price and its 120 minutes (decision 080).
      price_from_pence: 5500,
      size: 'medium',
      deposit_pence: 0,
      name: 'Sam Jones',
      dog: 'Biscuit',
      weight: '11.5',
      cells: 24,
    });
    expect(row!.phone).toMatch(/^\+447700900\d{3}$/);
    expect((row!.start_at as Date).toISOString()).toBe(slot.start);

    // The messages are in the outbox, written in the booking's transaction.
    const outbox = await query<{
      kind: string;
      channel: string;
      recipient: string;
      attachments: Array<{ filename: string; content: string }>;
    }>('SELECT kind, channel, recipient, attachments FROM outbox WHERE booking_id = $1 ORDER BY kind, channel', [
      answer.bookingId,
    ]);
    expect(outbox.map((m) => [m.kind, m.channel])).toEqual([
      ['booking_confirmation', 'email'],
      ['booking_confirmation', 'sms'],
      ['shop_new_booking', 'email'],
    ]);
    expect(outbox[0]!.recipient).toBe('sam@example.com');
    expect(outbox[1]!.recipient).toBe(row!.phone);
    expect(outbox[0]!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');

    // The device key finds the saved dog, for a prefilled next visit.
    const dogsRes = await savedDogsHandler(
      new Request(`${API}/customer/dogs`, { headers: { 'x-access-key': answer.accessKey! } }),
    );
    expect(dogsRes.status).toBe(200);
    const saved = SavedDogsResponseSchema.parse(await dogsRes.json());
    expect(saved.dogs).toEqual([
      expect.objectContaining({ name: 'Biscuit', breedId: 'beagle', weightKg: 11.5, coat: 'short', nervous: true }),
    ]);
    expect(saved.owner.name).toBe('Sam Jones');
    expect((await savedDogsHandler(new Request(`${API}/customer/dogs`))).status).toBe(401);

    const view = BookingViewSchema.parse(
      await (await bookingHandler(new Request(`${API}/bookings/${answer.bookingId}`))).json(),
    );
    expect(view).toMatchObject({
      id: answer.bookingId,
      status: 'confirmed',
      start: slot.start,
      dog: { name: 'Biscuit', breed: 'Beagle' },
      ownerName: 'Sam Jones',
    });
    expect(view.price.fromPricePence).toBe(5500);
    expect(view.price.lines[0]).toEqual({ kind: 'service', label: 'Full Groom, medium dog', pence: 5500 });

    const ics = await bookingHandler(new Request(`${API}/bookings/${answer.bookingId}/calendar.ics`));
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain(`DTSTART:${slot.start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  });

  it('fills the slot at capacity (2): the third booking at the same time gets 409 slot_taken with fresh times', async () => {
    const day = await openDay(1);
    const slot = day.slots[2]!;
    for (let i = 0; i < 2; i++) expect((await post(bookingRequest(slot.start))).status).toBe(201);
    const after = (await freeSlots('full', day.date)).days[0]!;
    expect(after.slots.map((s) => s.start)).not.toContain(slot.start);

    const res = await post(bookingRequest(slot.start));
    expect(res.status).toBe(409);
    const body = BookingErrorSchema.parse(await res.json());
    expect(body).toMatchObject({ error: 'That time has just been taken', code: 'slot_taken' });
    expect(body.slots!.length).toBeGreaterThan(0);
    expect(body.slots!.map((s) => s.start)).not.toContain(slot.start);
    const [{ n }] = (await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE start_at = $1 AND status = 'confirmed'`,
      [slot.start],
    )) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('applies the small-dog shower promotion on the server, whatever the client thinks', async () => {
    const day = await openDay(2, 'shower');
    const res = await post(
      bookingRequest(day.slots[0]!.start, {
        serviceId: 'shower',
        dog: { name: 'Pip', breedId: 'beagle', weightKg: 8, coat: 'short' },
      }),
    );
    expect(res.status).toBe(201);
    const { bookingId } = CreateBookingResponseSchema.parse(await res.json());
    const view = BookingViewSchema.parse(
      await (await bookingHandler(new Request(`${API}/bookings/${bookingId}`))).json(),
    );
    expect(view.price).toMatchObject({
      fromPricePence: 3000,
      promotionPence: 500,
      totalFromPence: 2500,
      promotionApplied: true,
      depositPence: 0,
    });
  });

  it('answers a retried request (same idempotency key) with the same booking and device key, and refuses the key for another request', async () => {
    const day = await openDay(3);
    const request = bookingRequest(day.slots[0]!.start);
    const first = CreateBookingResponseSchema.parse(await (await post(request)).json());
    const again = await post(request);
    expect(again.status).toBe(201);
    const second = CreateBookingResponseSchema.parse(await again.json());
    expect(second.bookingId).toBe(first.bookingId);
    expect(second.status).toBe('confirmed');
    // The same key, not a second one: the device ends up with one key whichever answer it saw.
    expect(second.accessKey).toBe(first.accessKey);
    const [{ keys }] = (await query<{ keys: number }>(
      'SELECT count(*)::int AS keys FROM access_keys k JOIN bookings b ON b.customer_id = k.customer_id WHERE b.id = $1',
      [first.bookingId],
    )) as [{ keys: number }];
    expect(keys).toBe(1);
    // Only a digest of the idempotency key is kept.
    const [{ n }] = (await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE idempotency_key = $1', [
      idempotencyDigest(request.idempotencyKey),
    ])) as [{ n: number }];
    expect(n).toBe(1);
    expect((await query('SELECT 1 FROM bookings WHERE idempotency_key = $1', [request.idempotencyKey])).length).toBe(0);

    const other = await post({ ...request, dog: { ...request.dog, name: 'Rex' } });
    expect(other.status).toBe(409);
    expect(BookingErrorSchema.parse(await other.json()).code).toBe('idempotency_conflict');
  });

  it("does not let a stranger who types a customer's phone number book with it, change their details or get their key", async () => {
    const day = await openDay(4);
    const owner = bookingRequest(day.slots[0]!.start);
    const mine = CreateBookingResponseSchema.parse(await (await post(owner)).json());
    const stranger = await post(
      bookingRequest(day.slots[9]!.start, {
        owner: { ...owner.owner, name: 'Mallory', email: 'mallory@example.com' },
        dog: { ...owner.dog, notes: 'changed by someone else' },
      }),
    );
    // The number has a booking ahead: the stranger is answered as for any number (decision 072), and
    // their booking is kept apart from the customer's records.
    expect(stranger.status).toBe(201);
    expect(CreateBookingResponseSchema.parse(await stranger.json()).accessKey).not.toBe(mine.accessKey);
    const saved = SavedDogsResponseSchema.parse(
      await (
        await savedDogsHandler(new Request(`${API}/customer/dogs`, { headers: { 'x-access-key': mine.accessKey! } }))
      ).json(),
    );
    expect(saved.owner.name).toBe('Sam Jones');
    expect(saved.dogs[0]!.notes).toBe('Shy with dryers');

    // The customer, on their own device, proves the number with the code and may update themselves.
    const second = bookingRequest(day.slots[18]!.start, { owner: { ...owner.owner, name: 'Sam Jones-Smith' } });
    const own = await post(
      { ...second, phoneProof: await textedCode(owner.owner.phone) },
      { 'x-access-key': mine.accessKey! },
    );
    expect(own.status).toBe(201);
    expect(CreateBookingResponseSchema.parse(await own.json()).accessKey).toBeUndefined();
    const updated = SavedDogsResponseSchema.parse(
      await (
        await savedDogsHandler(new Request(`${API}/customer/dogs`, { headers: { 'x-access-key': mine.accessKey! } }))
      ).json(),
    );
    expect(updated.owner.name).toBe('Sam Jones-Smith');
    expect(updated.dogs).toHaveLength(1);
  });
});

describe('every bad booking request is a 4xx with a JSON error, and writes nothing', () => {
  const nextSunday = () => {
    let d = addDays(todayIn('Europe/London', new Date()), 1);
    while (weekdayOf(d) !== 'sunday') d = addDays(d, 1);
    return `${d}T10:00:00.000Z`;
  };
  const cases: Array<[string, () => Promise<unknown> | unknown, number]> = [
    ['malformed JSON', () => '{"serviceId": "full",', 400],
    ['an empty body', () => '', 400],
    ['a JSON array', () => '[]', 400],
    [
      'a bad phone number',
      async () =>
        bookingRequest((await openDay(5)).slots[0]!.start, {
          owner: { name: 'A', phone: '12345', email: 'a@example.com', marketingConsent: false, acceptTerms: true },
        }),
      400,
    ],
    [
      'a landline',
      async () =>
        bookingRequest((await openDay(5)).slots[0]!.start, {
          owner: {
            name: 'A',
            phone: '020 8539 1234',
            email: 'a@example.com',
            marketingConsent: false,
            acceptTerms: true,
          },
        }),
      400,
    ],
    [
      'terms not accepted',
      async () =>
        bookingRequest((await openDay(5)).slots[0]!.start, {
          owner: {
            name: 'A',
            phone: '07700 900999',
            email: 'a@example.com',
            marketingConsent: false,
            acceptTerms: false as true,
          },
        }),
      400,
    ],
    [
      'a bad e-mail',
      async () =>
        bookingRequest((await openDay(5)).slots[0]!.start, {
          owner: {
            name: 'A',
            phone: '07700 900999',
            email: 'not-an-email',
            marketingConsent: false,
            acceptTerms: true,
          },
        }),
      400,
    ],
    ['an unknown field', async () => ({ ...bookingRequest((await openDay(5)).slots[0]!.start), price: 1 }), 400],
    [
      'a negative weight',
      async () =>
        bookingRequest((await openDay(5)).slots[0]!.start, {
          dog: { name: 'A', breedId: 'beagle', weightKg: -3, coat: 'short' },
        }),
      400,
    ],
    [
      'an unknown breed',
      async () =>
        bookingRequest((await openDay(5)).slots[0]!.start, {
          dog: { name: 'A', breedId: 'unicorn', weightKg: 3, coat: 'short' },
        }),
      400,
    ],
    [
      'an unknown service',
      async () => bookingRequest((await openDay(5)).slots[0]!.start, { serviceId: 'haircut-for-cats' }),
      400,
    ],
    ['a time in the past', () => bookingRequest('2020-01-06T10:00:00.000Z'), 422],
    [
      'a time too soon (within the notice)',
      () => bookingRequest(new Date(Date.now() + 30 * 60_000).toISOString()),
      422,
    ],
    ['a Sunday', () => bookingRequest(nextSunday()), 422],
    [
      'beyond the horizon',
      () => bookingRequest(`${addDays(todayIn('Europe/London', new Date()), 7 * 9)}T10:00:00.000Z`),
      422,
    ],
    [
      'a time off the slot grid',
      async () => bookingRequest(new Date(Date.parse((await openDay(5)).slots[0]!.start) + 7 * 60_000).toISOString()),
      422,
    ],
    ['not an instant', () => bookingRequest('next tuesday'), 400],
    [
      'an oversize body',
      async () => ({ ...bookingRequest((await openDay(5)).slots[0]!.start), padding: 'x'.repeat(20_000) }),
      413,
    ],
  ];

  it.each(cases)('%s', async (_label, make, status) => {
    const [{ before }] = (await query<{ before: number }>(
      'SELECT (SELECT count(*) FROM bookings) + (SELECT count(*) FROM customers) + (SELECT count(*) FROM dogs) AS before',
    )) as [{ before: number }];
    const res = await post(await make());
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = BookingErrorSchema.parse(await res.json());
    expect(body.error.length).toBeGreaterThan(3);
    const [{ after }] = (await query<{ after: number }>(
      'SELECT (SELECT count(*) FROM bookings) + (SELECT count(*) FROM customers) + (SELECT count(*) FROM dogs) AS after',
    )) as [{ after: number }];
    expect(after).toBe(before);
  });

  it('answers 404 for an unknown or malformed booking id, and 405 for other methods', async () => {
    expect((await bookingHandler(new Request(`${API}/bookings/AAAAAAAAAAAAAAAAAAAAAAAA`))).status).toBe(404);
    expect((await bookingHandler(new Request(`${API}/bookings/not%20an%20id`))).status).toBe(404);
    expect((await bookingHandler(new Request(`${API}/bookings/by-session/cs_test_nothing`))).status).toBe(404);
    expect((await bookingsHandler(new Request(`${API}/bookings`))).status).toBe(405);
  });
});
