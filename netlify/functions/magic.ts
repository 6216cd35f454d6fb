import type { Config } from '@netlify/functions';
import { MagicRequestSchema } from '../../src/domain/api-for-server.ts';
import { endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { handleMagic, magicCallsExceeded, TOO_MANY_REQUESTS } from '../../src/server/magic.ts';

export default endpoint(['POST'], async (req, context) => {
  // The limit comes first, so a flood of bad requests costs one small upsert each and no more.
  const retryAfter = await magicCallsExceeded(req, context);
  if (retryAfter !== null) {
    return json({ error: TOO_MANY_REQUESTS }, { status: 429, headers: { 'retry-after': String(retryAfter) } });
  }
  const body = await parseJsonBody(req, MagicRequestSchema);
  return json(await handleMagic(req, body));
});

export const config: Config = { path: '/v1.0.1/magic' };
