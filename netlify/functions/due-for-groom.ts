import type { Config } from '@netlify/functions';
import { enqueueDueForGroom } from '../../src/server/messages/due-for-groom.ts';

/**
 * Hourly from 09:00 to 18:00 UTC, Monday to Saturday: the "due for a groom" nudges due now go into the
 * outbox (docs/decisions/090), which sends them at its next run. The domain keeps them to 10:00-19:00
 * London whatever the season; running hourly lets a nudge held back by those hours go at the next.
 */
export default async () => {
  const run = await enqueueDueForGroom({ now: new Date() });
  if (run.enqueued) console.log(`due-for-groom: ${run.enqueued} nudges for ${run.visits} visits looked at`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '0 9-18 * * 1-6' };
