import { expect, type Page, type Route } from '@playwright/test';
import { shot, test } from './staff-helpers.ts';

/**
 * The money tiles (issue 29, docs/decisions/100) at 1024 px (a small laptop, a tablet on its side)
 * and 390 px (a phone): the dashboard's tiles and Finances' figures show every figure whole, however
 * large a busy year makes it. The figures the pages are given are the server's own answer with every
 * amount of money made a six-figure sum (£123,456.78 and the like), the worst a shop of this size
 * will see; nothing of the database changes. Finances' takings table names every column it counts,
 * "Paid by link" included. With SCREENSHOTS_DIR set, pictures for people to look at.
 */
const WIDTHS = [1024, 390] as const;

/** Every sum of money in an answer made a six-figure one: the same shape (a week's days are pence too). */
function large(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => large(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, large(v, k)]));
  if (typeof value === 'number' && (/pence$/i.test(key) || key === 'days')) return value < 0 ? -9_876_543 : 12_345_678;
  return value;
}

async function enlarge(route: Route) {
  const answer = await route.fetch();
  await route.fulfill({ response: answer, json: large(await answer.json()) });
}

/** Each figure lies whole inside its tile: not wider than its box, not past the tile's edges. */
async function figuresFit(page: Page, figure: string, tile: string): Promise<void> {
  const misfits = await page.locator(figure).evaluateAll(
    (els, tileSelector) =>
      els
        .map((el) => {
          const box = el.getBoundingClientRect();
          const card = el.closest(tileSelector)!.getBoundingClientRect();
          return {
            text: el.textContent,
            overflow: el.scrollWidth - el.clientWidth,
            left: box.left - card.left,
            right: card.right - box.right,
          };
        })
        .filter((f) => f.overflow > 1 || f.left < 0 || f.right < 0),
    tile,
  );
  expect(misfits, `${figure} clipped or spilling out of ${tile}`).toEqual([]);
  const fit = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(fit, 'no sideways scrolling').toBe(0);
}

for (const width of WIDTHS) {
  test(`the money tiles at ${width} px show every figure whole`, async ({ page, staffKey }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 768 });
    await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
    await page.route('**/v1.0.1/management/dashboard', enlarge);
    await page.route('**/v1.0.1/management/finances?**', enlarge);

    await page.goto('/management');
    const tiles = page.getByRole('list', { name: 'This week at a glance' });
    await expect(tiles.getByText('Takings this week so far')).toBeVisible();
    await expect(tiles.getByText('Value of this week’s appointments')).toBeVisible();
    await expect(tiles.getByText('£123,456.78').first()).toBeVisible();
    await figuresFit(page, '.dash-tile__value', '.dash-tile');
    await figuresFit(page, '.dash-tile__label', '.dash-tile');
    await shot(page, `money-tiles-dashboard-${width}`);

    await page.goto('/management/finances');
    const totals = page.getByRole('definition').filter({ hasText: '£123,456.78' }).first();
    await expect(totals).toBeVisible();
    for (const term of ['Takings', 'Value of the appointments', 'Paid by link', 'No-show fees', 'Refunds'])
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    await figuresFit(page, '.rec-figure-value', '.rec-figure');
    const table = page.getByRole('region', { name: 'Takings by period' });
    for (const column of ['Deposits', 'Card', 'Cash', 'Paid by link', 'No-show fees', 'Refunds', 'Takings'])
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    await shot(page, `money-tiles-finances-${width}`);
  });
}
