import type { Config } from '@netlify/functions';
import { EmptyRequestSchema, PasskeySignInSchema } from '../../src/domain/staff-for-server.ts';
import { endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { relyingPartyOf, signInOptions, signInWithPasskey } from '../../src/server/passkeys.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { cookieHeaders, staffSignInCookies } from '../../src/server/staff-cookie.ts';

/**
 * A door of the staff area, so no staff key is asked for (docs/decisions/057):
 * POST /management/sign-in/passkey-options gives a challenge for `startAuthentication`;
 * POST /management/sign-in/by-passkey turns the passkey's answer into a staff key, also set as the
 * HttpOnly auth_key cookie (docs/decisions/071).
 */
export default endpoint(['POST'], async (req, context) => {
  const route = routeOf(req, context, ['staffSignInPasskeyOptions', 'staffSignInByPasskey']);
  const ip = clientIp(req, context);
  if (route.name === 'staffSignInPasskeyOptions') {
    await parseJsonBody(req, EmptyRequestSchema);
    return json(await signInOptions(relyingPartyOf(req), ip));
  }
  const body = await parseJsonBody(req, PasskeySignInSchema);
  const answer = await signInWithPasskey(body, relyingPartyOf(req), ip);
  return json(answer, {
    headers: cookieHeaders(staffSignInCookies(req, answer.accessKey, new Date(answer.expiresAt))),
  });
});

export const config: Config = {
  path: ['/v1.0.1/management/sign-in/passkey-options', '/v1.0.1/management/sign-in/by-passkey'],
};
