import type { Config } from '@netlify/functions';
import { CreateBookingRequestSchema } from '../../src/domain/booking-schemas.ts';
import { endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { createBooking } from '../../src/server/bookings/create-booking.ts';
import { bookingContextFrom } from '../../src/server/bookings/request-context.ts';

export default endpoint(['POST'], async (req) => {
  const request = await parseJsonBody(req, CreateBookingRequestSchema);
  const answer = await createBooking(request, bookingContextFrom(req));
  return json(answer, { status: 201 });
});

export const config: Config = { path: '/v1.0.1/bookings' };
