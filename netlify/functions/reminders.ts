import type { Config } from '@netlify/functions';
import { enqueueReminders } from '../../src/server/messages/reminders.ts';
import { sendDueMessages } from '../../src/server/messages/outbox.ts';

/**
 * Daily at 17:00 UTC (17:00 in winter, 18:00 in summer in London): the reminders for tomorrow's
 * appointments go into the outbox, and out straight away rather than at the next five-minute run.
 * The hour is REMINDER_RUN_UTC_HOUR (src/domain/reminders.ts), by which the booking pages promise a
 * reminder; a booking made after it for the next day is told it gets none (decision 079).
 */
export default async () => {
  const run = await enqueueReminders({ now: new Date() });
  console.log(`reminders: ${run.enqueued} messages for ${run.bookings} appointments on ${run.date}`);
  await sendDueMessages({ now: new Date() });
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '0 17 * * *' };
