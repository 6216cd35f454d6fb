import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import { AvailabilityResponseSchema, BookingErrorSchema } from '../../src/domain/booking-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { closeDb, query } from '../../src/server/db.ts';
import { raceEngines } from '../helpers/real-postgres.ts';
import { fromTomorrow } from '../helpers/days.ts';

/**
 * No double booking under a real race. 200 booking requests for the same time arrive at once with
 * capacity 2: exactly two win, 198 get 409 slot_taken, and the losers leave nothing behind (their
 * customer, dog, key and messages were in the transaction that rolled back). Run on a real
 * PostgreSQL server, where transactions truly run side by side, and on the embedded PGlite.
 * A second test bypasses the application (raw INSERTs, no availability check) to show that the
 * database alone refuses the third overlapping booking.
 */
const ATTEMPTS = 200;
// All of them come from one address; the per-client limit has its own tests (booking-abuse.test.ts).
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
const API = 'http://localhost/v1.0.1';

for (const engine of raceEngines()) {
  describe.skipIf(engine.skip)(`no double booking on ${engine.name}`, () => {
    let server: { url: string; stop(): Promise<void> };
    beforeAll(async () => {
      server = await engine.start();
      const { seedDemoBusiness } = await import('../../src/server/seed.ts');
      await seedDemoBusiness();
    }, 120_000);
    afterAll(async () => {
      await closeDb();
      await server?.stop();
    });

    it(`${ATTEMPTS} simultaneous requests for one time with capacity 2 give exactly 2 bookings`, async () => {
      expect(DEFAULT_BOOKING_SETTINGS.capacity).toBe(2);
      const res = await availabilityHandler(new Request(`${API}/availability?service=full`));
      const { days } = AvailabilityResponseSchema.parse(await res.json());
      const day = fromTomorrow(days).filter((d) => d.open && d.slots.length >= 10)[1]!;
      const slot = day.slots[4]!;
      const before = await counts();

      const answers = await Promise.all(
        Array.from({ length: ATTEMPTS }, async (_, i) =>
          Promise.resolve(
            bookingsHandler(
              new Request(`${API}/bookings`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  serviceId: 'full',
                  start: slot.start,
                  dog: { name: `Racer ${i}`, breedId: 'whippet', weightKg: 13, coat: 'short' },
                  owner: {
                    name: `Owner ${i}`,
                    phone: `07700 900${300 + i}`,
                    email: `owner${i}@example.com`,
                    marketingConsent: false,
                    acceptTerms: true,
                  },
                  idempotencyKey: randomUUID(),
                }),
              }),
            ),
          ).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
        ),
      );

      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s === 409)).toHaveLength(ATTEMPTS - 2);
      for (const loser of answers.filter((a) => a.status === 409)) {
        const body = BookingErrorSchema.parse(loser.body);
        expect(body).toMatchObject({ error: 'That time has just been taken', code: 'slot_taken' });
        expect(body.slots!.map((s) => s.start)).not.toContain(slot.start);
      }

      const after = await counts();
      // Nothing half-written: exactly the winners' rows, no customers or dogs of the losers.
      expect(after.bookings - before.bookings).toBe(2);
      expect(after.customers - before.customers).toBe(2);
      expect(after.dogs - before.dogs).toBe(2);
      expect(after.keys - before.keys).toBe(2);
      expect(after.outbox - before.outbox).toBe(6);
      const [{ worst }] = (await query<{ worst: number }>(
        `SELECT COALESCE(max(n), 0)::int AS worst FROM (SELECT count(*) AS n FROM booking_cells GROUP BY cell) c`,
      )) as [{ worst: number }];
      expect(worst).toBe(2);
    }, 120_000);

    it('refuses a third overlapping booking in the database itself, even from raw concurrent INSERTs', async () => {
      const url = process.env.NETLIFY_DB_URL!;
      const [{ customer_id, dog_id }] = (await query<{ customer_id: string; dog_id: string }>(
        'SELECT customer_id, id AS dog_id FROM dogs LIMIT 1',
      )) as [{ customer_id: string; dog_id: string }];
      // Far from anything else: 20 bookings that all overlap 2030-03-04 10:00–11:00, staggered by 5 minutes.
      const base = Date.parse('2030-03-04T10:00:00Z');
      const results = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const client = new pg.Client({
            connectionString: url.includes('@') ? url : url.replace('://', '://postgres@'),
          });
          await client.connect();
          try {
            await client.query('BEGIN');
            await client.query(
              `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence,
                                   idempotency_key, request_hash, contact_name, contact_email)
             VALUES ($1, $2, $3, 'full', $4, $5, 'confirmed', '{}', 0, $6, repeat('0', 64), 'Raw', 'raw@example.com')`,
              [
                `raw-insert-${String(i).padStart(12, '0')}`,
                customer_id,
                dog_id,
                new Date(base - i * 5 * 60_000 + 60 * 60_000 - 60 * 60_000),
                new Date(base + 60 * 60_000 + i * 5 * 60_000),
                randomUUID(),
              ],
            );
            await client.query('COMMIT');
            return 'booked';
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            const e = error as { code?: string; constraint?: string };
            return e.code === '23P01' && e.constraint === 'booking_capacity'
              ? 'refused'
              : `error ${e.code}: ${(error as Error).message}`;
          } finally {
            await client.end();
          }
        }),
      );
      expect(results.filter((r) => r === 'booked')).toHaveLength(2);
      expect(results.filter((r) => r === 'refused')).toHaveLength(18);
      // At every moment of that hour, at most two active bookings overlap.
      const [{ most }] = (await query<{ most: number }>(
        `SELECT max((SELECT count(*) FROM bookings b WHERE b.status IN ('pending_payment', 'confirmed') AND b.during @> t))::int AS most
           FROM generate_series('2030-03-04T08:00:00Z'::timestamptz, '2030-03-04T13:00:00Z', interval '1 minute') AS t`,
      )) as [{ most: number }];
      expect(most).toBe(2);
    }, 60_000);
  });
}

async function counts() {
  const [row] = await query<{ bookings: number; customers: number; dogs: number; keys: number; outbox: number }>(
    `SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM customers)::int AS customers,
            (SELECT count(*) FROM dogs)::int AS dogs, (SELECT count(*) FROM access_keys)::int AS keys,
            (SELECT count(*) FROM outbox)::int AS outbox`,
  );
  return row!;
}
