import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/lib/free-port.ts';
import { mobile, visitor } from './booking-helpers.ts';

/**
 * A booking with a deposit, paid as `npm start` takes it without Stripe keys: through the local
 * Stripe stand-in's payment page. The deposit is the shop's one setting, so this runs on a server of
 * its own (fresh in-memory database, the stand-in on, the demo deposit set), not on the shared one
 * where the other tests book without a deposit.
 */
test.use({ viewport: mobile });

const ROOT = path.resolve(import.meta.dirname, '../..');
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

test('a customer pays the deposit on the stand-in’s page, goes back once, and is booked in', async ({ page }) => {
  test.setTimeout(60_000);
  const me = visitor('deposit');
  await page.goto(`${site}/book?source=bookLink&type=full`);
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await page.getByLabel("Your dog's name").fill('Pepper');
  await page.getByRole('combobox', { name: 'Breed' }).fill('cocka');
  await page.getByRole('option', { name: 'Cockapoo' }).click();
  await page.getByLabel('Weight').fill('9.5');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await page.locator('.times-grid button').first().click();
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('UK mobile').fill(me.phone);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(me.email);
  await page.getByRole('button', { name: 'Agree and continue' }).click();

  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await expect(page.locator('.price')).toContainText('£10.00');
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  // The stand-in's payment page, plainly not Stripe's.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
  await expect(page.getByText('Stripe stand-in — no real card, no real money')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deposit: Full Groom for Pepper' })).toBeVisible();

  // "Back" is Stripe's cancel link: the site's cancelled page, the time still held.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`^${site}/booking-payment-cancelled/cs_test_\\w+$`));
  await expect(page.getByRole('heading', { name: 'Your payment was cancelled' })).toBeVisible();
  await page.getByRole('link', { name: 'Try paying again' }).click();

  await page.getByRole('button', { name: 'Pay £10.00' }).click();
  await expect(page).toHaveURL(new RegExp(`^${site}/booking-success/cs_test_\\w+$`));
  // The signed webhook confirmed the booking before the customer came back.
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  await expect(page.getByText('£10.00')).toBeVisible();
  // The calendar event links the booking's own page, not this payment's address (issue 29).
  const google = await page.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href');
  expect(new URL(google!).searchParams.get('details')).toMatch(new RegExp(`Your booking: ${site}/b/[\\w-]{22,}$`));
});
