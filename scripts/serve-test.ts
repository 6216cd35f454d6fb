/**
 * The server the end-to-end tests run against: the same as `npm start` (built pages, Netlify
 * emulation, seeded demo business) on the given PORT, with a fresh in-memory database.
 * `--migrations-only`: the database as a first deploy leaves production's, migrated and nothing
 * else (no demo seed, no test fixtures), for tests/e2e/first-deploy.spec.ts (decision 063).
 */
import {
  seedAllDayWaitlist,
  seedOptOutToken,
  seedPastAppointments,
  seedStoppedMessages,
  seedWorkerStaff,
} from './lib/e2e-fixtures.ts';
import { startSiteServer } from './lib/site-server.ts';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('serve-test needs PORT');
const migrationsOnly = process.argv.includes('--migrations-only');
// E2E_STRIPE_STAND_IN=1: deposits through the Stripe stand-in, as `npm start` takes them
// (tests/e2e/booking-deposit-stand-in.spec.ts starts a server of its own with it).
const site = await startSiteServer({
  port,
  quiet: true,
  seed: !migrationsOnly,
  stripeStandIn: process.env.E2E_STRIPE_STAND_IN === '1',
});
if (!migrationsOnly) {
  await seedPastAppointments();
  await seedWorkerStaff();
  await seedStoppedMessages();
  await seedAllDayWaitlist();
  await seedOptOutToken();
}
console.log(`e2e server ready at ${site.url}`);
const stop = async () => {
  await site.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
