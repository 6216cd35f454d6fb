import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { PhotoSideSchema, ReportCardRequestSchema } from '../../src/domain/report-card-for-server.ts';
import { afterAnswer, json, parseJsonBody } from '../../src/server/http.ts';
import { sendNow } from '../../src/server/messages/outbox.ts';
import { sendReportCard, staffReportCard, visitPhotoKey } from '../../src/server/report-cards.ts';
import { routeOf } from '../../src/server/routes.ts';
import { bookingNotFound } from '../../src/server/schedule/schedule.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { visitPhotoAnswer } from '../../src/server/visit-photo-answer.ts';

/** The report card for staff (decision 094): read, write and send it; and a visit's stored photos. */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['reportCard', 'sendReportCard', 'staffVisitPhoto']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw bookingNotFound();
  switch (route.name) {
    case 'reportCard':
      return json(await staffReportCard(id.data));
    case 'staffVisitPhoto': {
      const side = PhotoSideSchema.safeParse(route.params.side);
      if (!side.success) throw bookingNotFound();
      return visitPhotoAnswer(await visitPhotoKey(id.data, side.data, 'staff'), req.headers.get('if-none-match'));
    }
    case 'sendReportCard': {
      const now = new Date();
      const { messageIds, report } = await sendReportCard(
        id.data,
        await parseJsonBody(req, ReportCardRequestSchema),
        staff,
        siteUrl(req),
        now,
      );
      await sendNow(messageIds, { now, what: "the owner's report card", later: afterAnswer(context) });
      return json({ report, sent: messageIds.length > 0 });
    }
  }
});

export const config: Config = {
  path: ['/v1.0.1/management/bookings/:id/report-card', '/v1.0.1/management/bookings/:id/photos/:side'],
};
