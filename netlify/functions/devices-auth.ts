import type { Config } from '@netlify/functions';
import { API_HEADERS } from '../../src/domain/api.ts';
import { endpoint, json } from '../../src/server/http.ts';
import { deviceUserFor, UNKNOWN_KEY } from '../../src/server/key-auth.ts';
import { readVisitHeaders } from '../../src/server/request-headers.ts';

export default endpoint(['GET'], async (req) => {
  const user = await deviceUserFor(readVisitHeaders(req).accessKey);
  // The answer depends on a header: no shared cache may keep it.
  const headers = { vary: API_HEADERS.accessKey };
  return user ? json(user, { headers }) : json({ error: UNKNOWN_KEY }, { status: 401, headers });
});

export const config: Config = { path: '/v1.0.1/devices/auth' };
