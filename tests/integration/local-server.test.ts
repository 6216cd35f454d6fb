import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port.ts';
import { startSiteServer, type SiteServer } from '../../scripts/lib/site-server.ts';
import { AvailabilityResponseSchema } from '../../src/domain/booking-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { fromTomorrow } from '../helpers/days.ts';

/**
 * The local server `npm start` and the end-to-end tests run, tried as a crowd would: the functions
 * run in process, so a burst of 200 bookings for one time goes through real HTTP, the router, the
 * handlers and the one-transaction-at-a-time embedded database, and the server still answers after.
 */
const ATTEMPTS = 200;
// All of them come from one address; the per-client limit has its own tests (booking-abuse.test.ts).
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

describe('the local server under a burst of bookings', () => {
  let site: SiteServer;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    site = await startSiteServer({ port, quiet: true });
    base = `http://127.0.0.1:${port}/v1.0.1`;
  }, 60_000);
  afterAll(() => site?.stop());

  it(`${ATTEMPTS} simultaneous bookings of one time: exactly capacity succeed, the rest 409, none 5xx`, async () => {
    const { days } = AvailabilityResponseSchema.parse(await (await fetch(`${base}/availability?service=full`)).json());
    const slot = fromTomorrow(days).filter((d) => d.open && d.slots.length >= 10)[1]!.slots[3]!;

    const statuses = await Promise.all(
      Array.from({ length: ATTEMPTS }, async (_, i) => {
        const response = await fetch(`${base}/bookings`, {
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
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );

    const tally = Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]));
    expect(tally).toEqual({
      201: DEFAULT_BOOKING_SETTINGS.capacity,
      409: ATTEMPTS - DEFAULT_BOOKING_SETTINGS.capacity,
    });
  }, 120_000);

  it('answers normally afterwards', async () => {
    const started = performance.now();
    const response = await fetch(`${base}/cms/booking-types`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
