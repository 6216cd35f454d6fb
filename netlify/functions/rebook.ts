import type { Config, Context } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { RebookQuerySchema, RebookRequestSchema } from '../../src/domain/rebook-for-server.ts';
import { EmptyRequestSchema } from '../../src/domain/staff-for-server.ts';
import { limitBookingsFromClient, limitChanges } from '../../src/server/abuse.ts';
import { endpoint, HttpError, json, parseJsonBody, parseQuery } from '../../src/server/http.ts';
import { cancelSeries, rebook, rebookProposals } from '../../src/server/bookings/rebook.ts';
import { bookingContextFrom } from '../../src/server/bookings/request-context.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { routeOf } from '../../src/server/routes.ts';
import { siteUrl } from '../../src/server/site-url.ts';

/** Rebook in one tap (docs/decisions/085): the unguessable booking id in the path is the owner's key. */
export default endpoint(['GET', 'POST'], async (req, context) => {
  const route = routeOf(req, context, ['rebookProposals', 'rebook', 'cancelSeries']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw new HttpError(404, 'We could not find that booking.', { code: 'not_found' });
  if (route.name === 'rebookProposals') return json(await rebookProposals(id.data, parseQuery(req, RebookQuerySchema)));
  if (route.name === 'cancelSeries') {
    await limitChanges(clientIp(req, context), id.data);
    await parseJsonBody(req, EmptyRequestSchema);
    return json(await cancelSeries(id.data, { siteUrl: siteUrl(req) }));
  }
  // As a booking: the limit first, so a flood costs one small upsert a request.
  await limitBookingsFromClient(clientIp(req, context));
  const body = await parseJsonBody(req, RebookRequestSchema);
  return json(await rebook(id.data, body, bookingContextFrom(req, context as Context | undefined)), { status: 201 });
});

export const config: Config = {
  path: ['/v1.0.1/bookings/:id/rebook', '/v1.0.1/bookings/:id/series/cancel'],
};
