import type { Config } from '@netlify/functions';
import { AgreeByLinkRequestSchema } from '../../src/domain/consent-for-server.ts';
import { limitConsentLinks } from '../../src/server/abuse.ts';
import { agreeByLink, consentPage, consentPhoto } from '../../src/server/consent-links.ts';
import { endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { routeOf } from '../../src/server/routes.ts';

/**
 * GET|POST /consents/{token}, GET /consents/{token}/photo: the owner's page for a surcharge asked by a
 * texted link (decision 093). The token is the key; every call is counted per address, as the other
 * token routes are, and the POST is refused cross-origin by endpoint() as every write is.
 */
export default endpoint(['GET', 'POST'], async (req, context) => {
  await limitConsentLinks(clientIp(req, context));
  const route = routeOf(req, context, ['consentPage', 'agreeByLink', 'consentPhoto']);
  const token = route.params.token ?? '';
  switch (route.name) {
    case 'consentPage':
      return json(await consentPage(token), { cache: 'private, no-store' });
    case 'agreeByLink':
      return json(await agreeByLink(token, await parseJsonBody(req, AgreeByLinkRequestSchema, 1024)));
    case 'consentPhoto':
      return new Response(new Uint8Array(await consentPhoto(token)), {
        headers: { 'content-type': 'image/webp', 'cache-control': 'private, no-store' },
      });
  }
});

export const config: Config = { path: ['/v1.0.1/consents/:token', '/v1.0.1/consents/:token/photo'] };
