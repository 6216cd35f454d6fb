import type { Config } from '@netlify/functions';
import { API_HEADERS } from '../../src/domain/api.ts';
import { endpoint, json } from '../../src/server/http.ts';
import { customerAuthFor } from '../../src/server/key-auth.ts';
import { readVisitHeaders } from '../../src/server/request-headers.ts';

export default endpoint(['GET'], async (req) => {
  const answer = await customerAuthFor(readVisitHeaders(req).accessKey);
  return json(answer, { status: answer.status, headers: { vary: API_HEADERS.accessKey } });
});

export const config: Config = { path: '/v1.0.1/customer/auth' };
