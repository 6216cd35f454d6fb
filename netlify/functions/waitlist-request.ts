import type { Config } from '@netlify/functions';
import { WaitlistRequestIdSchema, WithdrawWaitlistRequestSchema } from '../../src/domain/waitlist-for-server.ts';
import { limitChanges } from '../../src/server/abuse.ts';
import { endpoint, HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { routeOf } from '../../src/server/routes.ts';
import { WAITLIST_NOT_FOUND } from '../../src/server/waitlist/request-view.ts';
import { getWaitlistRequest, withdrawWaitlistRequest } from '../../src/server/waitlist/withdraw.ts';

/** GET /waitlist/{id} and POST /waitlist/{id}/withdraw: the unguessable id in the path is the owner's key. */
export default endpoint(['GET', 'POST'], async (req, context) => {
  const route = routeOf(req, context, ['waitlistRequest', 'withdrawWaitlist']);
  const id = WaitlistRequestIdSchema.safeParse(route.params.id);
  if (!id.success) throw new HttpError(404, WAITLIST_NOT_FOUND, { code: 'not_found' });
  if (route.name === 'waitlistRequest') return json(await getWaitlistRequest(id.data));
  await limitChanges(clientIp(req, context), id.data);
  await parseJsonBody(req, WithdrawWaitlistRequestSchema);
  return json(await withdrawWaitlistRequest(id.data));
});

export const config: Config = { path: ['/v1.0.1/waitlist/:id', '/v1.0.1/waitlist/:id/withdraw'] };
