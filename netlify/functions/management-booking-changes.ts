import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import {
  AttendanceRequestSchema,
  StaffCancelRequestSchema,
  StaffMoveRequestSchema,
  StaffNoteRequestSchema,
} from '../../src/domain/schedule.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { cancelForStaff, markAttendance, moveForStaff, saveStaffNote } from '../../src/server/schedule/counter.ts';
import { bookingNotFound } from '../../src/server/schedule/schedule.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** POST /management/bookings/{id}/move | cancel | attendance | note: staff changes to a booking. */
export default staffEndpoint(['POST'], async (req, staff) => {
  const [idPart, action, ...rest] = new URL(req.url).pathname.split('/').filter(Boolean).slice(3);
  const id = BookingIdSchema.safeParse(idPart);
  if (!id.success || rest.length) throw bookingNotFound();
  switch (action) {
    case 'move':
      return json(
        await moveForStaff(id.data, (await parseJsonBody(req, StaffMoveRequestSchema)).start, staff, siteUrl(req)),
      );
    case 'cancel':
      return json(
        await cancelForStaff(id.data, await parseJsonBody(req, StaffCancelRequestSchema), staff, siteUrl(req)),
      );
    case 'attendance':
      return json(await markAttendance(id.data, await parseJsonBody(req, AttendanceRequestSchema), staff));
    case 'note':
      return json(await saveStaffNote(id.data, (await parseJsonBody(req, StaffNoteRequestSchema)).note, staff));
    default:
      throw new HttpError(404, 'Not found', { code: 'not_found' });
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/bookings/:id/move',
    '/v1.0.1/management/bookings/:id/cancel',
    '/v1.0.1/management/bookings/:id/attendance',
    '/v1.0.1/management/bookings/:id/note',
  ],
};
