import { expect, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { settledLayoutShifts, watchLayoutShifts } from './layout-shifts.ts';
import { shot, test } from './staff-helpers.ts';

/**
 * Every staff screen, as the groomer's tablet (1280 px) and a phone (390 px) show it: its heading,
 * nothing moving while it loads (CLS 0, issue 19: what arrives later has its place kept), nothing
 * wider than the screen, and nothing axe can find (WCAG 2.2 AA). One pass over the whole staff area,
 * so a change to the shell, the form kit or a shared panel is seen on every page; with
 * SCREENSHOTS_DIR set, a picture of each for people to look at.
 */
const WIDTHS = [390, 1280] as const;

const SCREENS: { name: string; path: string | ((page: Page, key: string) => Promise<string>); heading: RegExp }[] = [
  { name: 'dashboard', path: '/management', heading: /^Dashboard/ },
  { name: 'schedule', path: '/management/schedule', heading: /^Schedule/ },
  { name: 'customers', path: '/management/customers', heading: /^Customers/ },
  { name: 'customer', path: firstCustomer, heading: /./ },
  { name: 'finances', path: '/management/finances', heading: /^Finances/ },
  { name: 'settings', path: '/management/settings', heading: /^Settings/ },
  { name: 'breeds', path: '/management/cms/breeds', heading: /^Breeds/ },
];

async function firstCustomer(page: Page, key: string): Promise<string> {
  const answer = await page.request.get('/v1.0.1/management/customers', { headers: { 'x-access-key': key } });
  expect(answer.status()).toBe(200);
  const { customers } = (await answer.json()) as { customers: { _id: string }[] };
  expect(customers.length).toBeGreaterThan(0);
  return `/management/customer/${customers[0]!._id}`;
}

/** Nothing already shown moved, from the navigation until the page settled (every screen is measured: soft). */
async function nothingMoved(page: Page, what: string): Promise<void> {
  const { total, shifts } = await settledLayoutShifts(page);
  expect.soft(total, `layout shift of ${what}: ${JSON.stringify(shifts, null, 1)}`).toBe(0);
}

async function wholeScreenFits(page: Page): Promise<void> {
  const fit = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(fit.scrollWidth, 'no sideways scrolling').toBe(fit.clientWidth);
}

for (const width of WIDTHS) {
  test(`every staff screen at ${width} px: its heading, no sideways scroll, nothing axe finds`, async ({
    page,
    staffKey,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await watchLayoutShifts(page);
    await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
    for (const screen of SCREENS) {
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(page, staffKey);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await nothingMoved(page, `${screen.name} at ${width} px`);
      await wholeScreenFits(page);
      expect(await axeViolations(page), `${screen.name} at ${width} px`).toEqual([]);
      await shot(page, `staff-${screen.name}-${width}`);
    }
    // Signed out, by the way staff arrive: the guard's redirect, and the login page saying why.
    await page.context().clearCookies();
    await page.goto('/management');
    await expect(page).toHaveURL(/\/management\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('0x02');
    await nothingMoved(page, `login at ${width} px`);
    await wholeScreenFits(page);
    expect(await axeViolations(page), `login at ${width} px`).toEqual([]);
    await shot(page, `staff-login-${width}`);
  });
}
