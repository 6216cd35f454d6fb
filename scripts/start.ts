/**
 * `npm start`: builds the site and serves it as Netlify would, on http://localhost:8888 (PORT
 * overrides), with the embedded database persisted in `.netlify/db`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { PROJECT_ROOT, PortInUseError, startSiteServer } from './lib/site-server.ts';
import { DatabaseInUseError, MigrationError } from './lib/database.ts';
import facts from '../content/site.json' with { type: 'json' };

const port = Number(process.env.PORT ?? 8888);

// Stripe test keys may live in .env; only those are read from it, as the rest of a copied
// .env.example (URL above all: payment return links) would make the local site act as production's.
const dotEnv = path.join(PROJECT_ROOT, '.env');
if (existsSync(dotEnv)) {
  const values = parseEnv(readFileSync(dotEnv, 'utf8'));
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (values[name] && !process.env[name]) process.env[name] = values[name];
  }
}
const skipBuild = process.argv.includes('--no-build');

if (!skipBuild) {
  console.log('Building the site…');
  const build = spawnSync(
    process.execPath,
    [path.join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'],
    {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

try {
  const started = Date.now();
  const site = await startSiteServer({
    port,
    dbDirectory: path.join(PROJECT_ROOT, '.netlify/db'),
    demo: 'living',
    schedules: true,
    stripeStandIn: true,
  });
  if (site.applied.length) console.log(`Applied migrations: ${site.applied.join(', ')}`);
  if (site.seeded.length) console.log(`Seeded the demo business: ${site.seeded.join(', ')}`);
  const { printStartupNotes } = await import('./lib/startup-notes.ts');
  await printStartupNotes(site);
  console.log(`\n${facts.name} is ready at ${site.url} (started in ${Date.now() - started} ms). Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await site.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof PortInUseError || error instanceof MigrationError || error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
