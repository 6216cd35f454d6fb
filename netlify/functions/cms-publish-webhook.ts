import type { Config } from '@netlify/functions';
import { afterAnswer, endpoint, json } from '../../src/server/http.ts';
import { receivePublishWebhook } from '../../src/server/cms/rebuild.ts';

/**
 * DatoCMS's webhook when an editor publishes, unpublishes or deletes a record: one site build for a
 * burst of them (src/server/cms/rebuild.ts, docs/decisions/043). The build request itself goes out
 * after the answer, through `context.waitUntil`.
 */
export default endpoint(['POST'], async (req, context) => {
  const { status, body } = await receivePublishWebhook(req, { waitUntil: afterAnswer(context) });
  return json(body, { status });
});

export const config: Config = { path: '/v1.0.1/cms/publish-webhook' };
