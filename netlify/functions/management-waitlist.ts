import type { Config } from '@netlify/functions';
import { forServer } from '../../src/domain/for-server.ts';
import {
  StaffOfferRequestSchema,
  StaffWithdrawRequestSchema,
  WaitlistCountsQuerySchema,
  WaitlistDayQuerySchema,
} from '../../src/domain/staff-waitlist.ts';
import { WaitlistKeySchema } from '../../src/domain/waitlist-offer-schemas.ts';
import { HttpError, json, parseJsonBody, parseQuery } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { WAITLIST_NOT_FOUND } from '../../src/server/waitlist/request-view.ts';
import {
  offerByHand,
  waitlistCounts,
  waitlistDay,
  withdrawForStaff,
} from '../../src/server/waitlist/staff-waitlist.ts';

/**
 * The waitlist on the schedule (docs/decisions/086): GET /management/waitlist/counts and /day, POST
 * /management/waitlist/{id}/offers (a time offered by hand) and /withdraw (the caller said stop).
 */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, [
    'staffWaitlistCounts',
    'staffWaitlistDay',
    'staffWaitlistOffer',
    'staffWaitlistWithdraw',
  ]);
  if (route.name === 'staffWaitlistCounts')
    return json(await waitlistCounts(parseQuery(req, forServer(WaitlistCountsQuerySchema))));
  if (route.name === 'staffWaitlistDay')
    return json(await waitlistDay(parseQuery(req, forServer(WaitlistDayQuerySchema)).date));
  const id = WaitlistKeySchema.safeParse(route.params.id);
  if (!id.success) throw new HttpError(404, WAITLIST_NOT_FOUND, { code: 'not_found' });
  if (route.name === 'staffWaitlistWithdraw') {
    await parseJsonBody(req, forServer(StaffWithdrawRequestSchema));
    return json(await withdrawForStaff(id.data, staff));
  }
  const { start } = await parseJsonBody(req, forServer(StaffOfferRequestSchema));
  return json(await offerByHand(id.data, start, staff, siteUrl(req)), { status: 201 });
});

export const config: Config = {
  path: [
    '/v1.0.1/management/waitlist/counts',
    '/v1.0.1/management/waitlist/day',
    '/v1.0.1/management/waitlist/:id/offers',
    '/v1.0.1/management/waitlist/:id/withdraw',
  ],
};
