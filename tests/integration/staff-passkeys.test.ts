import { beforeAll, describe, expect, it } from 'vitest';
import {
  PasskeyOptionsResponseSchema,
  PasskeysResponseSchema,
  StaffSignInResponseSchema,
} from '../../src/domain/staff.ts';
import { query } from '../../src/server/db.ts';
import { HOST, addStaffMember, call, proveFresh, signIn } from '../helpers/staff.ts';
import { SoftAuthenticator, type CeremonyKnobs } from '../helpers/soft-authenticator.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Passkeys (docs/decisions/057): a signed-in staff member registers one through the real endpoints
 * with a software authenticator (real ES256 keys and signatures, tests/helpers/soft-authenticator.ts),
 * then signs in with it. Every way an answer can be wrong is refused: another origin or RP ID, no
 * user verification, a stale or reused challenge, an unknown or removed credential, a cloned counter.
 */
useTestDatabase();

const REGISTER_OPTIONS = '/v1.0.1/management/passkeys/options';
const REGISTER = '/v1.0.1/management/passkeys';
const SIGN_IN_OPTIONS = '/v1.0.1/management/sign-in/passkey-options';
const SIGN_IN = '/v1.0.1/management/sign-in/by-passkey';

let ips = 0;
const freshIp = () => `203.0.113.${++ips}`;
let phones = 0;
const freshPhone = () => `07700 900${String(500 + phones++)}`;

/** A staff member, signed in by code, with a fresh authenticator at the site's origin. */
async function staffWithAuthenticator() {
  const phone = freshPhone();
  const id = await addStaffMember(phone, 'Passkey Groomer');
  const key = await signIn(phone, freshIp());
  return { id, key, phone, authenticator: new SoftAuthenticator(HOST) };
}

async function register(key: string, authenticator: SoftAuthenticator, knobs: CeremonyKnobs = {}, name?: string) {
  const asked = await call('POST', REGISTER_OPTIONS, { key, body: {} });
  expect(asked.status).toBe(200);
  const { challengeId, options } = PasskeyOptionsResponseSchema.parse(asked.body);
  const response = authenticator.create(options as never, knobs);
  return call('POST', REGISTER, { key, body: { challengeId, response, ...(name ? { name } : {}) } });
}

async function signInWith(
  authenticator: SoftAuthenticator,
  knobs: CeremonyKnobs & { reuse?: { challengeId: string; challenge: string } } = {},
) {
  const asked = await call('POST', SIGN_IN_OPTIONS, { body: {}, ip: freshIp() });
  expect(asked.status).toBe(200);
  const { challengeId, options } = PasskeyOptionsResponseSchema.parse(asked.body);
  const response = authenticator.get(options as never, knobs);
  const res = await call('POST', SIGN_IN, { body: { challengeId, response }, ip: freshIp() });
  return { res, challengeId, response };
}

describe('registering a passkey', () => {
  it('asks for a discoverable credential with user verification, for this site only', async () => {
    const { key, id, authenticator } = await staffWithAuthenticator();
    await register(key, authenticator);
    const { body } = await call('POST', REGISTER_OPTIONS, { key, body: {} });
    expect(body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Leyton Dog Grooming' },
      user: { id: Buffer.from(id).toString('base64url'), displayName: 'Passkey Groomer' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // The one already added is excluded, so the browser does not add it twice.
    expect(body.options.excludeCredentials).toEqual([
      {
        id: Buffer.from(authenticator.credentials[0]!.id).toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
    const [challenge] = await query<{
      challenge: string;
      customer_id: string;
      rp_id: string;
      expires_at: Date;
      created_at: Date;
    }>('SELECT challenge, customer_id, rp_id, expires_at, created_at FROM webauthn_challenges WHERE id = $1', [
      body.challengeId,
    ]);
    expect(challenge).toMatchObject({ challenge: body.options.challenge, customer_id: id, rp_id: 'localhost' });
    expect(challenge!.expires_at.getTime() - challenge!.created_at.getTime()).toBe(5 * 60_000);
  });

  it('keeps the public key, counter and transports, and lists the passkey for its owner only', async () => {
    const { key, id, authenticator } = await staffWithAuthenticator();
    const res = await register(key, authenticator, {}, 'Counter tablet');
    expect(res.status).toBe(201);
    expect(res.body.passkey).toMatchObject({ name: 'Counter tablet', lastUsedAt: null, synced: false });
    const [row] = await query<{
      credential_id: string;
      counter: string;
      transports: string[];
      rp_id: string;
      public_key: Buffer;
    }>('SELECT credential_id, counter, transports, rp_id, public_key FROM staff_passkeys WHERE customer_id = $1', [id]);
    expect(row).toMatchObject({
      credential_id: Buffer.from(authenticator.credentials[0]!.id).toString('base64url'),
      counter: '0',
      transports: ['internal'],
      rp_id: 'localhost',
    });
    expect(row!.public_key.length).toBeGreaterThan(64);
    const mine = PasskeysResponseSchema.parse((await call('GET', REGISTER, { key })).body);
    expect(mine.passkeys.map((p) => p.name)).toEqual(['Counter tablet']);
    const other = await staffWithAuthenticator();
    expect((await call('GET', REGISTER, { key: other.key })).body).toEqual({ passkeys: [] });
  });

  it.each<[string, CeremonyKnobs]>([
    ['another origin', { origin: 'https://leytondoggrooming.example' }],
    ['another RP ID', { rpId: 'example.com' }],
    ['no user verification', { userVerified: false }],
    ['another challenge', { challenge: Buffer.from('not the challenge we gave').toString('base64url') }],
  ])('refuses an answer with %s, and keeps nothing', async (_label, knobs) => {
    const { key, id, authenticator } = await staffWithAuthenticator();
    const res = await register(key, authenticator, knobs);
    expect(res).toMatchObject({ status: 400, body: { code: 'passkey_refused' } });
    expect(await query('SELECT 1 FROM staff_passkeys WHERE customer_id = $1', [id])).toEqual([]);
  });

  it('uses a challenge once, and only for the staff member who asked for it', async () => {
    const { key, authenticator } = await staffWithAuthenticator();
    const other = await staffWithAuthenticator();
    const { body } = await call('POST', REGISTER_OPTIONS, { key, body: {} });
    const response = authenticator.create(body.options);
    const stolen = await call('POST', REGISTER, { key: other.key, body: { challengeId: body.challengeId, response } });
    expect(stolen).toMatchObject({ status: 400, body: { code: 'passkey_challenge_expired' } });
    expect((await call('POST', REGISTER, { key, body: { challengeId: body.challengeId, response } })).status).toBe(201);
    const again = await call('POST', REGISTER, { key, body: { challengeId: body.challengeId, response } });
    expect(again).toMatchObject({ status: 400, body: { code: 'passkey_challenge_expired' } });
  });

  it('refuses a challenge older than five minutes', async () => {
    const { key, authenticator } = await staffWithAuthenticator();
    const { body } = await call('POST', REGISTER_OPTIONS, { key, body: {} });
    await query(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      body.challengeId,
    ]);
    const res = await call('POST', REGISTER, {
      key,
      body: { challengeId: body.challengeId, response: authenticator.create(body.options) },
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'passkey_challenge_expired' } });
  });
});

describe('signing in with a passkey', () => {
  let staff: Awaited<ReturnType<typeof staffWithAuthenticator>>;
  beforeAll(async () => {
    staff = await staffWithAuthenticator();
    expect((await register(staff.key, staff.authenticator)).status).toBe(201);
  });

  it('asks for user verification and names no credential, so the answer says nothing about who is staff', async () => {
    const { body } = await call('POST', SIGN_IN_OPTIONS, { body: {}, ip: freshIp() });
    expect(body.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(body.options.allowCredentials ?? []).toEqual([]);
  });

  it('issues a staff key for a verified answer, and moves the counter on', async () => {
    const { res } = await signInWith(staff.authenticator);
    expect(res.status).toBe(200);
    const answer = StaffSignInResponseSchema.parse(res.body);
    expect(answer.staff).toMatchObject({ _id: staff.id, name: 'Passkey Groomer' });
    expect((await call('GET', '/v1.0.1/management/session', { key: answer.accessKey })).status).toBe(200);
    const [row] = await query<{ counter: string; last_used_at: Date | null }>(
      'SELECT counter, last_used_at FROM staff_passkeys WHERE customer_id = $1',
      [staff.id],
    );
    expect(Number(row!.counter)).toBe(staff.authenticator.credentials[0]!.counter);
    expect(row!.last_used_at).not.toBeNull();
    const [key] = await query<{ label: string }>(
      `SELECT label FROM access_keys WHERE customer_id = $1 ORDER BY id DESC LIMIT 1`,
      [staff.id],
    );
    expect(key!.label).toBe('signed in by passkey');
  });

  it.each<[string, CeremonyKnobs]>([
    ['another origin', { origin: 'https://evil.example' }],
    ['another RP ID', { rpId: 'evil.example' }],
    ['no user verification', { userVerified: false }],
    ['another challenge', { challenge: Buffer.from('a challenge from another ceremony').toString('base64url') }],
  ])('refuses an answer with %s', async (_label, knobs) => {
    const before = await query('SELECT 1 FROM access_keys WHERE customer_id = $1', [staff.id]);
    const { res } = await signInWith(staff.authenticator, knobs);
    expect(res).toMatchObject({ status: 401, body: { code: 'passkey_refused' } });
    expect(await query('SELECT 1 FROM access_keys WHERE customer_id = $1', [staff.id])).toHaveLength(before.length);
  });

  it('refuses a counter that went backwards (a cloned authenticator)', async () => {
    expect((await signInWith(staff.authenticator)).res.status).toBe(200);
    const { res } = await signInWith(staff.authenticator, { counter: 1 });
    expect(res).toMatchObject({ status: 401, body: { code: 'passkey_refused' } });
  });

  it('uses a sign-in challenge once: a replayed answer is refused', async () => {
    const { res, challengeId, response } = await signInWith(staff.authenticator);
    expect(res.status).toBe(200);
    const replay = await call('POST', SIGN_IN, { body: { challengeId, response }, ip: freshIp() });
    expect(replay).toMatchObject({ status: 400, body: { code: 'passkey_challenge_expired' } });
  });

  it('refuses a passkey it does not know', async () => {
    const stranger = new SoftAuthenticator(HOST);
    stranger.create({
      challenge: 'AAAAAAAAAAAAAAAAAAAAAA',
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'eA', name: 'x', displayName: 'x' },
    });
    const { res } = await signInWith(stranger);
    expect(res).toMatchObject({ status: 401, body: { code: 'passkey_refused' } });
  });

  it("refuses a passkey presented with another staff member's user handle", async () => {
    const other = await staffWithAuthenticator();
    const asked = await call('POST', SIGN_IN_OPTIONS, { body: {}, ip: freshIp() });
    const response = staff.authenticator.get(asked.body.options);
    response.response.userHandle = Buffer.from(other.id).toString('base64url');
    const res = await call('POST', SIGN_IN, { body: { challengeId: asked.body.challengeId, response }, ip: freshIp() });
    expect(res).toMatchObject({ status: 401, body: { code: 'passkey_refused' } });
  });

  it('refuses a removed passkey, and every passkey of someone removed from the staff', async () => {
    const leaver = await staffWithAuthenticator();
    expect((await register(leaver.key, leaver.authenticator)).status).toBe(201);
    const second = new SoftAuthenticator(HOST);
    expect((await register(leaver.key, second)).status).toBe(201);
    const { passkeys } = PasskeysResponseSchema.parse((await call('GET', REGISTER, { key: leaver.key })).body);
    // Someone else's passkey is not theirs to remove.
    expect(
      (await call('POST', `/v1.0.1/management/passkeys/${passkeys[1]!._id}/remove`, { key: staff.key, body: {} }))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', `/v1.0.1/management/passkeys/${passkeys[1]!._id}/remove`, { key: leaver.key, body: {} }))
        .status,
    ).toBe(200);
    expect((await signInWith(second)).res.status).toBe(401);
    expect((await signInWith(leaver.authenticator)).res.status).toBe(200);
    await proveFresh(staff.key, staff.phone, freshIp());
    expect(
      (await call('POST', `/v1.0.1/management/staff/${leaver.id}/remove`, { key: staff.key, body: {} })).status,
    ).toBe(200);
    expect((await signInWith(leaver.authenticator)).res.status).toBe(401);
  });

  it('counts passkey sign-in steps against the address', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await call('POST', SIGN_IN_OPTIONS, { body: {}, ip })).status);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    expect(
      (
        await call('POST', SIGN_IN, {
          body: { challengeId: 'A'.repeat(24), response: staff.authenticator.get({ challenge: 'AAAA' }) },
          ip,
        })
      ).status,
    ).toBe(429);
  });
});
