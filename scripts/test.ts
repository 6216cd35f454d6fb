/**
 * `npm test`: every test. Unit and integration tests (vitest, each file on its own embedded
 * database), then a fresh build and the end-to-end tests in real Chromium against the server
 * `npm start` runs, on a free port with a fresh in-memory database.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { ensureChromium } from './lib/browser.ts';
import { PROJECT_ROOT } from './lib/site-server.ts';

const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules/.bin', name);
const run = (label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  ${label}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const only = process.argv[2]; // `npm test -- unit` or `npm test -- e2e`
const results: Record<string, boolean> = {};

if (!only || only === 'unit') {
  results.unit = run('unit and integration tests (vitest)', bin('vitest'), ['run']);
}
if (!only || only === 'e2e') {
  const chromium = ensureChromium();
  results.build = run('build', bin('astro'), ['build', '--silent']);
  if (results.build) {
    results.e2e = run('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test', ...process.argv.slice(3)], {
      CHROMIUM_PATH: chromium,
      E2E_PORT: String(await freePort()),
    });
  }
}

const failed = Object.entries(results).filter(([, ok]) => !ok).map(([name]) => name);
console.log(failed.length ? `\nFailed: ${failed.join(', ')}` : '\nAll tests passed.');
process.exit(failed.length ? 1 : 0);
