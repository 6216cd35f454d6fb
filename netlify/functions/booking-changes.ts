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
import { siteUrl } from '../../src/server/site-url.ts';

/** POST /bookings/{id}/cancel and /move: the unguessable id in the path is the customer's key. */
export default endpoint(['POST'], async (req, context) => {
  const [idPart, action, ...rest] = new URL(req.url).pathname.split('/').filter(Boolean).slice(2);
  const id = BookingIdSchema.safeParse(idPart);
  if (!id.success || rest.length) throw new HttpError(404, 'We could not find that booking.', { code: 'not_found' });
  await limitChanges(clientIp(req, context), id.data);
  const change = { siteUrl: siteUrl(req) };
  if (action === 'cancel') {
    const body = await parseJsonBody(req, CancelBookingRequestSchema);
    return json(await cancelBooking(id.data, body.reason, change));
  }
  if (action === 'move') {
    const body = await parseJsonBody(req, MoveBookingRequestSchema);
    return json(await moveBooking(id.data, body.start, change));
  }
  throw new HttpError(404, 'Not found');
});

export const config: Config = { path: ['/v1.0.1/bookings/:id/cancel', '/v1.0.1/bookings/:id/move'] };
