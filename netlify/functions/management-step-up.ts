import type { Config } from '@netlify/functions';
import { EmptyRequestSchema, StepUpByCodeSchema, StepUpByPasskeySchema } from '../../src/domain/staff.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
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
  const step = new URL(req.url).pathname.replace(/\/+$/, '').split('/').at(-1)?.toLowerCase();
  const ip = clientIp(req, context);
  if (step === 'codes') {
    await parseJsonBody(req, EmptyRequestSchema);
    const later = (context as { waitUntil?: (work: Promise<unknown>) => void } | undefined)?.waitUntil;
    return json(await requestStepUpCode(staff, { ip, siteUrl: siteUrl(req), later }), { status: 202 });
  }
  if (step === 'by-code') {
    const proof = await parseJsonBody(req, StepUpByCodeSchema);
    return json(await proveWithCode(staff, proof, ip));
  }
  if (step === 'passkey-options') {
    await parseJsonBody(req, EmptyRequestSchema);
    return json(await stepUpOptions(staff, relyingPartyOf(req), ip));
  }
  if (step === 'by-passkey') {
    const body = await parseJsonBody(req, StepUpByPasskeySchema);
    return json(await proveWithPasskey(staff, body, relyingPartyOf(req), ip));
  }
  throw new HttpError(404, 'Not found');
});

export const config: Config = {
  path: [
    '/v1.0.1/management/step-up/codes',
    '/v1.0.1/management/step-up/by-code',
    '/v1.0.1/management/step-up/passkey-options',
    '/v1.0.1/management/step-up/by-passkey',
  ],
};
