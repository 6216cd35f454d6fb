import type { Config } from '@netlify/functions';
import { StaffWaitlistRequestSchema } from '../../src/domain/waitlist-for-server.ts';
import { afterAnswer, json, parseJsonBody } from '../../src/server/http.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { addCallerToWaitlist } from '../../src/server/waitlist/add-caller.ts';

/** POST /management/waitlist: a caller added to the waitlist from a phone booking (decision 087). */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const request = await parseJsonBody(req, StaffWaitlistRequestSchema);
  const later = afterAnswer(context);
  const answer = await addCallerToWaitlist(request, staff, {
    siteUrl: siteUrl(req),
    ...(later ? { waitUntil: later } : {}),
  });
  return json(answer, { status: answer.updated ? 200 : 201 });
});

export const config: Config = { path: '/v1.0.1/management/waitlist' };
