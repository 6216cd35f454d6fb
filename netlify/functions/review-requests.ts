import type { Config } from '@netlify/functions';
import { enqueueReviewRequests } from '../../src/server/messages/review-requests.ts';

/**
 * Hourly from 07:00 to 20:00 UTC: the review requests due now (two hours or more after a visit was
 * completed, once per owner) go into the outbox (docs/decisions/095), which sends them at its next
 * run. The domain keeps them to the shop's waking hours, London time, whatever the season.
 */
export default async () => {
  const run = await enqueueReviewRequests({ now: new Date() });
  if (run.enqueued) console.log(`review-requests: ${run.enqueued} requests for ${run.visits} owners looked at`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '0 7-20 * * *' };
