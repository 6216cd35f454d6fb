import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import {
  AttendanceRequestSchema,
  StaffCancelRequestSchema,
  StaffMoveRequestSchema,
  StaffNoteRequestSchema,
} from '../../src/domain/schedule-for-server.ts';
import { json, parseJsonBody } from '../../src/server/http.ts';
import { EmptyRequestSchema } from '../../src/domain/staff-lists-for-server.ts';
import {
  cancelForStaff,
  markAttendance,
  moveForStaff,
  saveStaffNote,
  splitForStaff,
} from '../../src/server/schedule/counter.ts';
import { routeOf } from '../../src/server/routes.ts';
import { bookingNotFound } from '../../src/server/schedule/schedule.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { kickOffers } from '../../src/server/waitlist/offers.ts';

/** POST /management/bookings/{id}/move | cancel | attendance | note | split: staff changes to a booking. */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const route = routeOf(req, context, [
    'staffMoveBooking',
    'staffCancelBooking',
    'attendance',
    'staffNote',
    'splitBooking',
  ]);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw bookingNotFound();
  switch (route.name) {
    case 'staffMoveBooking': {
      const site = siteUrl(req);
      const moved = await moveForStaff(id.data, (await parseJsonBody(req, StaffMoveRequestSchema)).start, staff, site);
      // The time it left goes to the waitlist now (decision 084), as after an owner's move.
      await kickOffers({ context, siteUrl: site });
      return json(moved);
    }
    case 'staffCancelBooking': {
      const site = siteUrl(req);
      const cancelled = await cancelForStaff(id.data, await parseJsonBody(req, StaffCancelRequestSchema), staff, site);
      await kickOffers({ context, siteUrl: site });
      return json(cancelled);
    }
    case 'attendance':
      return json(await markAttendance(id.data, await parseJsonBody(req, AttendanceRequestSchema), staff));
    case 'staffNote':
      return json(await saveStaffNote(id.data, (await parseJsonBody(req, StaffNoteRequestSchema)).note, staff));
    case 'splitBooking':
      await parseJsonBody(req, EmptyRequestSchema);
      return json(await splitForStaff(id.data, staff));
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/bookings/:id/move',
    '/v1.0.1/management/bookings/:id/cancel',
    '/v1.0.1/management/bookings/:id/attendance',
    '/v1.0.1/management/bookings/:id/note',
    '/v1.0.1/management/bookings/:id/split',
  ],
};
