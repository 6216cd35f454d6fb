import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { SPEC_LEGAL_PATHS, publicPages } from './site-pages.ts';

const pages = publicPages();

test("the spec's legal pages and at least three blog posts are among the public pages", () => {
  const paths = pages.map((p) => p.path);
  for (const legal of [...SPEC_LEGAL_PATHS, '/legal/privacy']) expect(paths).toContain(legal);
  expect(paths.filter((p) => p.startsWith('/blog/post/')).length).toBeGreaterThanOrEqual(3);
});

// One visit per page checks the route and its accessibility at a phone's and a desktop's width.
for (const { path, heading } of pages) {
  test(`${path} answers 200 with its heading, title, description and canonical URL; axe finds nothing at 390 and 1440 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book Online' })).toBeVisible();
    await expect(page).toHaveTitle(/Leyton Dog Grooming/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^.{50,170}$/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe(path);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBeTruthy();
    // No framework JavaScript but the islands: prices and slideshow on home, prices on /prices.
    const islands = await page
      .locator('astro-island')
      .evaluateAll((els) => els.map((el) => el.getAttribute('component-url') ?? ''));
    const allowed =
      path === '/' || path === '/leyton' ? /\/(Prices|Slideshow)\./ : path === '/prices' ? /\/Prices\./ : null;
    if (allowed) for (const url of islands) expect(url).toMatch(allowed);
    else expect(islands).toEqual([]);

    // WCAG 2.2 AA once the content below the splash is shown (after 'load').
    await expect(page.locator('html')).toHaveClass(/is-loaded/);
    expect(await axeViolations(page), 'axe at 390 px').toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await axeViolations(page), 'axe at 1440 px').toEqual([]);
  });
}

test('/ and /leyton are the same screen with different titles and descriptions', async ({ page }) => {
  await page.goto('/');
  const home = {
    title: await page.title(),
    description: await page.locator('meta[name="description"]').getAttribute('content'),
  };
  await page.goto('/leyton');
  expect(await page.title()).not.toBe(home.title);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toBe(home.description);
  await expect(
    page.getByRole('link', { name: 'Click to Book an Appointment / Online Booking - Dog Grooming in Leyton' }),
  ).toBeVisible();
});

test("an unknown path answers 404 with the site's page, header and footer; axe finds nothing on it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  await expect(page.locator('html')).toHaveClass(/is-loaded/);
  expect(await axeViolations(page), 'axe at 390 px').toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await axeViolations(page), 'axe at 1440 px').toEqual([]);
});

test.describe('/book-appointment', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['', { source: 'bookLink' }],
    ['?type=full', { source: 'bookLink', type: 'full' }],
    ['?type=full&gclid=g-1', { source: 'bookLink', type: 'full', gclid: 'g-1' }],
    ['?fbclid=f-1&type=shower', { source: 'bookLink', type: 'shower', fbclid: 'f-1' }],
    ['?gclid=g-2', { source: 'bookLink', gclid: 'g-2' }],
    ['?fbclid=f-2', { source: 'bookLink', fbclid: 'f-2' }],
  ];
  for (const [query, expected] of cases) {
    test(`redirects ${query || 'without a query'} to /book with ${JSON.stringify(expected)}`, async ({ request }) => {
      const response = await request.get(`/book-appointment${query}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      const target = new URL(response.headers().location!, 'http://x');
      expect(target.pathname).toBe('/book');
      expect(Object.fromEntries(target.searchParams)).toEqual(expected);
    });
  }

  test("the home page's book button lands on /book with source=bookLink and type=full", async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('link', { name: 'Click to Book an Appointment / Online Booking - Dog Grooming in Leyton' })
      .click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/book');
    const url = new URL(page.url());
    expect(url.searchParams.get('source')).toBe('bookLink');
    expect(url.searchParams.get('type')).toBe('full');
  });
});

test('the RSS feed lists every post and the sitemap lists the public pages but not management', async ({ request }) => {
  const rss = await request.get('/rss.xml');
  expect(rss.status()).toBe(200);
  const feed = await rss.text();
  for (const { path } of pages.filter((p) => p.path.startsWith('/blog/post/'))) expect(feed).toContain(path);
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/frequently-asked-questions');
  expect(sitemap).toContain('/legal/terms-and-conditions');
  expect(sitemap).not.toContain('/management');
  expect(sitemap).not.toContain('404');
});

test('a blog post offers a PNG picture to social networks', async ({ page, request }) => {
  const post = pages.find((p) => p.path.startsWith('/blog/post/'))!;
  await page.goto(post.path);
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  const response = await request.get(new URL(image!).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/png');
});
