import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * The prices island (contract §2, §4, §8). The pages it sits on: the first 3 services, and all of them.
 */
const FEW = '/';
const ALL = '/prices';
const BOOKING_TYPES = '**/v1.0.1/cms/booking-types';
const OFFLINE_TEXT =
  "We are currently unable to show our prices online due to a network error; we're really sorry for any inconvenience this causes.";

const site = JSON.parse(readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8'));
const phone: { display: string; e164: string } = site.phoneIssueBanner ? site.bookingPhone : site.phone;

/** Opens a page and scrolls to the prices: the island hydrates when it comes into view. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('load');
  await page.locator('.prices-section').scrollIntoViewIfNeeded();
}

const radios = (page: Page) => page.getByRole('group', { name: /Our services/ }).getByRole('radio');

test('shows the loading text while the services are on their way, then the services', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(BOOKING_TYPES, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, FEW);
  await expect(page.getByText('Please wait, loading prices..')).toBeVisible();
  release();
  await expect(radios(page)).toHaveCount(3);
  await expect(page.getByText('Please wait, loading prices..')).toHaveCount(0);
});

test('on the home page the prices wake only when they come into view (client:view)', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/v1\.0\.1\/cms\/booking-types$|\/Prices\.[^/]+\.js$/.test(request.url())) asked.push(request.url());
  });
  await page.goto(FEW);
  await page.waitForLoadState('networkidle');
  // Below the splash: neither the island's code nor its call has been asked for.
  expect(asked).toEqual([]);
  await expect(page.locator('astro-island[component-url*="/Prices."]')).toHaveAttribute('ssr', '');
  await page.locator('.prices-section').scrollIntoViewIfNeeded();
  await expect(radios(page)).toHaveCount(3);
  expect(asked.some((url) => url.endsWith('/cms/booking-types'))).toBe(true);
});

test('shows the offline message and logs the reason when the request fails', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.route(BOOKING_TYPES, (route) => route.abort('internetdisconnected'));
  await open(page, FEW);
  await expect(page.getByRole('heading', { name: 'Prices Service Currently Offline' })).toBeVisible();
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  await expect(page.locator('.prices-section').getByRole('link', { name: phone.display })).toHaveAttribute(
    'href',
    `tel:${phone.e164}`,
  );
  await expect
    .poll(() => logged.find((text) => text.endsWith(" - it seems that we couldn't load available bookings properly.")))
    .toBeTruthy();
});

test("a prices call slower than 2500 ms: the offline message under the page's h1 as an h2, the reason as a warning, no console error", async ({
  page,
}) => {
  const messages: Array<{ type: string; text: string }> = [];
  page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
  // Held past the client's timeout, then answered: the page has given up on it by then.
  await page.route(BOOKING_TYPES, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await route.continue().catch(() => undefined);
  });
  await open(page, ALL);
  await expect(page.getByRole('heading', { name: 'Prices Service Currently Offline', level: 2 })).toBeVisible();
  // Headings go down one level at a time from the h1 (Lighthouse's and axe's heading order).
  const levels = await page
    .locator('main :is(h1, h2, h3, h4, h5, h6)')
    .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
  levels.forEach((level, i) =>
    expect(level - (levels[i - 1] ?? 0), `heading ${i + 1} of ${levels.join(', ')}`).toBeLessThanOrEqual(1),
  );
  await expect
    .poll(
      () =>
        messages.find(
          (m) =>
            m.text === "Request timed out after 2500 ms - it seems that we couldn't load available bookings properly.",
        )?.type,
    )
    .toBe('warning');
  expect(messages.filter((m) => m.type === 'error')).toEqual([]);
});

test('uses the data only when the status is 200', async ({ page }) => {
  await page.route(BOOKING_TYPES, async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, status: 203 });
  });
  await open(page, FEW);
  await expect(page.getByRole('heading', { name: 'Prices Service Currently Offline' })).toBeVisible();
  await expect(radios(page)).toHaveCount(0);
});

test('recovers when the browser comes back online after a failure', async ({ page, context }) => {
  await page.route(BOOKING_TYPES, (route) => route.abort('internetdisconnected'));
  await open(page, FEW);
  await expect(page.getByRole('heading', { name: 'Prices Service Currently Offline' })).toBeVisible();
  await page.unroute(BOOKING_TYPES);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(radios(page)).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Prices Service Currently Offline' })).toHaveCount(0);
});

test("on a healthy server the prices arrive within the spec's 2500 ms every time, with no error logged", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (let visit = 0; visit < 5; visit++) {
    await open(page, ALL);
    await expect(radios(page).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Prices Service Currently Offline' })).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('shows the first 3 services and a link to all of them', async ({ page, request }) => {
  const services = (await (await request.get('/v1.0.1/cms/booking-types')).json()) as unknown[];
  expect(services.length).toBeGreaterThan(3);
  await open(page, FEW);
  await expect(radios(page)).toHaveCount(3);
  const seeAll = page.getByRole('link', { name: `Showing 3 out of ${services.length} services, see all` });
  await expect(seeAll).toHaveAttribute('href', '/prices');
});

test('shows every service on the prices page, each with its price and duration', async ({ page, request }) => {
  const services = (await (await request.get('/v1.0.1/cms/booking-types')).json()) as Array<{
    _id: string;
    title: string;
    price: number;
    duration: number;
  }>;
  await open(page, ALL);
  await expect(radios(page)).toHaveCount(services.length);
  await expect(page.getByText(/^Showing \d+ out of/)).toHaveCount(0);
  const full = services.find((s) => s._id === 'full')!;
  const row = page
    .locator('.prices__row')
    .filter({ has: page.getByRole('radio', { name: new RegExp(`^${full.title}`) }) });
  await expect(row).toContainText('From: £45.00');
  // A service priced by size says how long each size takes, not its base length alone (decision 080).
  await expect(row).toContainText('Duration: 105–150 min.');
});

test('expands a service chosen with the keyboard: its description and a book now link', async ({ page, request }) => {
  const services = (await (await request.get('/v1.0.1/cms/booking-types')).json()) as Array<{
    _id: string;
    title: string;
  }>;
  const [first, second] = services;
  await open(page, FEW);
  await expect(radios(page)).toHaveCount(3);
  await radios(page).first().focus();
  await page.keyboard.press('Space');
  await expect(radios(page).first()).toBeChecked();
  const bookFirst = page.getByRole('link', { name: /^book now/ });
  await expect(bookFirst).toHaveCount(1);
  await expect(bookFirst).toHaveAttribute('href', `/book-appointment?type=${first!._id}`);
  // A text link like 'see all', not a second button beside the page's 'Book Now' (issue 20).
  await expect(bookFirst).not.toHaveClass(/\bbutton\b/);
  await expect(bookFirst).toHaveAccessibleName(`book now: ${first!.title}`);
  await expect(page.locator('.prices__description').first()).toBeVisible();

  // Arrow keys move the choice, as in any radio group; only the chosen row is open.
  await page.keyboard.press('ArrowDown');
  await expect(radios(page).nth(1)).toBeChecked();
  await expect(radios(page).nth(1)).toBeFocused();
  await expect(page.getByRole('link', { name: /^book now/ })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /^book now/ })).toHaveAttribute(
    'href',
    `/book-appointment?type=${second!._id}`,
  );
  await expect(page.getByRole('link', { name: /^book now/ })).toHaveAccessibleName(`book now: ${second!.title}`);
});

test("shows each size's price and weights on a service's row without opening it (issue 20)", async ({ page }) => {
  await open(page, ALL);
  const full = page.locator('.prices__row').filter({ has: page.getByRole('radio', { name: /^Full Groom/ }) });
  const sizes = full.getByRole('list', { name: 'Full Groom by size' });
  await expect(sizes.getByRole('listitem')).toHaveText([
    'Small £45 up to 10 kg',
    'Medium £55 over 10 kg, up to 25 kg',
    'Large £70 over 25 kg',
  ]);
  await expect(full.getByRole('radio')).not.toBeChecked();
  // A service with one price for every dog shows no sizes.
  const puppy = page.locator('.prices__row').filter({ has: page.getByRole('radio', { name: /^Puppy/ }) });
  await expect(puppy.getByRole('list')).toHaveCount(0);
});
