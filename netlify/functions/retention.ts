import type { Config } from '@netlify/functions';
import { deleteExpiredData } from '../../src/server/retention.ts';

/**
 * Daily at 03:00 UTC, when the site is quietest: deletes visit statistics, sent messages and
 * rate-limit windows and visit photos older than the privacy notice's periods (docs/decisions/046-retention.md).
 */
export default async () => {
  const run = await deleteExpiredData({ now: new Date() });
  const line = `retention: ${JSON.stringify(run.deleted)}, photos ${JSON.stringify(run.photos)}`;
  if (run.complete) console.log(line);
  else console.warn(`${line}; stopped at the time limit with rows still due, the next run goes on`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '0 3 * * *' };
