import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * The booking page's JavaScript, as a phone downloads it: every script the page loads (files and
 * inline), each gzipped at level 9. The budget keeps the page honest; the figure is printed for the
 * closing note (docs/decisions/034).
 */
const BUDGET_GZIP_BYTES = 140_000;

test('the booking page ships a small amount of JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (response.request().resourceType() !== 'script' || scripts.has(url)) return;
    scripts.set(url, 0);
    scripts.set(url, gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto('/book?type=full', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  const inline = await page.$$eval('script:not([src])', (els) => els.map((e) => e.textContent ?? ''));
  const inlineGzip = inline.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0);
  const files = [...scripts.entries()].sort((a, b) => b[1] - a[1]);
  const total = files.reduce((sum, [, bytes]) => sum + bytes, 0) + inlineGzip;
  console.log(`booking page JavaScript: ${total} bytes gzip (${files.length} files + ${inline.length} inline scripts, ${inlineGzip} bytes)\n  ${files.map(([url, bytes]) => `${bytes}\t${new URL(url).pathname}`).join('\n  ')}`);
  expect(total).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
});
