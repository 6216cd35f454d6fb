import type { Config, Context } from '@netlify/functions';
import { CreateBookingRequestSchema } from '../../src/domain/booking-schemas.ts';
import { limitBookingsFromClient } from '../../src/server/abuse.ts';
import { endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { createBooking } from '../../src/server/bookings/create-booking.ts';
import { bookingContextFrom } from '../../src/server/bookings/request-context.ts';
import { clientIp } from '../../src/server/request-headers.ts';

export default endpoint(['POST'], async (req, context) => {
  // The limit comes first, so a flood costs one small upsert a request and no more.
  await limitBookingsFromClient(clientIp(req, context));
  const request = await parseJsonBody(req, CreateBookingRequestSchema);
  const answer = await createBooking(request, bookingContextFrom(req, context as Context | undefined));
  return json(answer, { status: 201 });
});

export const config: Config = { path: '/v1.0.1/bookings' };
