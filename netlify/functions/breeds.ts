import type { Config } from '@netlify/functions';
import { endpoint, json } from '../../src/server/http.ts';
import { listBreeds } from '../../src/server/bookings/breeds.ts';

export default endpoint(['GET'], async () =>
  json(await listBreeds(), { cache: 'public, max-age=300, stale-while-revalidate=3600' }),
);

export const config: Config = { path: '/v1.0.1/breeds' };
