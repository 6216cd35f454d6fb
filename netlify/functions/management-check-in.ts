import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import {
  CheckInRequestSchema,
  MAX_VISIT_PHOTO_BYTES,
  VisitPhotoUploadSchema,
} from '../../src/domain/check-in-for-server.ts';
import { EmptyRequestSchema } from '../../src/domain/staff-for-server.ts';
import { sendConsentLink } from '../../src/server/consent-links.ts';
import { afterAnswer, json, parseJsonBody } from '../../src/server/http.ts';
import { sendNow } from '../../src/server/messages/outbox.ts';
import { routeOf } from '../../src/server/routes.ts';
import { checkIn } from '../../src/server/schedule/check-in.ts';
import { storeVisitPhoto } from '../../src/server/visit-photos.ts';
import { bookingNotFound } from '../../src/server/schedule/schedule.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

const UPLOAD_BODY_BYTES = Math.ceil(MAX_VISIT_PHOTO_BYTES / 3) * 4 + 1024;

/**
 * POST /management/bookings/{id}/check-in | check-in/photo: the dog handed over at the counter (decision 091);
 * POST …/consent-link: the owner's consent asked by a texted link, sent now (decision 093).
 */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['checkIn', 'checkInPhoto', 'consentLink']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw bookingNotFound();
  switch (route.name) {
    case 'checkIn':
      return json(await checkIn(id.data, await parseJsonBody(req, CheckInRequestSchema), staff));
    case 'checkInPhoto':
      return json(
        await storeVisitPhoto(id.data, (await parseJsonBody(req, VisitPhotoUploadSchema, UPLOAD_BODY_BYTES)).image),
      );
    case 'consentLink': {
      await parseJsonBody(req, EmptyRequestSchema);
      const now = new Date();
      const { messageIds, ...sent } = await sendConsentLink(id.data, staff, siteUrl(req), now);
      await sendNow(messageIds, { now, what: "the owner's consent link", later: afterAnswer(context) });
      return json(sent);
    }
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/bookings/:id/check-in',
    '/v1.0.1/management/bookings/:id/check-in/photo',
    '/v1.0.1/management/bookings/:id/consent-link',
  ],
};
