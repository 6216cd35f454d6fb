import type { Config, Context } from '@netlify/functions';
import { StaffBookingRequestSchema } from '../../src/domain/schedule-for-server.ts';
import { json, parseJsonBody } from '../../src/server/http.ts';
import { createPhoneBooking } from '../../src/server/schedule/phone-booking.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** POST /management/bookings: a booking taken on the phone. */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const request = await parseJsonBody(req, StaffBookingRequestSchema);
  const waitUntil = (context as Context | undefined)?.waitUntil;
  const answer = await createPhoneBooking(request, staff, {
    siteUrl: siteUrl(req),
    ...(typeof waitUntil === 'function'
      ? { waitUntil: (work: Promise<unknown>) => waitUntil.call(context, work) }
      : {}),
  });
  return json(answer, { status: 201 });
});

export const config: Config = { path: '/v1.0.1/management/bookings' };
