import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import {
  AvailabilityResponseSchema,
  CreateBookingResponseSchema,
  type CreateBookingResponse,
} from '../../src/domain/booking-api-schemas.ts';
import { query } from '../../src/server/db.ts';
import { randomId } from '../../src/server/ids.ts';
import { fromTomorrow } from './days.ts';

/**
 * A waiting request written straight into waitlist_requests, as POST /waitlist leaves one once its
 * number is proven (joining is built and tested on its own): one dog and service, what suits, how
 * to be told. `createdAt` decides its place: first asked, first offered.
 */
export async function waitingRequest(options: {
  createdAt: Date;
  date: string;
  toDate?: string;
  parts?: Array<'morning' | 'afternoon'>;
  weekdays?: number[];
  phone: string;
  email?: string | null;
  serviceId?: string;
  dog?: { name: string; breedId: string; weightKg: number; coat: string };
}): Promise<string> {
  const id = randomId(18);
  const dog = options.dog ?? { name: 'Pickle', breedId: 'border-terrier', weightKg: 9, coat: 'wire' };
  await query(
    `INSERT INTO waitlist_requests (id, service_id, dog, extras, minutes, from_date, to_date, weekdays, parts, contact_name,
        phone, email, notify_text, notify_email, status, idempotency_key, request_hash, created_at, updated_at)
     VALUES ($1, $2, $3, '{}', 60, $4, $5, $6, $7, 'Robin Waiting', $8, $9, true, $10, 'waiting', $11, $12, $13, $13)`,
    [
      id,
      options.serviceId ?? 'full',
      JSON.stringify(dog),
      options.date,
      options.toDate ?? options.date,
      options.weekdays ?? [1, 2, 3, 4, 5, 6, 7],
      options.parts ?? ['morning', 'afternoon'],
      options.phone,
      options.email ?? null,
      Boolean(options.email),
      randomUUID(),
      createHash('sha256').update(id).digest('hex'),
      options.createdAt,
    ],
  );
  return id;
}

/**
 * A full groom at `start` booked online by a stranger from `phone` (POST /v1.0.1/bookings through its
 * handler): the table the waitlist's tests then free by cancelling it.
 */
export async function bookFullGroom(start: string, phone: string): Promise<CreateBookingResponse> {
  const res = await bookingsHandler(
    new Request('http://localhost/v1.0.1/bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: 'full',
        start,
        dog: { name: 'Biscuit', breedId: 'border-terrier', weightKg: 9, coat: 'wire' },
        owner: { name: 'Sam Booked', phone, email: 'sam@example.com', marketingConsent: false, acceptTerms: true },
        idempotencyKey: randomUUID(),
      }),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return CreateBookingResponseSchema.parse(await res.json());
}

/**
 * Fresh open days for a test file, each at least two days away, with its first start (a morning):
 * `const nextDay = openDaysAway();` then `await nextDay()` for each test's own day.
 */
export function openDaysAway(): () => Promise<{ date: string; start: string }> {
  let index = 0;
  return async () => {
    const res = await availabilityHandler(new Request('http://localhost/v1.0.1/availability?service=full'));
    const { days } = AvailabilityResponseSchema.parse(await res.json());
    const away = Date.now() + 48 * 3_600_000;
    const day = fromTomorrow(days).filter(
      (d) => d.open && d.slots.length >= 12 && Date.parse(d.slots[0]!.start) > away,
    )[index++];
    if (!day) throw new Error('out of days');
    return { date: day.date, start: day.slots[0]!.start };
  };
}
