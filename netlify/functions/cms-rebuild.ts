import type { Config } from '@netlify/functions';
import { sendDueRebuild } from '../../src/server/cms/rebuild.ts';

/**
 * Every five minutes: a site build that is due and was not sent (the publish webhook's wait was cut
 * short, or the build hook failed and is tried again). Usually there is nothing to do.
 */
export default async () => {
  const outcome = await sendDueRebuild(new Date());
  if (outcome !== 'nothing due') console.log('cms-rebuild:', outcome);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
