import type { Config } from '@netlify/functions';
import { BalanceLinkRequestSchema } from '../../src/domain/balance-link-for-server.ts';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { balanceLinkState, sendBalanceLink } from '../../src/server/schedule/balance-links.ts';
import { bookingNotFound } from '../../src/server/schedule/schedule.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** GET | POST /management/bookings/{id}/balance-link: the balance by a payment link (decision 096). */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['balanceLink', 'sendBalanceLink']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw bookingNotFound();
  if (route.name === 'balanceLink') return json(await balanceLinkState(id.data));
  await parseJsonBody(req, BalanceLinkRequestSchema);
  return json(await sendBalanceLink(id.data, staff, siteUrl(req)));
});

export const config: Config = { path: '/v1.0.1/management/bookings/:id/balance-link' };
