import { expect, test, type Page } from '@playwright/test';
import { mobile } from './booking-helpers.ts';

/**
 * How /book loads (docs/decisions/055). The first step is in the HTML and works before any React
 * runs; the island wakes when the visitor reaches for it (client:intent), or at once for a visitor
 * resuming, or when the server's services differ from the build's. Nothing moves meanwhile (CLS 0):
 * measured as Chromium reports it, every `layout-shift` entry not caused by the visitor's own input,
 * from the first paint until the network is quiet.
 */

const desktop = { width: 1280, height: 800 };

async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Array<{ value: number; sources: string[] }> };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }
      >) {
        if (entry.hadRecentInput) continue;
        w.__shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) =>
            s.node instanceof Element ? `${s.node.localName}.${s.node.className}` : String(s.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shifts(page: Page) {
  return page.evaluate(() => (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> }).__shifts);
}

for (const viewport of [mobile, desktop]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the first step is painted from the HTML, React waits for the visitor, and nothing moves', async ({
      page,
    }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await watchShifts(page);
      await page.goto('/book', { waitUntil: 'networkidle' });
      await expect(page.getByRole('radio', { name: /Full Groom/ })).toBeVisible();
      // At rest: the server's list matched the build's, so nothing woke the island.
      await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
      expect(
        scripts.filter((s) => /\/(client|BookingIsland)\.[^/]+\.js$/.test(s)),
        'React DOM and the island, at rest',
      ).toEqual([]);
      // The visitor reaches for the form: it wakes, and still nothing moves.
      await page.getByRole('radio', { name: /Full Groom/ }).check();
      await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(await shifts(page)).toEqual([]);
    });

    test('a visitor sent here for a service lands on "Your dog" and nothing moves', async ({ page }) => {
      await watchShifts(page);
      await page.goto('/book?source=bookLink&type=full', { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Breed' })).toBeVisible();
      expect(await shifts(page)).toEqual([]);
    });

    test('a visitor coming back to half-finished answers finds them, and nothing moves', async ({ page }) => {
      await page.goto('/book?type=shower');
      await page.getByLabel("Your dog's name").fill('Pip');
      await page.getByLabel('Weight').fill('8');
      await watchShifts(page);
      await page.goto('/book', { waitUntil: 'networkidle' });
      await expect(page.getByLabel("Your dog's name")).toHaveValue('Pip');
      expect(await shifts(page)).toEqual([]);
    });
  });
}

test('a slow answer from the server with a changed price wakes the form, which shows it without moving anything', async ({
  page,
}) => {
  await page.setViewportSize(mobile);
  await page.route('**/v1.0.1/cms/booking-types', async (route) => {
    const response = await route.fetch();
    const services = (await response.json()) as Array<{ _id: string; price: number }>;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response, json: services.map((s) => (s._id === 'full' ? { ...s, price: 4900 } : s)) });
  });
  await watchShifts(page);
  await page.goto('/book');
  // The build's price first, then the server's.
  await expect(page.getByRole('radio', { name: /Full Groom.*From £45\.00/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Full Groom.*From £49\.00/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await shifts(page)).toEqual([]);
});

test('Next pressed before the form has woken is not lost', async ({ page }) => {
  await page.setViewportSize(mobile);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/BookingIsland\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/book', { waitUntil: 'networkidle' });
  await page.locator('#main').getByText('Bath & Brush (Shower)').click();
  await page.getByRole('button', { name: 'Next' }).click();
  // The island's code is held back: the page has not moved on yet.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Service' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await expect(page.locator('.booking-context')).toContainText('Bath & Brush (Shower)');
});

test('Next pressed while React is still hydrating the form is acted on once the form is ready', async ({ page }) => {
  await page.setViewportSize(mobile);
  // The tap lands the moment Astro hands the island to React: React already listens, but has not yet
  // read the service the visitor chose (a full run of the suite once caught a "Next" that did nothing).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const island = document.querySelector('astro-island');
      if (!island || island.hasAttribute('ssr')) return;
      observer.disconnect();
      const next = [...island.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Next');
      setTimeout(() => next?.click(), 0);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
  });
  await page.goto('/book', { waitUntil: 'networkidle' });
  await page.getByRole('radio', { name: /Bath & Brush/ }).check();
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await expect(page.locator('.booking-context')).toContainText('Bath & Brush (Shower)');
});

test('a keyboard visitor wakes the form by tabbing into it, and moves on with the keys alone', async ({ page }) => {
  await page.setViewportSize(mobile);
  await page.goto('/book', { waitUntil: 'networkidle' });
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await page.getByRole('radio', { name: /Full Groom/ }).focus();
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Bath & Brush/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await expect(page.locator('.booking-context')).toContainText('Bath & Brush (Shower)');
});

test("a service chosen before the page's script has run is kept", async ({ page }) => {
  await page.setViewportSize(mobile);
  // Hold the island's code back, so the tap lands on the HTML alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/BookingIsland\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/book', { waitUntil: 'domcontentloaded' });
  await page.getByRole('radio', { name: /Puppy Introduction/ }).check();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  release();
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /Puppy Introduction/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await expect(page.locator('.booking-context')).toContainText('Puppy Introduction');
});
