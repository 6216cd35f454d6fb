import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { StageRequestSchema } from '../../src/domain/visit-stages-for-server.ts';
import { afterAnswer, json, parseJsonBody } from '../../src/server/http.ts';
import { sendNow } from '../../src/server/messages/outbox.ts';
import { routeOf } from '../../src/server/routes.ts';
import { bookingNotFound } from '../../src/server/schedule/schedule.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { moveStage } from '../../src/server/visit-stages/stages.ts';

/** POST /management/bookings/{id}/stage: one tap moves the dog on (decision 092); a text it sends goes now. */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['visitStage']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw bookingNotFound();
  const now = new Date();
  const { messageIds, ...moved } = await moveStage(
    id.data,
    await parseJsonBody(req, StageRequestSchema),
    staff,
    siteUrl(req),
    now,
  );
  await sendNow(messageIds, { now, what: "the owner's ready text", later: afterAnswer(context) });
  return json(moved);
});

export const config: Config = { path: '/v1.0.1/management/bookings/:id/stage' };
