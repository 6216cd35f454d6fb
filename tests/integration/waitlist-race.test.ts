import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import * as waitlistOffers from '../../netlify/functions/waitlist-offers.ts';
import { AvailabilityResponseSchema } from '../../src/domain/booking-schemas.ts';
import { closeDb, query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { fromTomorrow } from '../helpers/days.ts';
import { routed } from '../helpers/netlify-context.ts';
import { raceEngines } from '../helpers/real-postgres.ts';
import { waitingRequest, bookFullGroom } from '../helpers/waitlist.ts';

/**
 * Two waitlisted owners confirming the same freed time at once (issue 21, docs/decisions/084): the
 * booking decides, so exactly one of them gets it and the other's tap is answered that it has gone, round after
 * round, on a real PostgreSQL server (where the two transactions truly run side by side) and on the
 * embedded PGlite. Which owner taps first alternates.
 */
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const ROUNDS = 4;
const changes = routed(bookingChanges);
const answers = routed(waitlistOffers);

let phoneNo = 200;
async function book(start: string): Promise<string> {
  return (await bookFullGroom(start, `07700 900${phoneNo++}`)).bookingId;
}

async function accept(requestId: string, offerId: string) {
  const res = await answers(
    new Request(`${API}/waitlist/${requestId}/offers/${offerId}/accept`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ idempotencyKey: randomUUID() }),
    }),
  );
  return res.status;
}

for (const engine of raceEngines()) {
  describe.skipIf(engine.skip)(`the waitlist's race on ${engine.name}`, () => {
    let server: { url: string; stop(): Promise<void> };
    let days: Array<{ date: string; slots: Array<{ start: string }> }> = [];
    beforeAll(async () => {
      server = await engine.start();
      const { seedDemoBusiness } = await import('../../src/server/seed.ts');
      await seedDemoBusiness();
      await transaction((tx) =>
        updateBookingSettings(tx, {
          deposit: { kind: 'none' },
          waitlist: { offersAtOnce: 3, offerMinutes: 60, wakingHours: { from: '00:00', to: '23:59' } },
        }),
      );
      // The rules just changed raise "a time has freed" over the horizon: only the cancellations count here.
      await query(`UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL`);
      const res = await availabilityHandler(new Request(`${API}/availability?service=full`));
      const away = Date.now() + 48 * 3_600_000;
      days = fromTomorrow(AvailabilityResponseSchema.parse(await res.json()).days).filter(
        (d) => d.open && d.slots.length >= 12 && Date.parse(d.slots[0]!.start) > away,
      );
    }, 120_000);
    afterAll(async () => {
      await closeDb();
      await server?.stop();
    });

    it('two owners confirming the one freed table at once: exactly one booking; the other tap is told on the spot that the time has gone', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const day = days[round]!;
        const start = day.slots[0]!.start;
        const [, freed] = [await book(start), await book(start)];
        const base = Date.now() - 86_400_000;
        const first = await waitingRequest({
          createdAt: new Date(base),
          date: day.date,
          phone: `+447700902${round}01`,
        });
        const second = await waitingRequest({
          createdAt: new Date(base + 60_000),
          date: day.date,
          phone: `+447700902${round}02`,
        });
        // The owner's cancel runs the offer job after it commits: both are offered the table.
        const cancelled = await changes(
          new Request(`${API}/bookings/${freed}/cancel`, {
            method: 'POST',
            headers: JSON_TYPE,
            body: JSON.stringify({ reason: 'Poorly' }),
          }),
        );
        expect(cancelled.status).toBe(200);
        const offers = await query<{ id: string; request_id: string }>(
          `SELECT id, request_id FROM waitlist_offers WHERE request_id = ANY ($1::text[]) AND status = 'open'`,
          [[first, second]],
        );
        expect(offers.map((o) => o.request_id).sort()).toEqual([first, second].sort());
        const offerOf = (request: string) => offers.find((o) => o.request_id === request)!.id;
        const taps = [() => accept(first, offerOf(first)), () => accept(second, offerOf(second))];
        if (round % 2) taps.reverse();
        // The tap that lost is answered 409 'offer_gone' in the shop's words on its own page.
        const statuses = await Promise.all(taps.map((tap) => tap()));
        expect(statuses.sort()).toEqual([201, 409]);

        const booked = await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM bookings WHERE waitlist_offer_id = ANY ($1::text[]) AND status = 'confirmed'`,
          [offers.map((o) => o.id)],
        );
        expect(booked[0]!.n, `round ${round}`).toBe(1);
        const states = await query<{ status: string }>(
          `SELECT status FROM waitlist_offers WHERE id = ANY ($1::text[]) ORDER BY status`,
          [offers.map((o) => o.id)],
        );
        expect(states.map((s) => s.status)).toEqual(['gone', 'taken']);
        // Never more bookings at the start than the shop has tables.
        const [{ n }] = (await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM bookings WHERE start_at = $1 AND status IN ('confirmed', 'pending_payment')`,
          [start],
        )) as [{ n: number }];
        expect(n).toBe(2);
      }
    }, 120_000);
  });
}
