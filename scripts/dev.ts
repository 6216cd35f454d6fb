/**
 * `npm run dev`: Astro's dev server with the Netlify emulation (functions, redirects, Netlify
 * Database in `.netlify/db`, the same data `npm start` uses). The emulation opens the database but
 * does not migrate or seed it, so we do that first, then hand the database over to `astro dev`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { MigrationError, startDatabase } from './lib/database.ts';
import { PROJECT_ROOT } from './lib/site-server.ts';

try {
  const { db, applied } = await startDatabase({ directory: path.join(PROJECT_ROOT, '.netlify/db'), quiet: true });
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  const { seedDemoBusiness } = await import('../src/server/seed.ts');
  const { seeded } = await seedDemoBusiness();
  if (seeded.length) console.log(`Seeded the demo business: ${seeded.join(', ')}`);
  const { closeDb } = await import('../src/server/db.ts');
  await closeDb();
  await db.stop();
} catch (error) {
  if (error instanceof MigrationError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

delete process.env.NETLIFY_DB_URL;
const astro = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), 'dev', ...process.argv.slice(2)], {
  cwd: PROJECT_ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => astro.kill(signal));
astro.on('exit', (code) => process.exit(code ?? 0));
