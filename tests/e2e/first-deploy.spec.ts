import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import services from '../../content/services.json' with { type: 'json' };
import { MIGRATIONS_ONLY_PORT } from './ports.ts';

/**
 * The built site on a database that has only had the migrations, as production's is after the first
 * deploy (issue 17, docs/decisions/063-the-catalogue-by-migration.md): a visitor finds the prices and
 * free times. Its own server (`serve-test.ts --migrations-only`), started for this file only, as the
 * suite's server is seeded with the demo.
 */
const baseURL = `http://localhost:${MIGRATIONS_ONLY_PORT}`;
test.use({ baseURL });
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  // Starting a site (database, migrations, functions warmed) takes seconds on a busy machine.
  test.setTimeout(60_000);
  server = spawn(
    process.execPath,
    [path.join(import.meta.dirname, '../../scripts/serve-test.ts'), '--migrations-only'],
    {
      env: { ...process.env, PORT: String(MIGRATIONS_ONLY_PORT) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve) => {
    server!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('e2e server ready at')) resolve();
    });
  });
  const exited = once(server, 'exit').then(([code]) => {
    throw new Error(`the migrations-only server exited (${code}) before it was ready:\n${output}`);
  });
  await Promise.race([ready, exited]);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
});

test("/prices lists the 8 services from the API's database", async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url().endsWith('/v1.0.1/cms/booking-types'));
  await page.goto('/prices');
  await page.locator('.prices-section').scrollIntoViewIfNeeded();
  expect((await answer).status()).toBe(200);
  const radios = page.getByRole('group', { name: /Our services/ }).getByRole('radio');
  await expect(radios).toHaveCount(8);
  const inOrder = [...services].sort((a, b) => a.display_order - b.display_order);
  await expect(page.locator('.prices__title')).toHaveText(inOrder.map((s) => s.title));
  await expect(radios.first()).toHaveAccessibleName(/Full Groom\s*From: £45\.00/);
});

test('/book offers the breeds and free times for a service', async ({ page }) => {
  await page.goto('/book');
  await page.getByRole('radio', { name: /Bath & Brush/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await page.getByLabel("Your dog's name").fill('Tilly');
  await page.getByRole('combobox', { name: 'Breed' }).fill('cocka');
  await page.getByRole('option', { name: 'Cockapoo' }).click();
  await page.getByLabel('Weight').fill('8');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await expect(page.locator('.times-grid button').first()).toBeVisible();
  // The first day shown may be today with its last few times (after about 14:00 only four are left), so
  // the full run of times is asked of a whole open day: two days on, a fresh database offers many.
  const answer = await page.request.get('/v1.0.1/availability?service=shower');
  expect(answer.status()).toBe(200);
  const { days } = (await answer.json()) as { days: { date: string; open: boolean; slots: unknown[] }[] };
  const wholeDay = days.slice(2).find((day) => day.open);
  expect(wholeDay?.slots.length, `times on ${wholeDay?.date}`).toBeGreaterThan(4);
});
