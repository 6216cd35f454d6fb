/**
 * The server the end-to-end tests run against: the same as `npm start` (built pages, Netlify
 * emulation, seeded demo business) on the given PORT, with a fresh in-memory database.
 */
import { seedPastAppointments, seedStoppedMessages, seedWorkerStaff } from './lib/e2e-fixtures.ts';
import { startSiteServer } from './lib/site-server.ts';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('serve-test needs PORT');
const site = await startSiteServer({ port, quiet: true });
await seedPastAppointments();
await seedWorkerStaff();
await seedStoppedMessages();
console.log(`e2e server ready at ${site.url}`);
const stop = async () => {
  await site.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
