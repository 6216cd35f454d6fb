import type { Config, Context } from '@netlify/functions';
import { endpoint, json } from '../../src/server/http.ts';
import { receivePublishWebhook } from '../../src/server/cms/rebuild.ts';

/**
 * DatoCMS's webhook when an editor publishes, unpublishes or deletes a record: one site build for a
 * burst of them (src/server/cms/rebuild.ts, docs/decisions/043). The build request itself goes out
 * after the answer, through `context.waitUntil`.
 */
export default endpoint(['POST'], async (req, context) => {
  const ctx = context as Context | undefined;
  const { status, body } = await receivePublishWebhook(req, { waitUntil: ctx?.waitUntil?.bind(ctx) });
  return json(body, { status });
});

export const config: Config = { path: '/v1.0.1/cms/publish-webhook' };
