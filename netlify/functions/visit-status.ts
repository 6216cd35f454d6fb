import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { endpoint, HttpError } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { visitStatusAnswer } from '../../src/server/visit-stages/status.ts';

/** GET /bookings/{id}/status: the dog's stage for the booking's page to poll (decision 092); the id is the key. */
export default endpoint(['GET'], async (req, context) => {
  const route = routeOf(req, context, ['visitStatus']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw new HttpError(404, 'We could not find that booking.', { code: 'not_found' });
  return visitStatusAnswer(id.data, req.headers.get('if-none-match'));
});

export const config: Config = { path: '/v1.0.1/bookings/:id/status' };
