import type { Config } from '@netlify/functions';
import { sendDueMessages } from '../../src/server/messages/outbox.ts';

/** Every five minutes: send what is due in the outbox (retries included). */
export default async () => {
  const result = await sendDueMessages({ now: new Date() });
  if (result.sent || result.retrying || result.gaveUp) console.log('send-outbox:', JSON.stringify(result));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
