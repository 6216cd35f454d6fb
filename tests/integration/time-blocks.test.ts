import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import { AvailabilityResponseSchema, BookingErrorSchema } from '../../src/domain/booking-schemas.ts';
import { blocksBetween, createBlock, removeBlock } from '../../src/server/bookings/blocks.ts';
import { query, transaction } from '../../src/server/db.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { fromTomorrow } from '../helpers/days.ts';

/** Time blocked off by staff: online availability loses it, and no booking gets into it by any road. */
useTestDatabase({ seed: true });
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

const API = 'http://localhost/v1.0.1';
async function day(n: number) {
  const { days } = AvailabilityResponseSchema.parse(
    await (await availabilityHandler(new Request(`${API}/availability?service=nails`))).json(),
  );
  return fromTomorrow(days).filter((d) => d.open && d.slots.length >= 20)[n]!;
}
async function startsOn(date: string) {
  const { days } = AvailabilityResponseSchema.parse(
    await (await availabilityHandler(new Request(`${API}/availability?service=nails&from=${date}&days=1`))).json(),
  );
  return days[0]!.slots.map((s) => s.start);
}
let phone = 600;
const book = (start: string) =>
  bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: 'nails',
        start,
        dog: { name: 'Dot', breedId: 'pug', weightKg: 7, coat: 'short' },
        owner: {
          name: 'Kit Lane',
          phone: `07700 900${phone++}`,
          email: 'kit@example.com',
          marketingConsent: false,
          acceptTerms: true,
        },
        idempotencyKey: randomUUID(),
      }),
    }),
  );

describe('time blocked off', () => {
  it('takes its times out of online availability, and a booking into it is refused', async () => {
    const { date, slots } = await day(0);
    const start = new Date(slots[4]!.start);
    const end = new Date(start.getTime() + 2 * 3600_000);
    const block = await transaction((tx) => createBlock(tx, { start, end, reason: 'Training', createdBy: null }));
    const free = await startsOn(date);
    expect(free).not.toContain(slots[4]!.start);
    expect(free).toContain(slots[0]!.start);
    const refused = await book(slots[4]!.start);
    expect(refused.status).toBe(409);
    expect(BookingErrorSchema.parse(await refused.json()).code).toBe('slot_taken');
    expect(await transaction((tx) => blocksBetween(tx, start, end))).toEqual([block]);

    // Removed, the time is bookable again.
    await transaction((tx) => removeBlock(tx, block.id));
    expect(await startsOn(date)).toContain(slots[4]!.start);
  });

  it('is refused by the database itself, whatever the application does', async () => {
    const { slots } = await day(1);
    expect((await book(slots[12]!.start)).status).toBe(201);
    const start = new Date(slots[0]!.start);
    await transaction((tx) =>
      createBlock(tx, { start, end: new Date(start.getTime() + 3600_000), reason: 'Break', createdBy: null }),
    );
    const [{ customer, dog }] = (await query<{ customer: string; dog: string }>(
      'SELECT c.id AS customer, d.id AS dog FROM customers c JOIN dogs d ON d.customer_id = c.id LIMIT 1',
    )) as [{ customer: string; dog: string }];
    await expect(
      query(
        `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence, idempotency_key, request_hash, contact_name, contact_email)
       VALUES ('RawBlockedBooking0000000001', $1, $2, 'nails', $3, $4, 'confirmed', '{}', 0, 'raw-block', repeat('0', 64), 'x', 'x@example.com')`,
        [customer, dog, start, new Date(start.getTime() + 30 * 60_000)],
      ),
    ).rejects.toThrow(/blocked off/);
  });

  it('cannot be made over a booking: the bookings to move first are named', async () => {
    const { slots } = await day(2);
    expect((await book(slots[2]!.start)).status).toBe(201);
    const start = new Date(slots[0]!.start);
    await expect(
      transaction((tx) =>
        createBlock(tx, { start, end: new Date(start.getTime() + 3 * 3600_000), reason: 'Closed', createdBy: null }),
      ),
    ).rejects.toMatchObject({
      status: 409,
      extra: { conflicts: [expect.objectContaining({ start: slots[2]!.start })] },
    });
  });
});
