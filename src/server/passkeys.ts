import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import site from '../../content/site.json' with { type: 'json' };
import { formatUkMobile } from '../domain/phone-format.ts';
import type {
  PasskeyAssertionSchema,
  PasskeyAttestationSchema,
  PasskeyOptionsResponse,
  PasskeyView,
  StaffSignInResponse,
} from '../domain/staff.ts';
import { limitSignIns } from './abuse.ts';
import { markKeyProven } from './access-keys.ts';
import { query, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { randomId } from './ids.ts';
import type { StaffMember } from './staff.ts';
import { issueStaffKey } from './staff-sign-in.ts';
import { SHOP_TIME_ZONE } from '../domain/shop.ts';
import { isStaffPrivileges } from '../domain/privileges.ts';
import { isStaffSql } from './privileges.ts';
import { writtenDay } from '../domain/written-dates.ts';

/**
 * Passkeys for staff (WebAuthn through SimpleWebAuthn; docs/decisions/057-passkeys.md). A signed-in
 * staff member registers one; the login page then signs in with it, no code needed. Every ceremony's
 * challenge is a row of `webauthn_challenges`, used once and within minutes, since a function keeps
 * nothing between the options call and the answer. User verification (a fingerprint, face or the
 * device's PIN) is required both times, so a passkey is two factors in one touch.
 */
export const CHALLENGE_MINUTES = 5;

/**
 * COSE algorithms offered and accepted: EdDSA, ES256 (every platform passkey) and RS256 (Windows
 * Hello). Named rather than left to the library, whose default probes Node for ML-DSA-44, still
 * experimental in Node 24 (a warning on every registration).
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

/**
 * The relying party is the site as this request reached it: its host is the RP ID, its origin the
 * only origin a browser's answer may name. A credential remembers the RP ID it was made for and
 * signs in only there, so a request that lies about its host finds no credential to use.
 */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(req: Request): RelyingParty {
  const url = new URL(req.url);
  return { id: url.hostname, origin: url.origin };
}

export const PASSKEY_EXPIRED = 'That took too long, or the passkey request was already used. Please try again.';
export const PASSKEY_REFUSED = 'We could not sign you in with that passkey. Please try again, or sign in with a code.';
export const PASSKEY_NOT_ADDED = 'We could not add that passkey. Please try again.';

type Assertion = z.output<typeof PasskeyAssertionSchema>;
type Attestation = z.output<typeof PasskeyAttestationSchema>;

/** The user handle of a staff member's passkeys: their record id, no name or number. */
function userHandleOf(customerId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(customerId);
}

type ChallengePurpose = 'register' | 'sign_in' | 'step_up';

async function saveChallenge(
  purpose: ChallengePurpose,
  challenge: string,
  customerId: string | null,
  rp: RelyingParty,
  now: Date,
): Promise<string> {
  const id = randomId(18);
  await query(
    `INSERT INTO webauthn_challenges (id, purpose, challenge, customer_id, rp_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, purpose, challenge, customerId, rp.id, now, new Date(now.getTime() + CHALLENGE_MINUTES * 60_000)],
  );
  // Bounded housekeeping, so the table holds minutes of challenges and no request does unbounded work.
  await query(
    `DELETE FROM webauthn_challenges WHERE ctid IN (SELECT ctid FROM webauthn_challenges WHERE expires_at < $1::timestamptz - interval '1 hour' LIMIT 100)`,
    [now],
  );
  return id;
}

/**
 * Uses a challenge up, whatever the answer then turns out to be: committed on its own, before the
 * answer is checked, so a refused answer cannot be tried again with the same challenge.
 */
async function takeChallenge(
  id: string,
  purpose: ChallengePurpose,
  customerId: string | null,
  now: Date,
): Promise<{ challenge: string; rp_id: string }> {
  const [row] = await query<{ challenge: string; rp_id: string }>(
    `UPDATE webauthn_challenges SET used_at = $4
      WHERE id = $1 AND purpose = $2 AND customer_id IS NOT DISTINCT FROM $3 AND used_at IS NULL AND expires_at > $4
      RETURNING challenge, rp_id`,
    [id, purpose, customerId, now],
  );
  if (!row) throw new HttpError(400, PASSKEY_EXPIRED, { code: 'passkey_challenge_expired' });
  return row;
}

// ---- registration (signed in) -------------------------------------------------------------------

export async function registrationOptions(
  staff: StaffMember,
  rp: RelyingParty,
  now = new Date(),
): Promise<PasskeyOptionsResponse> {
  const existing = await query<{ credential_id: string; transports: string[] }>(
    'SELECT credential_id, transports FROM staff_passkeys WHERE customer_id = $1',
    [staff.customerId],
  );
  const options = await generateRegistrationOptions({
    rpName: site.name,
    rpID: rp.id,
    userID: userHandleOf(staff.customerId),
    userName: staff.phone ? formatUkMobile(staff.phone) : staff.customerId,
    userDisplayName: staff.name ?? '',
    timeout: CHALLENGE_MINUTES * 60_000,
    attestationType: 'none',
    // The same authenticator twice would be two rows for one key: the browser says so instead.
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    // A discoverable credential, so the login page needs no number; verification required (a passkey).
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  const challengeId = await saveChallenge('register', options.challenge, staff.customerId, rp, now);
  return { challengeId, options: options as unknown as PasskeyOptionsResponse['options'] };
}

interface PasskeyRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  backed_up: boolean;
}

const viewOf = (row: PasskeyRow): PasskeyView => ({
  _id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
  synced: row.backed_up,
});

export async function registerPasskey(
  staff: StaffMember,
  body: { challengeId: string; response: Attestation; name?: string },
  rp: RelyingParty,
  now = new Date(),
): Promise<PasskeyView> {
  const challenge = await takeChallenge(body.challengeId, 'register', staff.customerId, now);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: challenge.rp_id,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch {
    throw new HttpError(400, PASSKEY_NOT_ADDED, { code: 'passkey_refused' });
  }
  if (!verified.verified) throw new HttpError(400, PASSKEY_NOT_ADDED, { code: 'passkey_refused' });
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const name = body.name ?? `Passkey added ${writtenDay(now, SHOP_TIME_ZONE, { month: 'short', year: true })}`;
  const [row] = await query<PasskeyRow>(
    `INSERT INTO staff_passkeys (id, credential_id, customer_id, public_key, counter, transports, rp_id, device_type, backed_up, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING id, name, created_at, last_used_at, backed_up`,
    [
      randomId(12),
      credential.id,
      staff.customerId,
      Buffer.from(credential.publicKey),
      credential.counter,
      credential.transports ?? [],
      challenge.rp_id,
      credentialDeviceType,
      credentialBackedUp,
      name,
      now,
    ],
  );
  if (!row) throw new HttpError(409, 'That passkey is already added.', { code: 'passkey_exists' });
  return viewOf(row);
}

export async function listPasskeys(staff: StaffMember): Promise<PasskeyView[]> {
  const rows = await query<PasskeyRow>(
    'SELECT id, name, created_at, last_used_at, backed_up FROM staff_passkeys WHERE customer_id = $1 ORDER BY created_at, id',
    [staff.customerId],
  );
  return rows.map(viewOf);
}

/** A staff member removes one of their own passkeys (a lost phone); another's is not found. */
export async function removePasskey(staff: StaffMember, passkeyId: string): Promise<void> {
  const rows = await query('DELETE FROM staff_passkeys WHERE id = $1 AND customer_id = $2 RETURNING id', [
    passkeyId,
    staff.customerId,
  ]);
  if (rows.length === 0) throw new HttpError(404, 'We could not find that passkey.', { code: 'not_found' });
}

// ---- sign-in (the door) -------------------------------------------------------------------------

export async function signInOptions(
  rp: RelyingParty,
  ip: string | null,
  now = new Date(),
): Promise<PasskeyOptionsResponse> {
  await limitSignIns(ip, now);
  // No list of credentials: the passkey itself says whose it is (discoverable), so nobody learns
  // from this answer which staff exist.
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  const challengeId = await saveChallenge('sign_in', options.challenge, null, rp, now);
  return { challengeId, options: options as unknown as PasskeyOptionsResponse['options'] };
}

interface CredentialRow {
  id: string;
  credential_id: string;
  customer_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  rp_id: string;
  privileges: number;
  name: string | null;
  phone: string | null;
}

/**
 * Checks a passkey's answer to a sign-in or step-up challenge: the credential must be a staff
 * member's (for a step-up, the asking member's own), made for this RP ID, the user handle theirs,
 * signed with user verification. Throws the one refusal for every reason.
 */
async function verifyAssertion(
  body: { challengeId: string; response: Assertion },
  rp: RelyingParty,
  purpose: 'sign_in' | 'step_up',
  owner: string | null,
  now: Date,
): Promise<{ credential: CredentialRow; newCounter: number }> {
  const challenge = await takeChallenge(body.challengeId, purpose, owner, now);
  const [credential] = await query<CredentialRow>(
    `SELECT p.id, p.credential_id, p.customer_id, p.public_key, p.counter, p.transports, p.rp_id, c.privileges, c.name, c.phone
       FROM staff_passkeys p JOIN customers c ON c.id = p.customer_id
      WHERE p.credential_id = $1`,
    [body.response.id],
  );
  const handle = body.response.response.userHandle;
  if (
    !credential ||
    !isStaffPrivileges(credential.privileges) ||
    (owner !== null && credential.customer_id !== owner) ||
    credential.rp_id !== challenge.rp_id ||
    (handle !== undefined && handle !== Buffer.from(userHandleOf(credential.customer_id)).toString('base64url'))
  ) {
    throw new HttpError(401, PASSKEY_REFUSED, { code: 'passkey_refused' });
  }
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: body.response as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: credential.rp_id,
      credential: {
        id: credential.credential_id,
        publicKey: new Uint8Array(credential.public_key),
        counter: Number(credential.counter),
        transports: credential.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    throw new HttpError(401, PASSKEY_REFUSED, { code: 'passkey_refused' });
  }
  if (!verified.verified) throw new HttpError(401, PASSKEY_REFUSED, { code: 'passkey_refused' });
  return { credential, newCounter: verified.authenticationInfo.newCounter };
}

/** The counter only moves forward: a cloned authenticator answering with an old count was refused above. */
async function recordPasskeyUse(tx: Tx, credentialId: string, newCounter: number, now: Date): Promise<void> {
  await tx.query('UPDATE staff_passkeys SET counter = GREATEST(counter, $2), last_used_at = $3 WHERE id = $1', [
    credentialId,
    newCounter,
    now,
  ]);
}

export async function signInWithPasskey(
  body: { challengeId: string; response: Assertion },
  rp: RelyingParty,
  ip: string | null,
  now = new Date(),
): Promise<StaffSignInResponse> {
  await limitSignIns(ip, now);
  const { credential, newCounter } = await verifyAssertion(body, rp, 'sign_in', null, now);
  return transaction(async (tx) => {
    await recordPasskeyUse(tx, credential.id, newCounter, now);
    const {
      rows: [staff],
    } = await tx.query<{ id: string; name: string | null; phone: string | null }>(
      `SELECT id, name, phone FROM customers WHERE id = $1 AND ${isStaffSql()} FOR UPDATE`,
      [credential.customer_id],
    );
    if (!staff) throw new HttpError(401, PASSKEY_REFUSED, { code: 'passkey_refused' });
    return issueStaffKey(tx, staff, 'passkey', now);
  });
}

// ---- step-up (signed in, before a staff change) -------------------------------------------------

/**
 * A challenge for the signed-in member to prove it is them with one of their own passkeys before a
 * staff change (docs/decisions/070): their credentials are named, so the browser offers only those.
 */
export async function stepUpOptions(
  staff: StaffMember,
  rp: RelyingParty,
  ip: string | null,
  now = new Date(),
): Promise<PasskeyOptionsResponse> {
  await limitSignIns(ip, now);
  const own = await query<{ credential_id: string; transports: string[] }>(
    'SELECT credential_id, transports FROM staff_passkeys WHERE customer_id = $1 AND rp_id = $2',
    [staff.customerId, rp.id],
  );
  if (!own.length)
    throw new HttpError(409, 'You have no passkey on this site yet. Please use a code instead.', {
      code: 'no_passkey',
    });
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_MINUTES * 60_000,
    allowCredentials: own.map((c) => ({ id: c.credential_id, transports: c.transports as never })),
  });
  const challengeId = await saveChallenge('step_up', options.challenge, staff.customerId, rp, now);
  return { challengeId, options: options as unknown as PasskeyOptionsResponse['options'] };
}

/** Marks this staff key freshly proven by one of its holder's own passkeys. */
export async function proveWithPasskey(
  staff: StaffMember,
  body: { challengeId: string; response: Assertion },
  rp: RelyingParty,
  ip: string | null,
  now = new Date(),
): Promise<{ provenAt: string }> {
  await limitSignIns(ip, now);
  const { credential, newCounter } = await verifyAssertion(body, rp, 'step_up', staff.customerId, now);
  await transaction(async (tx) => {
    await recordPasskeyUse(tx, credential.id, newCounter, now);
    if (!(await markKeyProven(tx, staff.key, now)))
      throw new HttpError(401, PASSKEY_REFUSED, { code: 'passkey_refused' });
  });
  return { provenAt: now.toISOString() };
}
