import type { Config } from '@netlify/functions';
import { MessageRetryRequestSchema } from '../../src/domain/dashboard-for-server.ts';
import { OutboxIdSchema } from '../../src/domain/outbox-retry.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { retryStoppedMessage } from '../../src/server/messages/stopped-messages.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** POST /management/messages/{id}/retry: send again a message the outbox stopped trying (decision 065). */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const id = OutboxIdSchema.safeParse(routeOf(req, context, ['retryMessage']).params.id);
  if (!id.success) throw new HttpError(404, 'That message is not there any more.', { code: 'not_found' });
  await parseJsonBody(req, MessageRetryRequestSchema);
  return json(await retryStoppedMessage(id.data, staff));
});

export const config: Config = { path: '/v1.0.1/management/messages/:id/retry' };
