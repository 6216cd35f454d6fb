import type { Config } from '@netlify/functions';
import { PhoneCodeRequestSchema } from '../../src/domain/booking-schemas.ts';
import { endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { requestPhoneCode } from '../../src/server/phone-codes.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { siteUrl } from '../../src/server/site-url.ts';

/** POST /phone-codes: texts a one-time code to prove a number (the same answer for any number). */
export default endpoint(['POST'], async (req, context) => {
  const { phone, purpose } = await parseJsonBody(req, PhoneCodeRequestSchema);
  return json(await requestPhoneCode({ phone, purpose, ip: clientIp(req, context), siteUrl: siteUrl(req) }), {
    status: 202,
  });
});

export const config: Config = { path: '/v1.0.1/phone-codes' };
