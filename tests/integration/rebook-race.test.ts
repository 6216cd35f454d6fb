import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import * as rebookFunction from '../../netlify/functions/rebook.ts';
import { isBankHoliday } from '../../src/domain/bank-holidays.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { addDays, todayIn, weekdayOf, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { RebookProposalsSchema } from '../../src/domain/rebook-schemas.ts';
import { closeDb, query } from '../../src/server/db.ts';
import { routed } from '../helpers/netlify-context.ts';
import { raceEngines } from '../helpers/real-postgres.ts';
import { insertBooking } from '../helpers/staff-records.ts';

/**
 * A series is taken whole or not at all (docs/decisions/085), under a real race: with one table
 * left at its first visit's time, a series of two races a one-dog booking for it. Exactly one
 * wins each round, and a losing series leaves nothing behind. On a real PostgreSQL server, where the
 * transactions truly run side by side, and on the embedded PGlite.
 */
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
const API = 'http://localhost/v1.0.1';
const LONDON = DEFAULT_BOOKING_SETTINGS.timeZone;
const ROUNDS = 4;
const rebook = routed(rebookFunction);

let phoneNo = 300;
const single = async (start: string, name: string) => {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: 'full',
        start,
        dog: { name, breedId: 'whippet', weightKg: 13, coat: 'short' },
        owner: {
          name: 'Race Owner',
          phone: `07700 900${String(phoneNo++ % 1000).padStart(3, '0')}`,
          email: 'race@example.com',
          marketingConsent: false,
          acceptTerms: true,
        },
        idempotencyKey: randomUUID(),
      }),
    }),
  );
  return res.status;
};

/**
 * The race's two days: the first Tuesday from the day after tomorrow and the Wednesday after it, and
 * each one's visit four weeks on, open (no bank holiday then). A rebook obeys the shop's horizon as
 * /book does (issue 29, docs/decisions/101): 8 weeks, so a series of two visits four weeks apart fits
 * only from a booking four weeks back, a visit done. The series' visits fall on the race days and four
 * weeks after, at most on day 36, whatever the day the test runs. Two rounds a day, at 09:00 and
 * 13:00, whose two-hour grooms never meet.
 */
function raceDays(): [string, string] {
  let date = addDays(todayIn(LONDON, new Date()), 2);
  while (weekdayOf(date) !== 'tuesday' || [0, 1, 28, 29].some((d) => isBankHoliday(addDays(date, d))))
    date = addDays(date, 1);
  return [date, addDays(date, 1)];
}
const ROUND_STARTS = ['09:00', '13:00'];

/** The round's anchor: a full groom for a whippet four weeks before the visit the round races for. */
async function anchor(days: readonly string[], round: number): Promise<string> {
  const date = days[Math.floor(round / ROUND_STARTS.length)]!;
  const made = await insertBooking({
    start: zonedDateTimeToInstant(addDays(date, -28), ROUND_STARTS[round % ROUND_STARTS.length]!, LONDON),
    minutes: 60,
    dog: { breedId: 'whippet', weightKg: 13 },
  });
  return made.bookingId;
}

for (const engine of raceEngines()) {
  describe.skipIf(engine.skip)(`a series, all or none, on ${engine.name}`, () => {
    let server: { stop(): Promise<void> };
    beforeAll(async () => {
      server = await engine.start();
      const { seedDemoBusiness } = await import('../../src/server/seed.ts');
      await seedDemoBusiness();
    }, 120_000);
    afterAll(async () => {
      await closeDb();
      await server?.stop();
    });

    it('a series of two races a one-dog booking for the last table at its first visit: exactly one wins', async () => {
      // Once for the race: rounds that worked their days out again could be a day apart across midnight.
      const days = raceDays();
      for (let round = 0; round < ROUNDS; round++) {
        const id = await anchor(days, round);
        const res = await rebook(new Request(`${API}/bookings/${id}/rebook?weeks=4&visits=2`));
        const starts = RebookProposalsSchema.parse(await res.json()).proposals.flatMap((p) =>
          p.kind === 'none' ? [] : [p.start],
        );
        expect(starts).toHaveLength(2);
        // One of the two tables taken at the first visit's time.
        expect(await single(starts[0]!, `Wall ${round}`)).toBe(201);
        const series = () =>
          rebook(
            new Request(`${API}/bookings/${id}/rebook`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ weeks: 4, visits: starts, idempotencyKey: randomUUID() }),
            }),
          ).then((r) => r.status);
        const racer = () => single(starts[0]!, `Racer ${round}`);
        // Which starts first alternates.
        const [s, r] =
          round % 2 === 0
            ? await Promise.all([series(), racer()])
            : await Promise.all([racer(), series()]).then(([a, b]) => [b, a] as const);
        expect([s, r].sort()).toEqual([201, 409]);
        const visits = await query<{ status: string }>(
          `SELECT b.status FROM bookings b JOIN booking_series s ON s.id = b.series_id WHERE s.from_booking_id = $1`,
          [id],
        );
        expect(visits.map((v) => v.status)).toEqual(s === 201 ? ['confirmed', 'confirmed'] : []);
        expect(await query('SELECT id FROM booking_series WHERE from_booking_id = $1', [id])).toHaveLength(
          s === 201 ? 1 : 0,
        );
      }
      const [row] = await query<{ worst: number }>(
        'SELECT COALESCE(max(n), 0)::int AS worst FROM (SELECT count(*) AS n FROM booking_cells GROUP BY cell) c',
      );
      expect(row!.worst).toBeLessThanOrEqual(2);
    }, 120_000);
  });
}
