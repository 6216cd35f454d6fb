import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { PhotoSideSchema, PhotoUseRequestSchema } from '../../src/domain/report-card-for-server.ts';
import { endpoint, HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { ownerReportCard, setPhotoUse, visitPhotoKey } from '../../src/server/report-cards.ts';
import { routeOf } from '../../src/server/routes.ts';
import { visitPhotoAnswer } from '../../src/server/visit-photo-answer.ts';

const notFound = () => new HttpError(404, 'We could not find that booking.', { code: 'not_found' });

/** The owner's report card (decision 094): the card, its photos, and the owner's yes to their use. The id is the key. */
export default endpoint(['GET', 'POST'], async (req, context) => {
  const route = routeOf(req, context, ['ownerReportCard', 'ownerVisitPhoto', 'photoUse']);
  const id = BookingIdSchema.safeParse(route.params.id);
  if (!id.success) throw notFound();
  switch (route.name) {
    case 'ownerReportCard':
      return json(await ownerReportCard(id.data), { cache: 'private, no-cache' });
    case 'ownerVisitPhoto': {
      const side = PhotoSideSchema.safeParse(route.params.side);
      if (!side.success) throw notFound();
      return visitPhotoAnswer(await visitPhotoKey(id.data, side.data, 'owner'), req.headers.get('if-none-match'));
    }
    case 'photoUse':
      return json(await setPhotoUse(id.data, (await parseJsonBody(req, PhotoUseRequestSchema)).allowed));
  }
});

export const config: Config = {
  path: ['/v1.0.1/bookings/:id/report-card', '/v1.0.1/bookings/:id/photos/:side', '/v1.0.1/bookings/:id/photo-use'],
};
