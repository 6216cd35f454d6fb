import type { Config } from '@netlify/functions';
import {
  BookingIdSchema,
  CancelBookingRequestSchema,
  MoveBookingRequestSchema,
} from '../../src/domain/booking-schemas.ts';
import { limitChanges } from '../../src/server/abuse.ts';
import { endpoint, HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { cancelBooking, moveBooking } from '../../src/server/bookings/change-booking.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { routeOf } from '../../src/server/routes.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { kickOffers } from '../../src/server/waitlist/offers.ts';

/** POST /bookings/{id}/cancel and /move: the unguessable id in the path is the customer's key. */
export default endpoint(['POST'], async (req, context) => {
  const route = routeOf(req, context, ['cancelBooking', 'moveBooking']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw new HttpError(404, 'We could not find that booking.', { code: 'not_found' });
  await limitChanges(clientIp(req, context), id.data);
  const change = { siteUrl: siteUrl(req) };
  if (route.name === 'cancelBooking') {
    const body = await parseJsonBody(req, CancelBookingRequestSchema);
    const cancelled = await cancelBooking(id.data, body.reason, change);
    // The freed time goes to the waitlist now, not at the offer job's next minute (decision 084).
    await kickOffers({ context, siteUrl: change.siteUrl });
    return json(cancelled);
  }
  const body = await parseJsonBody(req, MoveBookingRequestSchema);
  const moved = await moveBooking(id.data, body.start, change);
  await kickOffers({ context, siteUrl: change.siteUrl });
  return json(moved);
});

export const config: Config = { path: ['/v1.0.1/bookings/:id/cancel', '/v1.0.1/bookings/:id/move'] };
