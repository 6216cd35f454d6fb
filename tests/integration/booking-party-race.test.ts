import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import { AvailabilityResponseSchema, BookingErrorSchema } from '../../src/domain/booking-schemas.ts';
import { closeDb, query } from '../../src/server/db.ts';
import { raceEngines } from '../helpers/real-postgres.ts';
import { fromTomorrow } from '../helpers/days.ts';

/**
 * Several dogs in one booking are taken together or not at all (docs/decisions/082), under a real
 * race. With two grooming tables, a booking of two dogs races a one-dog booking for the last table:
 * side by side (both dogs need both tables at one time), and one after the other (the second dog
 * needs the last table after the first). Exactly one of the two wins each round, and the loser
 * leaves nothing behind: never one dog of the two booked. On a real PostgreSQL server, where the
 * transactions truly run side by side, and on the embedded PGlite.
 */
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
const API = 'http://localhost/v1.0.1';
const ROUNDS = 6;

let phoneNo = 100;
const owner = () => ({
  name: 'Race Owner',
  phone: `07700 900${String(phoneNo++ % 1000).padStart(3, '0')}`,
  email: 'race@example.com',
  marketingConsent: false,
  acceptTerms: true,
});
const dog = (name: string) => ({ name, breedId: 'whippet', weightKg: 13, coat: 'short' });

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

type Answer = Awaited<ReturnType<typeof post>>;
/** The party's request and the racer's, started in turn (the party first in even rounds): [party, racer]. */
async function race(
  round: number,
  party: () => Promise<Answer>,
  racer: () => Promise<Answer>,
): Promise<[Answer, Answer]> {
  if (round % 2 === 0) {
    const [p, r] = await Promise.all([party(), racer()]);
    return [p, r];
  }
  const [r, p] = await Promise.all([racer(), party()]);
  return [p, r];
}

const single = (start: string, name: string) =>
  post({ serviceId: 'full', start, dog: dog(name), owner: owner(), idempotencyKey: randomUUID() });
const party = (start: string, placement: 'side_by_side' | 'one_after_another', names: [string, string]) =>
  post({
    dogs: names.map((name) => ({ serviceId: 'full', dog: dog(name) })),
    start,
    placement,
    owner: owner(),
    idempotencyKey: randomUUID(),
  });

/** The rows of the dogs named, active or not: a half-written party would show here. */
async function rowsOf(names: string[]) {
  return query<{ name: string; status: string; party_id: string | null }>(
    `SELECT d.name, b.status, b.party_id FROM bookings b JOIN dogs d ON d.id = b.dog_id WHERE d.name = ANY($1)`,
    [names],
  );
}

async function mostAtOnce(): Promise<number> {
  const [row] = await query<{ worst: number }>(
    'SELECT COALESCE(max(n), 0)::int AS worst FROM (SELECT count(*) AS n FROM booking_cells GROUP BY cell) c',
  );
  return row!.worst;
}

for (const engine of raceEngines()) {
  describe.skipIf(engine.skip)(`several dogs, all or none, on ${engine.name}`, () => {
    let server: { url: string; stop(): Promise<void> };
    let days: Array<{ date: string; slots: Array<{ start: string }> }> = [];
    beforeAll(async () => {
      server = await engine.start();
      const { seedDemoBusiness } = await import('../../src/server/seed.ts');
      await seedDemoBusiness();
      const res = await availabilityHandler(new Request(`${API}/availability?service=full&weightKg=13`));
      days = fromTomorrow(AvailabilityResponseSchema.parse(await res.json()).days).filter(
        (d) => d.open && d.slots.length >= 20,
      );
    }, 120_000);
    afterAll(async () => {
      await closeDb();
      await server?.stop();
    });

    it('two dogs side by side race a one-dog booking for the last table: exactly one wins, never one dog of two', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // Both tables free at 09:00 of a day of its own.
        const start = days[round]!.slots[0]!.start;
        const names: [string, string] = [`Side A${round}`, `Side B${round}`];
        const racer = `Side racer ${round}`;
        // Which request starts first alternates; `a` is the party's answer either way.
        const [a, b] = await race(
          round,
          () => party(start, 'side_by_side', names),
          () => single(start, racer),
        );
        expect([a.status, b.status].sort()).toEqual([201, 409]);
        const loser = a.status === 409 ? a : b;
        expect(BookingErrorSchema.parse(loser.body).code).toBe('slot_taken');
        const dogs = await rowsOf(names);
        if (a.status === 201) {
          expect(dogs.map((d) => d.status)).toEqual(['confirmed', 'confirmed']);
          expect(new Set(dogs.map((d) => d.party_id)).size).toBe(1);
          expect(await rowsOf([racer])).toEqual([]);
        } else {
          expect(dogs).toEqual([]);
          expect((await rowsOf([racer])).map((d) => d.status)).toEqual(['confirmed']);
        }
      }
      // Either side may win a round: whichever transaction reaches the tables first.
      expect(await mostAtOnce()).toBeLessThanOrEqual(2);
    }, 120_000);

    it('two dogs one after the other race a one-dog booking for the last table: exactly one wins, never one dog of two', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const day = days[ROUNDS + round]!;
        const start = day.slots[0]!.start;
        // One table is taken for the party's whole span: two bookings back to back.
        const first = await single(start, `Wall A${round}`);
        expect(first.status).toBe(201);
        const { days: after } = AvailabilityResponseSchema.parse(
          await (
            await availabilityHandler(new Request(`${API}/availability?dogs=full:13,full:13&from=${day.date}&days=1`))
          ).json(),
        );
        const offered = after[0]!.slots.find((s) => s.start === start);
        expect(offered?.placement).toBe('one_after_another');
        const names: [string, string] = [`After A${round}`, `After B${round}`];
        const racer = `After racer ${round}`;
        // The racer wants the last table when the party's second dog would be on it, and the other
        // table is taken then too.
        const dogMinutes = await visitMinutes();
        const racerStart = new Date(Date.parse(start) + dogMinutes * 60_000).toISOString();
        const wall = await single(racerStart, `Wall B${round}`);
        expect(wall.status).toBe(201);
        const [a, b] = await race(
          round,
          () => party(start, 'one_after_another', names),
          () => single(racerStart, racer),
        );
        expect([a.status, b.status].sort()).toEqual([201, 409]);
        const dogs = await rowsOf(names);
        if (a.status === 201) {
          expect(dogs.map((d) => d.status)).toEqual(['confirmed', 'confirmed']);
          expect(await rowsOf([racer])).toEqual([]);
        } else {
          expect(dogs).toEqual([]);
          expect((await rowsOf([racer])).map((d) => d.status)).toEqual(['confirmed']);
        }
      }
      expect(await mostAtOnce()).toBeLessThanOrEqual(2);
    }, 120_000);
  });
}

/** How long the full groom of a 13 kg dog takes, as the server plans it. */
async function visitMinutes(): Promise<number> {
  const [row] = await query<{ minutes: number }>(
    `SELECT (extract(epoch FROM end_at - start_at) / 60)::int AS minutes FROM bookings b
       JOIN dogs d ON d.id = b.dog_id WHERE d.name LIKE 'Wall A%' LIMIT 1`,
  );
  return row!.minutes;
}
