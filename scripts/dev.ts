/**
 * `npm run dev`: Astro's dev server (pages reload on save) with the site's Netlify Functions run in
 * process and reloaded when their source changes, `netlify.toml` redirects and headers, and the
 * embedded database in `.netlify/db` (the data `npm start` uses), migrated, seeded and served with
 * the same one-transaction-at-a-time lock. `--port N` and `--host` are passed to Astro.
 */
import path from 'node:path';
import { dev } from 'astro';
import { DatabaseInUseError, MigrationError, startDatabase } from './lib/database.ts';
import { FUNCTIONS_DIR, PROJECT_ROOT } from './lib/site-server.ts';
import { netlifyLocal } from './lib/vite-netlify.ts';

const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? Number(args[portArg + 1]) : 4321;

let database: Awaited<ReturnType<typeof startDatabase>>;
try {
  database = await startDatabase({ directory: path.join(PROJECT_ROOT, '.netlify/db'), quiet: true });
} catch (error) {
  if (error instanceof MigrationError || error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (database.applied.length) console.log(`Applied migrations: ${database.applied.join(', ')}`);
const { seedDemoBusiness } = await import('../src/server/seed.ts');
const { seeded, notes } = await seedDemoBusiness({ living: true });
if (seeded.length) console.log(`Seeded the demo business: ${seeded.join(', ')}`);
for (const note of notes) console.log(`  ${note}`);
// As `netlify dev` does: links the functions write point at this server.
process.env.URL ||= `http://localhost:${port}`;

const server = await dev({
  root: PROJECT_ROOT,
  server: { port, ...(args.includes('--host') ? { host: true } : {}) },
  vite: { plugins: [netlifyLocal({ projectRoot: PROJECT_ROOT, functionsDir: FUNCTIONS_DIR, schedules: true })] },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  const { closeDb } = await import('../src/server/db.ts');
  await closeDb();
  await database.db.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
