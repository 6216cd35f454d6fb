import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLocalFunctions, type LocalFunction } from '../../scripts/lib/local-functions.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { hashAccessKey } from '../../src/server/ids.ts';
import { useTestBlobs } from '../helpers/blobs.ts';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.ts';
import { customerDeviceKey, HOST, insertBooking, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Every path of the staff-records functions (Finances, Customers, Breeds, Settings) refuses anyone
 * but staff: each path as written in a function's config must have a row below with calls that
 * succeed for a live staff key; each of those exact calls is then sent with no key, a bogus one, a
 * customer's device key, a device key of a staff member's own record, a revoked, an expired staff
 * key and the key of someone no longer staff: every one a 401, and nothing in the database moved.
 * A new path without a row fails the first test. (The sign-in branch's enumerated test of all
 * /management paths takes these rows at merge: MANAGEMENT_RECORDS_CALLS.)
 */
process.env.STRIPE_SECRET_KEY = 'sk_test_records_auth';
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  process.env.STRIPE_API_BASE = stripe.base;
});
afterAll(() => stripe.close());
useTestDatabase({ seed: true });
useTestBlobs();

const FUNCTIONS = ['management-customers', 'management-finances', 'management-breeds', 'management-settings'];

interface Call { method: 'GET' | 'HEAD' | 'POST'; prepare: () => Promise<{ path: string; body?: unknown }>; expect: number }

let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;
const weekAhead = () => new Date(Date.now() + (20 + (n++ % 200)) * 86_400_000);
const dayAhead = () => new Date(Date.now() + (300 + n++) * 86_400_000).toISOString().slice(0, 10);
const past = () => new Date(Date.now() - (30 + n++) * 86_400_000);
const aPicture = async () => (await sharp({ create: { width: 20, height: 20, channels: 3, background: '#246' } }).png().toBuffer()).toString('base64');
const newBreed = async () => {
  const id = `auth-breed-${unique()}`;
  await query(`INSERT INTO breeds (id, name) VALUES ($1, $1)`, [id]);
  return id;
};

export const MANAGEMENT_RECORDS_CALLS: Record<string, Call[]> = {
  '/v1.0.1/management/settings': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/settings' }), expect: 200 },
    { method: 'HEAD', prepare: async () => ({ path: '/v1.0.1/management/settings' }), expect: 200 },
    { method: 'POST', prepare: async () => ({ path: '/v1.0.1/management/settings', body: { minNoticeMinutes: 60 + (n++ % 50) } }), expect: 200 },
  ],
  '/v1.0.1/management/services': [
    { method: 'POST', prepare: async () => ({ path: '/v1.0.1/management/services', body: { title: `Paw balm ${unique()}`, price: 500, duration: 10, description: '', display_order: 20, kind: 'extras', active: false } }), expect: 201 },
  ],
  '/v1.0.1/management/services/:id': [
    { method: 'POST', prepare: async () => ({ path: '/v1.0.1/management/services/nails', body: { price: 1000 + (n++ % 50) } }), expect: 200 },
  ],
  '/v1.0.1/management/closures': [
    { method: 'POST', prepare: async () => ({ path: '/v1.0.1/management/closures', body: { date: dayAhead(), reason: 'Training' } }), expect: 201 },
  ],
  '/v1.0.1/management/closures/:date/remove': [
    {
      method: 'POST',
      prepare: async () => {
        const day = dayAhead();
        await query(`INSERT INTO closures (day) VALUES ($1)`, [day]);
        return { path: `/v1.0.1/management/closures/${day}/remove`, body: {} };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/breeds': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/breeds' }), expect: 200 },
    { method: 'POST', prepare: async () => ({ path: '/v1.0.1/management/breeds', body: { name: `Auth breed ${unique()}`, usualDurationMin: 60, priceFromPence: null, priceToPence: null } }), expect: 201 },
  ],
  '/v1.0.1/management/breeds/:id': [
    { method: 'POST', prepare: async () => ({ path: `/v1.0.1/management/breeds/${await newBreed()}`, body: { usualDurationMin: 75 } }), expect: 200 },
  ],
  '/v1.0.1/management/breeds/:id/remove': [
    { method: 'POST', prepare: async () => ({ path: `/v1.0.1/management/breeds/${await newBreed()}/remove`, body: {} }), expect: 200 },
  ],
  '/v1.0.1/management/breeds/:id/image': [
    { method: 'POST', prepare: async () => ({ path: `/v1.0.1/management/breeds/${await newBreed()}/image`, body: { image: await aPicture() } }), expect: 200 },
  ],
  '/v1.0.1/management/breeds/:id/image/remove': [
    { method: 'POST', prepare: async () => ({ path: `/v1.0.1/management/breeds/${await newBreed()}/image/remove`, body: {} }), expect: 200 },
  ],
  '/v1.0.1/management/customers': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/customers?q=sam' }), expect: 200 },
  ],
  '/v1.0.1/management/customers/:id': [
    { method: 'GET', prepare: async () => ({ path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}` }), expect: 200 },
    { method: 'POST', prepare: async () => ({ path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}`, body: { notes: 'Likes biscuits' } }), expect: 200 },
  ],
  '/v1.0.1/management/customers/:id/visits': [
    { method: 'GET', prepare: async () => ({ path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/visits` }), expect: 200 },
  ],
  '/v1.0.1/management/customers/:id/messages': [
    { method: 'GET', prepare: async () => ({ path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/messages` }), expect: 200 },
  ],
  '/v1.0.1/management/customers/:id/export': [
    { method: 'GET', prepare: async () => ({ path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/export` }), expect: 200 },
  ],
  '/v1.0.1/management/customers/:id/dogs': [
    { method: 'POST', prepare: async () => ({ path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/dogs`, body: { name: 'Second', breedId: 'pug', weightKg: 6, coat: 'short' } }), expect: 201 },
  ],
  '/v1.0.1/management/customers/:id/dogs/:dog': [
    {
      method: 'POST',
      prepare: async () => {
        const { customerId, dogId } = await insertBooking({ start: past() });
        return { path: `/v1.0.1/management/customers/${customerId}/dogs/${dogId}`, body: { weightKg: 11.5 } };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers/:id/merge': [
    {
      method: 'POST',
      prepare: async () => {
        const one = await insertBooking({ start: past() });
        const two = await insertBooking({ start: past() });
        return { path: `/v1.0.1/management/customers/${one.customerId}/merge`, body: { from: two.customerId } };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers/:id/erase': [
    { method: 'POST', prepare: async () => ({ path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/erase`, body: { confirm: 'erase' } }), expect: 200 },
  ],
  '/v1.0.1/management/finances': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/finances?from=2026-11-01&to=2026-11-30&by=week' }), expect: 200 },
  ],
  '/v1.0.1/management/finances/deposits': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/finances/deposits?from=2026-11-01&to=2026-11-30' }), expect: 200 },
  ],
  '/v1.0.1/management/finances/takings.csv': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/finances/takings.csv?from=2026-11-01&to=2026-11-30' }), expect: 200 },
  ],
  '/v1.0.1/management/finances/refunds': [
    {
      method: 'POST',
      prepare: async () => {
        const { bookingId } = await insertBooking({ start: weekAhead(), depositPaidPence: 1000, paymentIntent: `pi_auth_${unique()}` });
        return { path: '/v1.0.1/management/finances/refunds', body: { bookingId, reason: 'Goodwill' } };
      },
      expect: 200,
    },
  ],
};

let functions: LocalFunction[] = [];
const handlers = new Map<string, Handler>();
beforeAll(async () => {
  functions = (await listLocalFunctions(fileURLToPath(new URL('../../netlify/functions', import.meta.url)))).filter((f) => FUNCTIONS.includes(f.name));
  for (const fn of functions) handlers.set(fn.name, ((await import(fn.mainFile)) as { default: Handler }).default);
});

async function send(method: string, path: string, key: string | null, body?: unknown): Promise<Response> {
  const pathname = path.split('?')[0]!;
  const fn = functions.find((f) => f.routes.some((r) => ('literal' in r ? r.literal === pathname : new RegExp(r.expression).test(pathname))));
  if (!fn) throw new Error(`no function answers ${path}`);
  const headers: Record<string, string> = {};
  if (key !== null) headers['x-access-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return handlers.get(fn.name)!(new Request(`${HOST}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
}

/** What a staff call can change; a refused call must leave it exactly as it was. */
async function snapshot(): Promise<string> {
  const [row] = await query<Record<string, unknown>>(`SELECT
    (SELECT count(*) FROM customers) AS customers, (SELECT count(*) FROM customers WHERE erased_at IS NOT NULL) AS erased,
    (SELECT md5(string_agg(id || coalesce(notes, ''), ',' ORDER BY id)) FROM customers) AS notes,
    (SELECT md5(string_agg(id || coalesce(weight_kg::text, '') || coalesce(breed_id, ''), ',' ORDER BY id)) FROM dogs) AS dogs,
    (SELECT md5(string_agg(id || coalesce(usual_duration_min::text, '') || coalesce(image_key, ''), ',' ORDER BY id)) FROM breeds) AS breeds,
    (SELECT md5(string_agg(id || price_pence || active, ',' ORDER BY id)) FROM booking_types) AS services,
    (SELECT count(*) FROM closures) AS closures, (SELECT md5(booking::text) FROM settings) AS settings,
    (SELECT coalesce(sum(refund_due_pence + deposit_refunded_pence), 0) FROM bookings) AS refunds,
    (SELECT count(*) FROM audit_log) AS audit, (SELECT count(*) FROM money_movements) AS money`);
  return JSON.stringify(row);
}

let staffKey: string;
let staffId: string;
const staffKeyThen = async (sql: string) => {
  const { id, key } = await staffMember('Soon refused');
  await query(sql, [hashAccessKey(key), id]);
  return key;
};
const REFUSED: Record<string, () => Promise<string | null>> = {
  'no key': async () => null,
  'an empty key': async () => '',
  'a bogus key': async () => 'A'.repeat(43),
  'a malformed key': async () => 'not a key; drop table access_keys',
  'a customer\'s device key': customerDeviceKey,
  'a device key of a staff member\'s own record': async () => transaction((tx) => issueAccessKey(tx, staffId, 'device')),
  'a revoked staff key': async () => staffKeyThen('UPDATE access_keys SET revoked_at = now() WHERE key_hash = $1 AND $2::text IS NOT NULL'),
  'an expired staff key': async () => staffKeyThen(`UPDATE access_keys SET expires_at = now() - interval '1 second' WHERE key_hash = $1 AND $2::text IS NOT NULL`),
  'the key of someone no longer staff': async () => staffKeyThen('UPDATE customers SET privileges = 1 WHERE id = $2 AND $1::text IS NOT NULL'),
};

beforeAll(async () => {
  ({ key: staffKey, id: staffId } = await staffMember('Records Auth'));
});

describe('the staff-records API refuses everyone but staff', () => {
  it('has a row for every path of its functions', () => {
    const paths = functions.flatMap((f) => f.routes.map((r) => r.pattern)).sort();
    expect(paths.length).toBeGreaterThan(20);
    expect(Object.keys(MANAGEMENT_RECORDS_CALLS).sort()).toEqual(paths);
  });

  const cases = Object.entries(MANAGEMENT_RECORDS_CALLS).flatMap(([pattern, calls]) => calls.map((c) => [`${c.method} ${pattern}`, c] as const));
  it.each(cases)('%s', async (_name, c) => {
    const ok = await c.prepare();
    const res = await send(c.method, ok.path, staffKey, ok.body);
    expect(res.status, `a live staff key: ${await res.clone().text()}`).toBe(c.expect);
    for (const [who, keyFor] of Object.entries(REFUSED)) {
      const attempt = await c.prepare();
      const key = await keyFor();
      const before = await snapshot();
      const refused = await send(c.method, attempt.path, key, attempt.body);
      expect(refused.status, who).toBe(401);
      if (c.method !== 'HEAD') expect(((await refused.json()) as { code: string }).code, who).toBe('unauthorised');
      expect(await snapshot(), `${who} changed nothing`).toBe(before);
    }
  }, 60_000);
});
