import type { Config } from '@netlify/functions';
import { StaffCodeRequestSchema, StaffSignInByCodeSchema } from '../../src/domain/staff-for-server.ts';
import { afterAnswer, endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { cookieHeaders, staffSignInCookies } from '../../src/server/staff-cookie.ts';
import { requestStaffCode, signInByCode } from '../../src/server/staff-sign-in.ts';

/**
 * A door of the staff area, so no staff key is asked for (docs/decisions/053):
 * POST /management/sign-in/codes texts a code (the same 202 for any number);
 * POST /management/sign-in/by-code turns the code into a staff key, also set as the HttpOnly
 * auth_key cookie (docs/decisions/071).
 */
export default endpoint(['POST'], async (req, context) => {
  const route = routeOf(req, context, ['staffSignInCodes', 'staffSignInByCode']);
  const ip = clientIp(req, context);
  if (route.name === 'staffSignInCodes') {
    const { phone } = await parseJsonBody(req, StaffCodeRequestSchema);
    const later = afterAnswer(context);
    return json(await requestStaffCode({ phone, ip, siteUrl: siteUrl(req), later }), { status: 202 });
  }
  const body = await parseJsonBody(req, StaffSignInByCodeSchema);
  const answer = await signInByCode({ ...body, ip });
  return json(answer, {
    headers: cookieHeaders(staffSignInCookies(req, answer.accessKey, new Date(answer.expiresAt))),
  });
});

export const config: Config = { path: ['/v1.0.1/management/sign-in/codes', '/v1.0.1/management/sign-in/by-code'] };
