import { describe, expect, it } from 'vitest';
import devicesAuth from '../../netlify/functions/devices-auth.ts';
import customerAuth from '../../netlify/functions/customer-auth.ts';
import { CustomerAuthResponseSchema, DeviceUserSchema } from '../../src/domain/api.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { seedDemoBusiness } from '../../src/server/seed.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

useTestDatabase();

const devices = (headers: Record<string, string> = {}, method = 'GET') =>
  devicesAuth(new Request('http://localhost/v1.0.1/devices/auth', { method, headers }));
const customer = (headers: Record<string, string> = {}, method = 'GET') =>
  customerAuth(new Request('http://localhost/v1.0.1/customer/auth', { method, headers }));

async function newCustomer(id: string, phone: string, privileges: number, kind: 'device' | 'staff') {
  return transaction(async (tx) => {
    await tx.query(`INSERT INTO customers (id, phone, name, privileges) VALUES ($1, $2, $3, $4)`, [
      id,
      phone,
      `Name ${id}`,
      privileges,
    ]);
    return issueAccessKey(tx, id, kind);
  });
}

describe('the demo staff seeder', () => {
  it('creates one staff member whose key is printed once and stored only as its hash', async () => {
    const { seeded, notes } = await seedDemoBusiness();
    expect(seeded).toContain('1 demo staff member');
    const note = notes.find((n) => n.startsWith('Demo staff access key (printed once): '));
    expect(note).toMatch(/paste it into the auth_key cookie or x-access-key header$/);
    const key = /: ([A-Za-z0-9_-]{43}) /.exec(note!)?.[1];
    expect(key).toBeDefined();

    const [staff] = await query<{ phone: string; name: string; privileges: number }>(
      `SELECT phone, name, privileges FROM customers WHERE privileges = 2`,
    );
    expect(staff).toEqual({ phone: '+447700900000', name: 'Demo Groomer', privileges: 2 });
    const rows = await query<Record<string, unknown>>(`SELECT * FROM access_keys`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key!);
    expect(rows[0]!.kind).toBe('staff');

    const res = await customer({ 'x-access-key': key! });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 200, error: null, data: { privileges: 2 } });

    // A restart seeds nothing new and prints no key.
    const again = await seedDemoBusiness();
    expect(again.notes).toEqual([]);
    expect(await query(`SELECT 1 FROM access_keys`)).toHaveLength(1);
  });
});

describe('GET /v1.0.1/devices/auth', () => {
  it('answers the device user for a live key, with the presented key as auth[0].key', async () => {
    const key = await newCustomer('dev-1', '+447700900101', 1, 'device');
    const res = await devices({ 'x-access-key': key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = DeviceUserSchema.parse(await res.json());
    expect(body).toEqual({ _id: 'dev-1', phone: '+447700900101', name: 'Name dev-1', auth: [{ key, kind: 'device' }] });
    const [row] = await query<{ last_used_at: Date | null }>(
      `SELECT last_used_at FROM access_keys WHERE customer_id = 'dev-1'`,
    );
    expect(row!.last_used_at).not.toBeNull();
  });

  it.each([
    ['missing', {}],
    ['empty', { 'x-access-key': '' }],
    ['malformed', { 'x-access-key': 'not a key!' }],
    ['too long', { 'x-access-key': 'a'.repeat(5000) }],
    ['unknown', { 'x-access-key': 'A'.repeat(43) }],
  ])('refuses a %s key with a JSON 401', async (_label, headers) => {
    const res = await devices(headers);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Missing, unknown or expired access key' });
  });

  it('refuses a revoked or expired key', async () => {
    const revoked = await newCustomer('dev-2', '+447700900102', 1, 'device');
    await query(`UPDATE access_keys SET revoked_at = now() WHERE customer_id = 'dev-2'`);
    expect((await devices({ 'x-access-key': revoked })).status).toBe(401);
    const expired = await newCustomer('dev-3', '+447700900103', 1, 'device');
    await query(`UPDATE access_keys SET expires_at = now() - interval '1 second' WHERE customer_id = 'dev-3'`);
    expect((await devices({ 'x-access-key': expired })).status).toBe(401);
  });

  it.each(['POST', 'PUT', 'DELETE'])('refuses %s with a JSON 405', async (method) => {
    const res = await devices({}, method);
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: `Method ${method} not allowed` });
  });
});

describe('GET /v1.0.1/customer/auth', () => {
  it('answers privileges 1 for a customer key, with HTTP status and body status agreeing', async () => {
    const key = await newCustomer('cust-1', '+447700900201', 1, 'device');
    const res = await customer({ 'x-access-key': key });
    expect(res.status).toBe(200);
    expect(CustomerAuthResponseSchema.parse(await res.json())).toEqual({
      status: 200,
      error: null,
      data: { _id: 'cust-1', privileges: 1 },
    });
  });

  it.each([
    ['missing', {}],
    ['malformed', { 'x-access-key': '<script>' }],
    ['unknown', { 'x-access-key': 'B'.repeat(43) }],
  ])('answers a %s key with 401 and status 401 in the body', async (_label, headers) => {
    const res = await customer(headers);
    expect(res.status).toBe(401);
    expect(CustomerAuthResponseSchema.parse(await res.json())).toEqual({
      status: 401,
      error: 'Missing, unknown or expired access key',
      data: null,
    });
  });

  it('never stores a raw key: only 64-hex hashes in access_keys', async () => {
    const key = await newCustomer('cust-2', '+447700900202', 2, 'staff');
    const rows = await query<Record<string, unknown>>(`SELECT * FROM access_keys`);
    expect(JSON.stringify(rows)).not.toContain(key);
    for (const row of rows) expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses POST with a JSON 405', async () => {
    const res = await customer({}, 'POST');
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: 'Method POST not allowed' });
  });
});
