import type { Config } from '@netlify/functions';
import { sendDueMessages } from '../../src/server/messages/outbox.ts';

/**
 * Every minute: send what is due in the outbox, retries included. A minute, not five, because the
 * first retry after a provider's blink is a minute later and a code lasts only ten (decision 065);
 * a run with nothing due is one indexed query.
 */
export default async () => {
  const result = await sendDueMessages({ now: new Date() });
  if (Object.values(result).some(Boolean)) console.log('send-outbox:', JSON.stringify(result));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
