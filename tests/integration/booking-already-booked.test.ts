import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  CreateBookingResponseSchema,
} from '../../src/domain/booking-schemas.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { fromTomorrow } from '../helpers/days.ts';
import { routed } from '../helpers/netlify-context.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The same dog at the same start, booked again from the device that booked it (issue 29,
 * docs/decisions/099): POST /bookings answers 409 `already_booked` and books nothing, until the
 * request says `anotherBooking: true`. Today's code made a second booking (a second hold and a second
 * payment page when a deposit is due) without a word.
 */
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
process.env.STRIPE_SECRET_KEY = 'sk_test_already_booked';
useFakeStripe();
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const bookingChangesHandler = routed(bookingChanges);

let phoneNo = 500;
const owner = () => ({
  name: 'Priya Shah',
  phone: `07700 900${phoneNo++}`,
  email: 'priya@example.com',
  marketingConsent: false,
  acceptTerms: true,
});
const biscuit = { name: 'Biscuit', breedId: 'beagle', weightKg: 12, coat: 'short' } as const;
const pip = { name: 'Pip', breedId: 'whippet', weightKg: 9, coat: 'short' } as const;

async function post(body: Record<string, unknown>, accessKey?: string) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accessKey ? { 'x-access-key': accessKey } : {}) },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as unknown };
}
const one = (start: string, who: ReturnType<typeof owner>, dog: object = biscuit, extra: object = {}) => ({
  serviceId: 'full',
  start,
  dog,
  owner: who,
  idempotencyKey: randomUUID(),
  ...extra,
});

let dayIndex = 2;
/** A day of its own for each test, with its times for `q`. */
async function freeDay(q = 'service=full') {
  const res = await availabilityHandler(new Request(`${API}/availability?${q}`));
  const days = fromTomorrow(AvailabilityResponseSchema.parse(await res.json()).days).filter(
    (d) => d.open && d.slots.length >= 6,
  );
  return days[dayIndex++]!;
}
const londonTime = (start: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(
    new Date(start),
  );
async function bookingsOf(phone: string) {
  const e164 = `+44${phone.replace(/\s/g, '').slice(1)}`;
  return query<{ id: string; status: string }>(
    `SELECT b.id, b.status FROM bookings b JOIN customers c ON c.id = b.customer_id WHERE c.phone = $1 ORDER BY b.created_at`,
    [e164],
  );
}
/** A first booking from a new device: its answer and the device key it leaves. */
async function firstBooking(body: Record<string, unknown>) {
  const made = await post(body);
  expect(made.status).toBe(201);
  const answer = CreateBookingResponseSchema.parse(made.body);
  expect(answer.accessKey).toBeTruthy();
  return { id: answer.bookingId, key: answer.accessKey! };
}

describe('the same dog at the same start from the same device', () => {
  it('is asked about with a 409 that says which booking, and nothing is booked', async () => {
    const day = await freeDay();
    const me = owner();
    const start = day.slots[2]!.start;
    const first = await firstBooking(one(start, me));

    // The form again, with a new idempotency key (a second tab, the back button, answers kept).
    const again = await post(one(start, me, { ...biscuit, name: ' biscuit ' }), first.key);
    expect(again.status).toBe(409);
    const refusal = BookingErrorSchema.parse(again.body);
    expect(refusal).toMatchObject({
      code: 'already_booked',
      error: `You already booked biscuit at ${londonTime(start)} — book another?`,
      booked: { bookingId: first.id, dogs: ['biscuit'], start: new Date(start).toISOString() },
    });
    expect(await bookingsOf(me.phone)).toHaveLength(1);
  });

  it('books another when the owner says so, and a retry of the first request is answered as before', async () => {
    const day = await freeDay();
    const me = owner();
    const start = day.slots[2]!.start;
    const body = one(start, me);
    const first = await firstBooking(body);

    // The same request again (a dropped answer): the same booking, not a question.
    const retried = await post(body, first.key);
    expect(retried.status).toBe(201);
    expect(CreateBookingResponseSchema.parse(retried.body).bookingId).toBe(first.id);

    const another = await post(one(start, me, biscuit, { anotherBooking: true }), first.key);
    expect(another.status).toBe(201);
    expect(CreateBookingResponseSchema.parse(another.body).bookingId).not.toBe(first.id);
    expect(await bookingsOf(me.phone)).toHaveLength(2);
  });

  it('is no question for another device, another dog, another time or a cancelled booking', async () => {
    const day = await freeDay();
    const me = owner();
    const start = day.slots[2]!.start;
    const first = await firstBooking(one(start, me));

    // Without the device's key: a stranger with the number is told nothing of its bookings
    // (decisions 050 and 072), and books on a record of its own. The time's two tables are taken.
    expect((await post(one(start, me))).status).toBe(201);

    const later = day.slots.at(-1)!.start;
    expect((await post(one(later, me), first.key)).status).toBe(201);
    expect((await post(one(later, me, pip), first.key)).status).toBe(201);

    const cancelled = await bookingChangesHandler(
      new Request(`${API}/bookings/${first.id}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-key': first.key },
        body: '{}',
      }),
    );
    expect(cancelled.status).toBe(200);
    expect((await post(one(start, me), first.key)).status).toBe(201);
  });

  it('asks about a hold that waits for its deposit, and not once the hold has lapsed', async () => {
    await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
    try {
      const day = await freeDay();
      const me = owner();
      const start = day.slots[2]!.start;
      const made = await post(one(start, me));
      expect(made.status).toBe(201);
      const held = CreateBookingResponseSchema.parse(made.body);
      expect(held.status).toBe('pending_payment');

      const again = await post(one(start, me), held.accessKey);
      expect(again.status).toBe(409);
      expect(BookingErrorSchema.parse(again.body).code).toBe('already_booked');

      // The hold's time ran out unpaid: the time is free again, and booking it is no second booking.
      await query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [held.bookingId]);
      const rebooked = await post(one(start, me), held.accessKey);
      expect(rebooked.status).toBe(201);
      expect(CreateBookingResponseSchema.parse(rebooked.body).status).toBe('pending_payment');
    } finally {
      await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'none' } }));
    }
  });

  it('matches the dogs of a party at the party’s start, naming those booked', async () => {
    const day = await freeDay('dogs=full:12,full:9');
    const me = owner();
    const slot = day.slots[1]!;
    const party = {
      dogs: [
        { serviceId: 'full', dog: pip },
        { serviceId: 'full', dog: biscuit },
      ],
      start: slot.start,
      placement: 'one_after_another',
      owner: me,
      idempotencyKey: randomUUID(),
    };
    const made = await post(party);
    expect(made.status).toBe(201);
    const first = CreateBookingResponseSchema.parse(made.body);

    // Biscuit goes second, after Pip, but was booked for the party's start.
    const again = await post(one(slot.start, me), first.accessKey);
    expect(again.status).toBe(409);
    expect(BookingErrorSchema.parse(again.body)).toMatchObject({
      code: 'already_booked',
      error: `You already booked Biscuit at ${londonTime(slot.start)} — book another?`,
      booked: { bookingId: first.bookingId, dogs: ['Biscuit'] },
    });

    const wholeAgain = await post({ ...party, idempotencyKey: randomUUID() }, first.accessKey);
    expect(wholeAgain.status).toBe(409);
    expect(BookingErrorSchema.parse(wholeAgain.body).error).toBe(
      `You already booked Pip and Biscuit at ${londonTime(slot.start)} — book another?`,
    );
  });
});
