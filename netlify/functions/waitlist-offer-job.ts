import type { Config } from '@netlify/functions';
import { runOfferJob } from '../../src/server/waitlist/offers.ts';

/**
 * Every minute: times that freed are offered to the waitlist, offers past their time expire and pass
 * on (docs/decisions/084). A cancellation or move on the site runs the same job at once; this run
 * catches every other path (a lapsed hold, a block removed, Settings) and anything a kick missed.
 */
export default async () => {
  const run = await runOfferJob();
  if (run.offered || run.expired || run.freed || run.passedOn) {
    console.log(
      `waitlist-offer-job: ${run.freed} freed times and ${run.passedOn} offers passed on looked at, ${run.offered} offers made, ${run.expired} expired${run.asleep ? ' (outside waking hours: offers wait for the morning)' : ''}`,
    );
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
