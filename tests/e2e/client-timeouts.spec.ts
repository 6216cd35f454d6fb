import { expect, test } from '@playwright/test';

/**
 * The spec's per-call budgets (§7, §9), with the real timeouts (no stretching): a call that takes
 * longer is given up and handled like any other failure.
 */
const PAGE = '/dev/client-home/';
const hold = (ms: number) => async (route: import('@playwright/test').Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue().catch(() => {});
};

test('gives up on the prices after 2500 ms and shows the offline message', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.route('**/v1.0.1/cms/booking-types', hold(4000));
  const started = Date.now();
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Prices Service Currently Offline' })).toBeVisible({ timeout: 6000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  expect(logged).toContain(
    "Request timed out after 2500 ms - it seems that we couldn't load available bookings properly.",
  );
});

test('gives up on identify after 1000 ms and only logs it', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.route('**/v1.0.1/magic', async (route) => {
    const type = (route.request().postDataJSON() as { type?: string }).type;
    if (type === 'identify') await hold(2500)(route);
    else await route.continue();
  });
  await page.goto(PAGE);
  await expect
    .poll(() => logged.some((text) => text.startsWith('Error fetching user from server')), { timeout: 6000 })
    .toBe(true);
  expect(logged.find((text) => text.startsWith('Error fetching user from server'))).toContain(
    'Request timed out after 1000 ms',
  );
  expect(await page.evaluate(() => sessionStorage.getItem('a_sid'))).toBeNull();
});
