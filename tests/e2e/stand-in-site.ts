import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { test } from '@playwright/test';
import { freePort } from '../../scripts/lib/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A site of the calling file's own that takes deposits as `npm start` does without Stripe keys:
 * through the local Stripe stand-in's payment page. The deposit is the shop's one setting, so such a
 * site runs on a server of its own (fresh in-memory database, the stand-in on, the demo deposit set),
 * not on the shared one where the other tests book without a deposit. Started before the file's
 * tests (in each worker that runs one of them) and stopped after them; the returned function gives
 * its address.
 */
export function useStandInSite(): () => string {
  let server: ChildProcess | undefined;
  let site = '';

  test.beforeAll(async () => {
    // Migrating a fresh database and importing every function: the shared server is given 60 s too
    // (playwright.config.ts), and this one starts while that one and the other worker are busy.
    test.setTimeout(90_000);
    const started = Date.now();
    const port = await freePort();
    site = `http://localhost:${port}`;
    server = spawn(process.execPath, [path.join(ROOT, 'scripts/serve-test.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        E2E_STRIPE_STAND_IN: '1',
        MAGIC_RATE_LIMIT_PER_MINUTE: '1000000',
        BOOKING_RATE_LIMIT_PER_HOUR: '1000000',
        STRIPE_SECRET_KEY: '',
        URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      server!.stdout!.setEncoding('utf8');
      server!.stdout!.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('e2e server ready')) resolve();
      });
      server!.once('exit', (code) => reject(new Error(`the stand-in server stopped (${code}) before it was ready`)));
    });
    console.log(`stand-in server ready in ${Date.now() - started} ms`);
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  return () => site;
}
