import type { Config, Context } from '@netlify/functions';
import { AnyBookingRequestSchema } from '../../src/domain/booking-schemas.ts';
import { limitBookingsFromClient } from '../../src/server/abuse.ts';
import { endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { refuseIfAlreadyBooked } from '../../src/server/bookings/already-booked.ts';
import { createBooking } from '../../src/server/bookings/create-booking.ts';
import { createPartyBooking } from '../../src/server/bookings/party-booking.ts';
import { bookingContextFrom } from '../../src/server/bookings/request-context.ts';
import { clientIp } from '../../src/server/request-headers.ts';

export default endpoint(['POST'], async (req, context) => {
  // The limit comes first, so a flood costs one small upsert a request and no more.
  await limitBookingsFromClient(clientIp(req, context));
  const parsed = await parseJsonBody(req, AnyBookingRequestSchema);
  const bookingContext = bookingContextFrom(req, context as Context | undefined);
  // The same dog at the same start, booked from this device already: ask first (docs/decisions/099).
  await refuseIfAlreadyBooked(parsed.request, bookingContext);
  // One dog, or several in one booking (docs/decisions/082).
  const answer = parsed.several
    ? await createPartyBooking(parsed.request, bookingContext)
    : await createBooking(parsed.request, bookingContext);
  return json(answer, { status: 201 });
});

export const config: Config = { path: '/v1.0.1/bookings' };
