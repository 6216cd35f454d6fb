import type { Config } from '@netlify/functions';
import { EmptyRequestSchema } from '../../src/domain/staff-for-server.ts';
import { json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { cookieHeaders, staffSignOutCookies } from '../../src/server/staff-cookie.ts';
import { signOut } from '../../src/server/staff-members.ts';

/**
 * GET /management/session: who holds this staff key (the dashboard's "Signed in as").
 * POST /management/sign-out: revokes the key and deletes its cookies (docs/decisions/071).
 */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  if (routeOf(req, context, ['staffSession', 'staffSignOut']).name === 'staffSession')
    return json({ staff: { _id: staff.customerId, name: staff.name, phone: staff.phone } });
  await parseJsonBody(req, EmptyRequestSchema);
  await signOut(staff.key);
  return json({ ok: true }, { headers: cookieHeaders(staffSignOutCookies(req)) });
});

export const config: Config = { path: ['/v1.0.1/management/session', '/v1.0.1/management/sign-out'] };
