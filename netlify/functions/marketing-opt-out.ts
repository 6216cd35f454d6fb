import type { Config } from '@netlify/functions';
import { forServer } from '../../src/domain/for-server.ts';
import { ONE_CLICK_BODY, OptOutRequestSchema } from '../../src/domain/marketing-opt-out.ts';
import { limitOptOuts } from '../../src/server/abuse.ts';
import { endpoint, HttpError, json, parseJsonBody, readBody } from '../../src/server/http.ts';
import { optOut } from '../../src/server/marketing-opt-out.ts';
import { clientIp } from '../../src/server/request-headers.ts';

const FORM = 'application/x-www-form-urlencoded';

/**
 * POST /v1.0.1/marketing/opt-out (docs/decisions/090): `{ token }` as JSON from the /stop/{token}
 * page, or a mail client's RFC 8058 one-click POST (the token in the address, `List-Unsubscribe=
 * One-Click` as a form body). Never a GET that writes: mail scanners and link previews fetch GETs.
 */
export default endpoint(['POST'], async (req, context) => {
  await limitOptOuts(clientIp(req, context));
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === FORM) {
    const fields = new URLSearchParams(await readBody(req, 1024));
    if (fields.get('List-Unsubscribe') !== ONE_CLICK_BODY.split('=')[1])
      throw new HttpError(400, `A one-click opt-out sends ${ONE_CLICK_BODY}.`);
    return json(await optOut(new URL(req.url).searchParams.get('token') ?? ''));
  }
  const body = await parseJsonBody(req, forServer(OptOutRequestSchema), 1024);
  return json(await optOut(body.token));
});

export const config: Config = { path: '/v1.0.1/marketing/opt-out' };
