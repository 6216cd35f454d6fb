import type { Config } from '@netlify/functions';
import { EmptyRequestSchema, StepUpByCodeSchema, StepUpByPasskeySchema } from '../../src/domain/staff-for-server.ts';
import { afterAnswer, json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { proveWithPasskey, relyingPartyOf, stepUpOptions } from '../../src/server/passkeys.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { proveWithCode, requestStepUpCode } from '../../src/server/staff-sign-in.ts';

/**
 * A signed-in member proves it is them again before a staff change (docs/decisions/070):
 * POST /management/step-up/codes texts a code to their own number; POST …/by-code checks it;
 * POST …/passkey-options and …/by-passkey do the same with one of their own passkeys. Either marks
 * this staff key freshly proven for five minutes.
 */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['stepUpCodes', 'stepUpByCode', 'stepUpPasskeyOptions', 'stepUpByPasskey']);
  const ip = clientIp(req, context);
  switch (route.name) {
    case 'stepUpCodes': {
      await parseJsonBody(req, EmptyRequestSchema);
      const later = afterAnswer(context);
      return json(await requestStepUpCode(staff, { ip, siteUrl: siteUrl(req), later }), { status: 202 });
    }
    case 'stepUpByCode':
      return json(await proveWithCode(staff, await parseJsonBody(req, StepUpByCodeSchema), ip));
    case 'stepUpPasskeyOptions':
      await parseJsonBody(req, EmptyRequestSchema);
      return json(await stepUpOptions(staff, relyingPartyOf(req), ip));
    case 'stepUpByPasskey': {
      const body = await parseJsonBody(req, StepUpByPasskeySchema);
      return json(await proveWithPasskey(staff, body, relyingPartyOf(req), ip));
    }
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/step-up/codes',
    '/v1.0.1/management/step-up/by-code',
    '/v1.0.1/management/step-up/passkey-options',
    '/v1.0.1/management/step-up/by-passkey',
  ],
};
