import type { Config } from '@netlify/functions';
import {
  AcceptOfferRequestSchema,
  DeclineOfferRequestSchema,
  WaitlistKeySchema,
} from '../../src/domain/waitlist-offer-schemas.ts';
import { forServer } from '../../src/domain/for-server.ts';
import { limitChanges } from '../../src/server/abuse.ts';
import { bookingContextFrom } from '../../src/server/bookings/request-context.ts';
import { endpoint, HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { routeOf } from '../../src/server/routes.ts';
import { acceptOffer, declineOffer } from '../../src/server/waitlist/offer-answers.ts';

/**
 * POST /waitlist/{id}/offers/{offer}/accept and /decline (docs/decisions/084): the request's id and
 * the offer's, both random, are the owner's key. Accepting books as POST /bookings does.
 */
export default endpoint(['POST'], async (req, context) => {
  const route = routeOf(req, context, ['acceptWaitlistOffer', 'declineWaitlistOffer']);
  const request = WaitlistKeySchema.safeParse(route.params.id);
  const offer = WaitlistKeySchema.safeParse(route.params.offer);
  if (!request.success || !offer.success)
    throw new HttpError(404, 'We could not find that offer. Please check the link in your message.', {
      code: 'not_found',
    });
  await limitChanges(clientIp(req, context), offer.data);
  if (route.name === 'declineWaitlistOffer') {
    await parseJsonBody(req, forServer(DeclineOfferRequestSchema));
    return json(await declineOffer(request.data, offer.data));
  }
  const body = await parseJsonBody(req, forServer(AcceptOfferRequestSchema));
  const answer = await acceptOffer(request.data, offer.data, body, bookingContextFrom(req, context as never));
  return json(answer, { status: 201 });
});

export const config: Config = {
  path: ['/v1.0.1/waitlist/:id/offers/:offer/accept', '/v1.0.1/waitlist/:id/offers/:offer/decline'],
};
