import type { Config } from '@netlify/functions';
import { StaffBookingRequestSchema } from '../../src/domain/schedule-for-server.ts';
import { afterAnswer, json, parseJsonBody } from '../../src/server/http.ts';
import { createPhoneBooking } from '../../src/server/schedule/phone-booking.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** POST /management/bookings: a booking taken on the phone. */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const request = await parseJsonBody(req, StaffBookingRequestSchema);
  const later = afterAnswer(context);
  const answer = await createPhoneBooking(request, staff, {
    siteUrl: siteUrl(req),
    ...(later ? { waitUntil: later } : {}),
  });
  return json(answer, { status: 201 });
});

export const config: Config = { path: '/v1.0.1/management/bookings' };
