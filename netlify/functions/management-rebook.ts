import type { Config, Context } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { RebookQuerySchema, RebookRequestSchema } from '../../src/domain/rebook-for-server.ts';
import { StaffCancelRequestSchema } from '../../src/domain/schedule-for-server.ts';
import { bookingContextFrom } from '../../src/server/bookings/request-context.ts';
import { json, parseJsonBody, parseQuery } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { bookingNotFound } from '../../src/server/schedule/schedule.ts';
import {
  cancelSeriesForStaff,
  staffRebook,
  staffRebookProposals,
  staffSeriesOf,
} from '../../src/server/schedule/staff-series.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { kickOffers } from '../../src/server/waitlist/offers.ts';

/** The next groom booked at the counter, and a visit's series (docs/decisions/089). */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['staffRebookProposals', 'staffRebook', 'staffSeries', 'staffCancelSeries']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw bookingNotFound();
  switch (route.name) {
    case 'staffRebookProposals':
      return json(await staffRebookProposals(id.data, parseQuery(req, RebookQuerySchema), staff));
    case 'staffRebook': {
      const body = await parseJsonBody(req, RebookRequestSchema);
      return json(await staffRebook(id.data, body, staff, bookingContextFrom(req, context as Context | undefined)), {
        status: 201,
      });
    }
    case 'staffSeries':
      return json(await staffSeriesOf(id.data));
    case 'staffCancelSeries': {
      const site = siteUrl(req);
      const answer = await cancelSeriesForStaff(
        id.data,
        await parseJsonBody(req, StaffCancelRequestSchema),
        staff,
        site,
      );
      // The times the visits leave go to the waitlist now (decision 084), as after a single cancel.
      await kickOffers({ context, siteUrl: site });
      return json(answer);
    }
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/bookings/:id/rebook',
    '/v1.0.1/management/bookings/:id/series',
    '/v1.0.1/management/bookings/:id/series/cancel',
  ],
};
