import type { Config } from '@netlify/functions';
import { EmptyRequestSchema } from '../../src/domain/staff.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { cookieHeaders, staffSignOutCookies } from '../../src/server/staff-cookie.ts';
import { signOut } from '../../src/server/staff-members.ts';

/**
 * GET /management/session: who holds this staff key (the dashboard's "Signed in as").
 * POST /management/sign-out: revokes the key and deletes its cookies (docs/decisions/071).
 */
export default staffEndpoint(['GET', 'POST'], async (req, staff) => {
  const step = new URL(req.url).pathname.replace(/\/+$/, '').split('/').at(-1)?.toLowerCase();
  if (step === 'session' && (req.method === 'GET' || req.method === 'HEAD')) {
    return json({ staff: { _id: staff.customerId, name: staff.name, phone: staff.phone } });
  }
  if (step === 'sign-out' && req.method === 'POST') {
    await parseJsonBody(req, EmptyRequestSchema);
    await signOut(staff.key);
    return json({ ok: true }, { headers: cookieHeaders(staffSignOutCookies(req)) });
  }
  throw new HttpError(
    405,
    `Method ${req.method} not allowed here`,
    {},
    { allow: step === 'session' ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS' },
  );
});

export const config: Config = { path: ['/v1.0.1/management/session', '/v1.0.1/management/sign-out'] };
