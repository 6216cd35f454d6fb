import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { endpoint, HttpError, json } from '../../src/server/http.ts';
import { bookingCalendarFile } from '../../src/server/bookings/calendar.ts';
import { getBookingView, getBookingViewBySession } from '../../src/server/bookings/view.ts';
import { routeOf } from '../../src/server/routes.ts';
import { siteUrl } from '../../src/server/site-url.ts';

const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

/** GET a booking by its id (the id is the key), by its Checkout session, or as a calendar file. */
export default endpoint(['GET'], async (req, context) => {
  const route = routeOf(req, context, ['bookingBySession', 'booking', 'bookingCalendar']);
  if (route.name === 'bookingBySession') {
    if (!CHECKOUT_SESSION_ID.test(route.params.session))
      throw new HttpError(404, 'We could not find that payment.', { code: 'not_found' });
    return json(await getBookingViewBySession(route.params.session));
  }
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success)
    throw new HttpError(404, 'We could not find that booking. Please check the link in your confirmation.', {
      code: 'not_found',
    });
  if (route.name === 'booking') return json(await getBookingView(id.data));
  return new Response(await bookingCalendarFile(id.data, siteUrl(req)), {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'attachment; filename="leyton-dog-grooming-appointment.ics"',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});

export const config: Config = {
  path: ['/v1.0.1/bookings/by-session/:session', '/v1.0.1/bookings/:id', '/v1.0.1/bookings/:id/calendar.ics'],
};
