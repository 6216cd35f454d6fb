import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { listLocalFunctions } from '../../scripts/lib/local-functions.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { hashAccessKey, newAccessKey, randomId } from '../../src/server/ids.ts';
import { call, openDays, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The schedule's staff endpoints refuse everyone but staff, before they read anything: every path
 * of every function below has a request that succeeds with a live staff key, and that same request
 * with no key, a made-up one, a customer's device key, a staff member's own device key, or staff
 * keys that are revoked, expired or held by someone no longer staff is a 401 that writes nothing.
 * A path added to one of these functions without a row here fails the first test.
 */
useTestDatabase({ seed: true });
delete process.env.STRIPE_SECRET_KEY;

const FUNCTIONS = ['management-blocks', 'management-booking-changes', 'management-customer-lookup', 'management-dashboard', 'management-free-times', 'management-phone-bookings', 'management-schedule'];

interface Row { method: 'GET' | 'POST'; prepare: () => Promise<{ path: string; body?: unknown }>; expect: number }

/** Free starts for a full groom, three hours apart so no two of them share a table's time. */
let pool: string[] = [];
async function freeStart(): Promise<string> {
  if (!pool.length) pool = (await openDays('full')).flatMap((d) => [d.slots[0]!.start, d.slots[12]!.start]);
  const start = pool.shift();
  if (!start) throw new Error('out of free times');
  return start;
}
let later = 0;
/** A booking well ahead, written straight in (no endpoint cares where it is). */
const upcoming = async () => (await rawBooking({ start: new Date(Date.UTC(2027, 6, 1, 9) + later++ * 3600_000) })).id;
let earlier = 0;
/** A booking whose time has passed (a no-show may be marked), each half an hour before the last. */
const started = async () => (await rawBooking({ start: new Date(Math.floor(Date.now() / 300_000) * 300_000 - (1 + earlier++) * 1800_000), minutes: 30 })).id;

const ROWS: Record<string, Row[]> = {
  '/v1.0.1/management/schedule': [{ method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/schedule?from=2026-11-23&days=7' }), expect: 200 }],
  '/v1.0.1/management/free-times': [{ method: 'GET', prepare: async () => ({ path: `/v1.0.1/management/free-times?service=full&date=${(await openDays())[0]!.date}` }), expect: 200 }],
  '/v1.0.1/management/customer-lookup': [{ method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/customer-lookup?q=Owner' }), expect: 200 }],
  '/v1.0.1/management/dashboard': [{ method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/dashboard' }), expect: 200 }],
  '/v1.0.1/management/bookings': [{
    method: 'POST', expect: 201,
    prepare: async () => ({
      path: '/v1.0.1/management/bookings',
      body: {
        serviceId: 'nails', start: await freeStart(), idempotencyKey: randomUUID(),
        customer: { name: 'Door Test', phone: `07700 900${String(100 + later++).padStart(3, '0')}` }, dog: { name: 'Pip', breedId: 'pug', weightKg: 8, coat: 'short' },
      },
    }),
  }],
  '/v1.0.1/management/bookings/:id/move': [{
    method: 'POST', expect: 200,
    prepare: async () => {
      const { id } = await rawBooking({ start: new Date(await freeStart()) });
      return { path: `/v1.0.1/management/bookings/${id}/move`, body: { start: await freeStart() } };
    },
  }],
  '/v1.0.1/management/bookings/:id/cancel': [{ method: 'POST', expect: 200, prepare: async () => ({ path: `/v1.0.1/management/bookings/${await upcoming()}/cancel`, body: { reason: 'Door test' } }) }],
  '/v1.0.1/management/bookings/:id/attendance': [{ method: 'POST', expect: 200, prepare: async () => ({ path: `/v1.0.1/management/bookings/${await started()}/attendance`, body: { attendance: 'no_show' } }) }],
  '/v1.0.1/management/bookings/:id/note': [{ method: 'POST', expect: 200, prepare: async () => ({ path: `/v1.0.1/management/bookings/${await upcoming()}/note`, body: { note: 'Door test' } }) }],
  '/v1.0.1/management/blocks': [{
    method: 'POST', expect: 201,
    prepare: async () => {
      const start = new Date(Date.UTC(2027, 9, 1, 9) + later++ * 86_400_000);
      return { path: '/v1.0.1/management/blocks', body: { start: start.toISOString(), end: new Date(start.getTime() + 3 * 3600_000).toISOString() } };
    },
  }],
  '/v1.0.1/management/blocks/:id/remove': [{
    method: 'POST', expect: 200,
    prepare: async () => {
      const id = randomId(12);
      await query(`INSERT INTO time_blocks (id, start_at, end_at) VALUES ($1, now() + interval '400 days', now() + interval '401 days')`, [id]);
      return { path: `/v1.0.1/management/blocks/${id}/remove`, body: {} };
    },
  }],
};

/** Keys that must not open the staff API, made fresh for the run. */
const wrongKeys: Record<string, string | null> = {};
let staff: { id: string; key: string };

beforeAll(async () => {
  staff = await staffKey();
  const customer = await rawBooking({ start: new Date(Date.now() + 30 * 86_400_000) });
  Object.assign(wrongKeys, await transaction(async (tx) => {
    const revoked = await issueAccessKey(tx, staff.id, 'staff');
    await tx.query('UPDATE access_keys SET revoked_at = now() WHERE key_hash = $1', [hashAccessKey(revoked)]);
    const demotedId = randomId(12);
    await tx.query(`INSERT INTO customers (id, name, privileges) VALUES ($1, 'Former Groomer', 2)`, [demotedId]);
    const demoted = await issueAccessKey(tx, demotedId, 'staff');
    await tx.query('UPDATE customers SET privileges = 1 WHERE id = $1', [demotedId]);
    return {
      none: null,
      'made up': newAccessKey(),
      "a customer's device key": await issueAccessKey(tx, customer.customerId, 'device'),
      "a staff member's own device key": await issueAccessKey(tx, staff.id, 'device'),
      'a revoked staff key': revoked,
      'an expired staff key': await issueAccessKey(tx, staff.id, 'staff', { expiresAt: new Date(Date.now() - 1000) }),
      'the staff key of someone no longer staff': demoted,
    };
  }));
});

async function writes(): Promise<string> {
  const [row] = await query<{ w: string }>(
    `SELECT concat_ws(',', (SELECT count(*) FROM bookings), (SELECT count(*) FROM bookings WHERE status = 'cancelled'), (SELECT count(*) FROM customers),
            (SELECT count(*) FROM dogs), (SELECT count(*) FROM time_blocks), (SELECT count(*) FROM audit_log), (SELECT count(*) FROM outbox),
            (SELECT count(*) FROM bookings WHERE attendance IS NOT NULL), (SELECT count(*) FROM bookings WHERE staff_note IS NOT NULL),
            (SELECT coalesce(sum(extract(epoch FROM start_at)), 0) FROM bookings)) AS w`,
  );
  return row!.w;
}

describe('the schedule\'s staff endpoints', () => {
  it('have a row here for every path their functions serve', async () => {
    const functions = (await listLocalFunctions(fileURLToPath(new URL('../../netlify/functions', import.meta.url)))).filter((fn) => FUNCTIONS.includes(fn.name));
    expect(functions.map((fn) => fn.name).sort()).toEqual(FUNCTIONS);
    const paths = functions.flatMap((fn) => fn.routes.map((r) => r.pattern));
    expect(paths.sort()).toEqual(Object.keys(ROWS).sort());
    for (const path of paths) expect(path.startsWith('/v1.0.1/management/')).toBe(true);
  });

  describe.each(Object.entries(ROWS))('%s', (_path, rows) => {
    it.each(rows)('$method answers a live staff key, and refuses every other key with a 401 that writes nothing', async (row) => {
      for (const [name, key] of Object.entries(wrongKeys)) {
        const request = await row.prepare();
        const before = await writes();
        const refused = await call(row.method, request.path, { key, ...(request.body === undefined ? {} : { body: request.body }) });
        expect(refused.status, `${name}: ${JSON.stringify(refused.body)}`).toBe(401);
        expect(refused.body).toMatchObject({ code: 'unauthorised', error: expect.any(String) });
        expect(await writes(), name).toBe(before);
      }
      const request = await row.prepare();
      const served = await call(row.method, request.path, { key: staff.key, ...(request.body === undefined ? {} : { body: request.body }) });
      expect(served.status, JSON.stringify(served.body)).toBe(row.expect);
    });
  });
});
