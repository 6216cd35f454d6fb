import * as managementPasskeySignIn from '../../netlify/functions/management-passkey-sign-in.ts';
import * as managementPasskeys from '../../netlify/functions/management-passkeys.ts';
import * as managementSession from '../../netlify/functions/management-session.ts';
import * as managementSignIn from '../../netlify/functions/management-sign-in.ts';
import * as managementStaff from '../../netlify/functions/management-staff.ts';
import * as managementStepUp from '../../netlify/functions/management-step-up.ts';
import { normaliseUkMobile } from '../../src/domain/phone.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { randomId } from '../../src/server/ids.ts';
import { routed } from './netlify-context.ts';

/** Calls of the staff API as the management islands make them, for the integration tests. */
export const HOST = 'http://localhost';

type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;

const HANDLERS: Array<[RegExp, Handler]> = [
  [/^\/v1\.0\.1\/management\/sign-in\/(codes|by-code)$/, routed(managementSignIn)],
  [/^\/v1\.0\.1\/management\/sign-in\/(passkey-options|by-passkey)$/, routed(managementPasskeySignIn)],
  [/^\/v1\.0\.1\/management\/(session|sign-out)$/, routed(managementSession)],
  [/^\/v1\.0\.1\/management\/staff(\/|$)/, routed(managementStaff)],
  [/^\/v1\.0\.1\/management\/passkeys(\/|$)/, routed(managementPasskeys)],
  [/^\/v1\.0\.1\/management\/step-up\//, routed(managementStepUp)],
];

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
}

/** A request to the staff API through its real handler; `path` starts at /v1.0.1. */
export async function call(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const handler = HANDLERS.find(([pattern]) => pattern.test(path))?.[1];
  if (!handler) throw new Error(`no handler for ${path}`);
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['x-access-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const req = new Request(`${HOST}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const res = await handler(req, options.ip ? { ip: options.ip } : undefined);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** A staff member straight into the database (the seed and `npm run staff:add` do the same). */
export async function addStaffMember(
  phone: string,
  name = 'Test Groomer',
  email: string | null = null,
): Promise<string> {
  const id = randomId(12);
  await query(`INSERT INTO customers (id, phone, name, email, privileges) VALUES ($1, $2, $3, $4, 2)`, [
    id,
    normaliseUkMobile(phone) ?? phone,
    name,
    email,
  ]);
  return id;
}

/** A customer with a device key, as a booking leaves one. */
export async function customerWithDeviceKey(phone: string): Promise<{ id: string; key: string }> {
  return transaction(async (tx) => {
    const id = randomId(12);
    await tx.query(`INSERT INTO customers (id, phone, name, privileges) VALUES ($1, $2, 'A Customer', 1)`, [
      id,
      normaliseUkMobile(phone) ?? phone,
    ]);
    return { id, key: await issueAccessKey(tx, id, 'device') };
  });
}

/**
 * Proves again, as the key's holder would before a staff change: a step-up code texted to their own
 * number, read from the outbox, typed back (docs/decisions/070).
 */
export async function proveFresh(key: string, phone: string, ip = '192.0.2.11'): Promise<void> {
  const asked = await call('POST', '/v1.0.1/management/step-up/codes', { key, body: {}, ip });
  if (asked.status !== 202)
    throw new Error(`asking for a step-up code answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const code = await lastCodeSentTo(phone);
  const proved = await call('POST', '/v1.0.1/management/step-up/by-code', {
    key,
    body: { requestId: asked.body.requestId, code },
    ip,
  });
  if (proved.status !== 200)
    throw new Error(`the step-up code answered ${proved.status}: ${JSON.stringify(proved.body)}`);
}

/** The last code sent to `recipient` (a number or an e-mail address), read from the outbox as the text says it. */
export async function lastCodeSentTo(recipient: string): Promise<string | null> {
  const [row] = await query<{ body_text: string }>(
    `SELECT body_text FROM outbox WHERE kind = 'phone_code' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
    [normaliseUkMobile(recipient) ?? recipient],
  );
  return /^(\d{6}) /.exec(row?.body_text ?? '')?.[1] ?? null;
}

/** Signs a staff member in by code through the real endpoints; returns the staff key. */
export async function signIn(phone: string, ip = '192.0.2.10'): Promise<string> {
  const asked = await call('POST', '/v1.0.1/management/sign-in/codes', { body: { phone }, ip });
  if (asked.status !== 202)
    throw new Error(`asking for a code answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const code = await lastCodeSentTo(phone);
  if (!code) throw new Error(`no code was sent to ${phone}`);
  const signedIn = await call('POST', '/v1.0.1/management/sign-in/by-code', {
    body: { phone, requestId: asked.body.requestId, code },
    ip,
  });
  if (signedIn.status !== 200)
    throw new Error(`signing in answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`);
  return signedIn.body.accessKey as string;
}
