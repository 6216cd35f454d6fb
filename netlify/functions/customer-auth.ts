import type { Config } from '@netlify/functions';
import { API_HEADERS } from '../../src/domain/api.ts';
import { endpoint, json } from '../../src/server/http.ts';
import { customerAuthFor } from '../../src/server/key-auth.ts';
import { readVisitHeaders } from '../../src/server/request-headers.ts';
import { keyFromCookie } from '../../src/server/staff-cookie.ts';

export default endpoint(['GET'], async (req) => {
  // The management guard's question: a staff key is an HttpOnly cookie the page cannot put in the
  // header, so the cookie answers when no header came (docs/decisions/071).
  const answer = await customerAuthFor(readVisitHeaders(req).accessKey ?? keyFromCookie(req));
  return json(answer, { status: answer.status, headers: { vary: `${API_HEADERS.accessKey}, cookie` } });
});

export const config: Config = { path: '/v1.0.1/customer/auth' };
