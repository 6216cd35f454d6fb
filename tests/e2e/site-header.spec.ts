import { expect, test, type Page } from '@playwright/test';

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const scrollLocked = (page: Page) =>
  page.evaluate(
    () =>
      getComputedStyle(document.documentElement).overflow === 'hidden' ||
      getComputedStyle(document.body).overflow === 'hidden',
  );

/**
 * Turns the mouse wheel and waits until the page has had the wheel event and drawn two frames after
 * it: a scroll the wheel starts (smooth or not) has moved the page by then.
 */
async function wheelAndRender(page: Page, deltaY: number): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { wheelRendered: Promise<void> }).wheelRendered = new Promise((resolve) =>
      addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), {
        once: true,
        passive: true,
      }),
    );
  });
  await page.mouse.wheel(0, deltaY);
  await page.evaluate(() => (window as unknown as { wheelRendered: Promise<void> }).wheelRendered);
}

test('below 1201px the links sit behind a menu button; at 1280px they are shown and there is no button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/prices');
  await expect(menuButton(page)).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Questions & Answers' })).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menuButton(page)).toBeHidden();
  await expect(mainNav(page).getByRole('link', { name: 'Questions & Answers' })).toBeVisible();
});

test('the menu opens and closes, locks page scrolling while open, and Escape closes it and returns focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/frequently-asked-questions');
  const button = menuButton(page);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(await scrollLocked(page)).toBe(false);

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const nav = mainNav(page);
  for (const name of [
    'Home',
    'Book an appointment',
    'Prices',
    'Contact',
    'Questions & Answers',
    'Shop',
    'Terms & conditions',
    'Refunds & cancellations',
    'Self-disclosure policy',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  expect(await scrollLocked(page)).toBe(true);
  // The page cannot be scrolled by the wheel while the menu is open.
  const before = await page.evaluate(() => scrollY);
  await page.mouse.move(200, 700);
  await wheelAndRender(page, 600);
  expect(await page.evaluate(() => scrollY)).toBe(before);

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
  expect(await scrollLocked(page)).toBe(false);
  // The same wheel, now free, has moved the page by the same moment: the wait above is long enough.
  await wheelAndRender(page, 600);
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(before);

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  expect(await scrollLocked(page)).toBe(false);
});

test('while the menu is open the page behind it cannot take focus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/contact');
  await menuButton(page).click();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const inHeader = await page.evaluate(
      () => !!document.activeElement?.closest('[data-site-header]') || document.activeElement === document.body,
    );
    expect(inHeader).toBe(true);
  }
});

test('the header has the logo, the quick buttons and the links of the spec', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/about');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: /Leyton Dog Grooming/ }).first()).toHaveAttribute('href', '/');
  await expect(banner.getByRole('link', { name: 'Book Online' })).toHaveAttribute('href', '/book');
  await expect(banner.locator('.quick').getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  const expected: Record<string, string> = {
    Home: '/',
    'Book an appointment': '/book-appointment',
    Prices: '/prices',
    Contact: '/contact',
    'Questions & Answers': '/frequently-asked-questions',
    Shop: '/blog',
  };
  for (const [name, href] of Object.entries(expected)) {
    await expect(mainNav(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const legal = banner.getByRole('navigation', { name: 'Policies' });
  await expect(legal.getByRole('link', { name: 'Terms & conditions' })).toHaveAttribute(
    'href',
    '/legal/terms-and-conditions',
  );
  await expect(banner).toContainText('12802654');
});

test('the staff links appear only on paths under /management', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const path of ['/', '/prices', '/no-such-page', '/blog/post/management-of-anything']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Schedule' })).toHaveCount(0);
  }
  // /management/anything is served by whatever page answers it (the staff area, or the 404 page
  // until a page exists there): either way its header carries the staff links.
  for (const path of ['/management', '/management/no-such-screen']) {
    await page.goto(path);
    const staff = page.getByRole('list', { name: 'Staff' });
    await expect(staff.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/management');
    await expect(staff.getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/management/schedule');
    await expect(staff.getByRole('link', { name: 'Finances' })).toHaveAttribute('href', '/management/finances');
    await expect(staff.getByRole('link', { name: 'Finances' })).toBeVisible();
  }
});

test('every header link reports a navigation event', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/contact');
  await page.evaluate(() => {
    (window as unknown as { seen: unknown[] }).seen = [];
    addEventListener('site:analytics', (e) => {
      (window as unknown as { seen: unknown[] }).seen.push((e as CustomEvent).detail);
    });
    // Keep the test on this page: the event must fire before the browser leaves.
    document.addEventListener('click', (e) => e.preventDefault());
  });
  await mainNav(page).getByRole('link', { name: 'Prices' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Book Online' }).click();
  const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
  expect(seen).toEqual([
    { name: 'navigation', detail: '/prices' },
    { name: 'navigation', detail: '/book' },
  ]);
});

test('the header height is measured for the splash and follows resizing', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const read = () =>
    page.evaluate(() => ({
      variable: document.documentElement.style.getPropertyValue('--header-height'),
      actual: `${(document.querySelector('[data-site-header]') as HTMLElement).offsetHeight}px`,
    }));
  const wide = await read();
  expect(wide.variable).toBe(wide.actual);
  await page.setViewportSize({ width: 390, height: 800 });
  await expect.poll(async () => (await read()).variable).toBe((await read()).actual);
  expect((await read()).variable).not.toBe(wide.variable);
});
