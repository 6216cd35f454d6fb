import type { Config, Context } from '@netlify/functions';
import { JoinWaitlistRequestSchema } from '../../src/domain/waitlist-for-server.ts';
import { limitBookingsFromClient } from '../../src/server/abuse.ts';
import { bookingContextFrom } from '../../src/server/bookings/request-context.ts';
import { endpoint, json, parseJsonBody } from '../../src/server/http.ts';
import { clientIp } from '../../src/server/request-headers.ts';
import { joinWaitlist } from '../../src/server/waitlist/join.ts';

/** POST /waitlist: join (docs/decisions/084). Counted with the bookings from this address. */
export default endpoint(['POST'], async (req, context) => {
  await limitBookingsFromClient(clientIp(req, context));
  const request = await parseJsonBody(req, JoinWaitlistRequestSchema);
  const answer = await joinWaitlist(request, bookingContextFrom(req, context as Context | undefined));
  return json(answer, { status: answer.updated ? 200 : 201 });
});

export const config: Config = { path: '/v1.0.1/waitlist' };
