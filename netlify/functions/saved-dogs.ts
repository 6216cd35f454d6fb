import type { Config } from '@netlify/functions';
import { API_HEADERS } from '../../src/domain/api.ts';
import { endpoint, json } from '../../src/server/http.ts';
import { savedDogsFor } from '../../src/server/bookings/saved-dogs.ts';

export default endpoint(['GET'], async (req) => json(await savedDogsFor(req.headers.get(API_HEADERS.accessKey))));

export const config: Config = { path: '/v1.0.1/customer/dogs' };
