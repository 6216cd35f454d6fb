import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import joinHandler from '../../netlify/functions/waitlist.ts';
import { addDays, todayIn } from '../../src/domain/london-time.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  CreateBookingResponseSchema,
} from '../../src/domain/booking-schemas.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { fromTomorrow } from '../helpers/days.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The dogs of one booking are distinct dogs (issue 29, docs/decisions/098). Two dogs whose names
 * differ only by capitals or spaces ("Bo" and "bo") are refused with a 422 in the shop's words before
 * anything is written, on an unproved number (once a 500: a duplicate key in dogs) and with a proved
 * device key (once both visits pointed at one dog record), and so is one saved dog chosen twice. Dogs
 * the owner named apart are each their own record, a saved dog renamed included, and nothing answers 500.
 */
process.env.URL = 'https://shop.example';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const NOT_APART = 'Two of your dogs are both called Bo — please give each a name we can tell apart.';

beforeAll(async () => {
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'none' } }));
});

let phoneNo = 850;
const nextPhone = () => `07700 900${phoneNo++}`;
const e164 = (phone: string) => `+44${phone.replace(/\s/g, '').slice(1)}`;
const owner = (phone: string) => ({
  name: 'Kim Twodogs',
  phone,
  email: 'kim@example.com',
  marketingConsent: false,
  acceptTerms: true,
});
const dog = (name: string, weightKg = 12) => ({ name, breedId: 'whippet', weightKg, coat: 'short' });

let slotIndex = 0;
/** A start where two dogs fit, a different one each call, with how they sit there. */
async function partyStart() {
  const res = await availabilityHandler(new Request(`${API}/availability?dogs=full:12,full:9`));
  const slots = fromTomorrow(AvailabilityResponseSchema.parse(await res.json()).days)
    .filter((d) => d.open)
    .flatMap((d) => d.slots);
  const slot = slots[(slotIndex += 7)]!;
  return { start: slot.start, ...(slot.placement ? { placement: slot.placement } : {}) };
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const party = async (phone: string, dogs: unknown[], extra: Record<string, unknown> = {}) => ({
  dogs,
  ...(await partyStart()),
  owner: owner(phone),
  idempotencyKey: randomUUID(),
  ...extra,
});

const recordsOf = async (phone: string) =>
  (
    await query<{ customers: number; dogs: number; bookings: number }>(
      `SELECT (SELECT count(*)::int FROM customers WHERE phone = $1) AS customers,
              (SELECT count(*)::int FROM dogs d JOIN customers c ON c.id = d.customer_id WHERE c.phone = $1) AS dogs,
              (SELECT count(*)::int FROM bookings WHERE contact_phone = $1) AS bookings`,
      [e164(phone)],
    )
  )[0]!;

function refusedAsNotApart(res: { status: number; body: unknown }, error = NOT_APART) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(BookingErrorSchema.parse(res.body)).toMatchObject({ error, code: 'dogs_not_apart' });
}

describe('a party on an unproved number', () => {
  it.each([
    ['Bo', 'bo'],
    ['Bo', 'BO'],
    ['Bo', 'B o'],
    ['Bo Bo', 'bobo'],
  ])('refuses %j and %j with a 422 asking to tell them apart, and writes nothing', async (a, b) => {
    const phone = nextPhone();
    const res = await post(
      await party(phone, [
        { serviceId: 'full', dog: dog(a) },
        { serviceId: 'full', dog: dog(b, 9) },
      ]),
    );
    refusedAsNotApart(res, `Two of your dogs are both called ${a} — please give each a name we can tell apart.`);
    expect(await recordsOf(phone)).toEqual({ customers: 0, dogs: 0, bookings: 0 });
  });

  it('books two dogs named apart as two dog records', async () => {
    const phone = nextPhone();
    const res = await post(
      await party(phone, [
        { serviceId: 'full', dog: dog('Bo') },
        { serviceId: 'full', dog: dog('Bobby', 9) },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await recordsOf(phone)).toEqual({ customers: 1, dogs: 2, bookings: 2 });
  });
});

describe('a party with a proved device key', () => {
  /** A first booking proved with the code texted: the number's record, its saved dog Bo and this device's key. */
  async function returning() {
    const phone = nextPhone();
    const first = await post({
      serviceId: 'full',
      dog: dog('Bo'),
      ...(await partyStart()),
      placement: undefined,
      owner: owner(phone),
      idempotencyKey: randomUUID(),
      phoneProof: await textedCode(phone),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const { accessKey } = CreateBookingResponseSchema.parse(first.body);
    const [bo] = await query<{ id: string }>(
      `SELECT d.id FROM dogs d JOIN customers c ON c.id = d.customer_id WHERE c.phone = $1`,
      [e164(phone)],
    );
    return { phone, key: { 'x-access-key': accessKey! }, bo: bo!.id };
  }
  const dogIdsOf = (bookingId: string) =>
    query<{ dog_id: string; name: string }>(
      `SELECT b.dog_id, d.name FROM bookings b JOIN dogs d ON d.id = b.dog_id WHERE b.party_id = $1
        ORDER BY b.id = $1 DESC, b.start_at, b.created_at`,
      [bookingId],
    );

  it('refuses the saved Bo beside a new "bo" (once both visits were booked on one dog record)', async () => {
    const { phone, key, bo } = await returning();
    const res = await post(
      await party(phone, [
        { serviceId: 'full', dog: dog('Bo'), savedDogId: bo },
        { serviceId: 'full', dog: dog('bo', 9) },
      ]),
      key,
    );
    refusedAsNotApart(res);
    expect(await recordsOf(phone)).toEqual({ customers: 1, dogs: 1, bookings: 1 });
  });

  it('refuses one saved dog chosen twice', async () => {
    const { phone, key, bo } = await returning();
    const res = await post(
      await party(phone, [
        { serviceId: 'full', dog: dog('Bo'), savedDogId: bo },
        { serviceId: 'full', dog: dog('Pip', 9), savedDogId: bo },
      ]),
      key,
    );
    refusedAsNotApart(res, 'You chose Pip for two of your dogs — please choose each of your dogs once.');
    expect(await recordsOf(phone)).toEqual({ customers: 1, dogs: 1, bookings: 1 });
  });

  it('books a new dog called Bo beside the saved Bo renamed Rex: two dog records, each visit on its own', async () => {
    const { phone, key, bo } = await returning();
    const res = await post(
      await party(phone, [
        { serviceId: 'full', dog: dog('Bo', 6) },
        { serviceId: 'full', dog: dog('Rex', 12), savedDogId: bo },
      ]),
      key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { bookingId } = CreateBookingResponseSchema.parse(res.body);
    const visits = await dogIdsOf(bookingId);
    expect(visits.map((v) => v.name)).toEqual(['Bo', 'Rex']);
    expect(visits[1]!.dog_id).toBe(bo);
    expect(new Set(visits.map((v) => v.dog_id)).size).toBe(2);
    expect(await recordsOf(phone)).toEqual({ customers: 1, dogs: 2, bookings: 3 });
  });
});

describe('a waitlist request for several dogs', () => {
  it('refuses "Bo" and "bo" in the same words, and writes nothing', async () => {
    const phone = nextPhone();
    const today = todayIn('Europe/London', new Date());
    const res = await joinHandler(
      new Request(`${API}/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          dogs: [
            { serviceId: 'full', dog: dog('Bo') },
            { serviceId: 'full', dog: dog('bo', 9) },
          ],
          from: addDays(today, 2),
          to: addDays(today, 9),
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          parts: ['morning', 'afternoon'],
          owner: { name: 'Kim Twodogs', phone, email: 'kim@example.com' },
          notify: { text: true, email: false },
          idempotencyKey: randomUUID(),
          phoneProof: await textedCode(phone),
        }),
      }),
      { ip: '198.51.100.88' },
    );
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body).toMatchObject({ error: NOT_APART, code: 'dogs_not_apart' });
    expect(await query('SELECT id FROM waitlist_requests WHERE phone = $1', [e164(phone)])).toEqual([]);
  });
});
