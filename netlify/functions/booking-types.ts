import type { Config } from '@netlify/functions';
import { endpoint, json } from '../../src/server/http.ts';
import { listBookingTypes } from '../../src/server/booking-types.ts';

export default endpoint(['GET'], async () =>
  // Prices change rarely and are the same for everyone: let browsers and the CDN keep them briefly.
  json(await listBookingTypes(), { cache: 'public, max-age=60, stale-while-revalidate=600' }),
);

export const config: Config = { path: '/v1.0.1/cms/booking-types' };
