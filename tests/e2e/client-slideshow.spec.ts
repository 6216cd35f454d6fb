import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The showcase slideshow (contract §2): looping, arrows and dots, locked while it moves, pausable. */
const PAGE = '/';
const pictures = JSON.parse(readFileSync(new URL('../../content/showcase.json', import.meta.url), 'utf8')) as Array<{
  id: string;
  alt: string;
}>;
const count = pictures.length;

const dots = (page: Page) => page.getByRole('group', { name: 'Choose a picture' }).getByRole('button');
const currentDot = (page: Page) =>
  page.getByRole('group', { name: 'Choose a picture' }).locator('[aria-current="true"]');
const showing = async (page: Page, n: number) => {
  await expect(currentDot(page)).toHaveAccessibleName(`Picture ${n} of ${count}`);
  await expect(page.locator(`[aria-roledescription="slide"][aria-label="${n} of ${count}"]`)).not.toHaveAttribute(
    'aria-hidden',
    'true',
  );
  // Wait until the move has finished: the slideshow ignores moves while one is animating.
  await expect(page.locator('.slideshow__track')).toHaveAttribute('aria-busy', 'false');
};

const open = async (page: Page) => {
  await page.goto(PAGE);
  await page.waitForLoadState('load');
  await page.locator('.slideshow-section').scrollIntoViewIfNeeded();
  await expect(dots(page)).toHaveCount(count);
};

test.describe('paused', () => {
  test.beforeEach(async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });

  test('moves by its arrows and loops round both ends', async ({ page }) => {
    await showing(page, 1);
    await page.getByRole('button', { name: 'Next picture' }).click();
    await showing(page, 2);
    await page.getByRole('button', { name: 'Previous picture' }).click();
    await showing(page, 1);
    await page.getByRole('button', { name: 'Previous picture' }).click();
    await showing(page, count);
    await page.getByRole('button', { name: 'Next picture' }).click();
    await showing(page, 1);
  });

  test('moves by its dots', async ({ page }) => {
    await dots(page).nth(3).click();
    await showing(page, 4);
    await dots(page).nth(1).click();
    await showing(page, 2);
  });

  test('ignores a second move while a slide is still moving', async ({ page }) => {
    const next = page.getByRole('button', { name: 'Next picture' });
    // Both presses in one task of the page: the second certainly lands while the first slide moves
    // (600 ms), however busy the machine. Two Playwright clicks could be further apart than that.
    await next.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await showing(page, 2);
  });

  test('shows the tiny picture at once and the full WebP over it', async ({ page }) => {
    const first = page.locator('[aria-roledescription="slide"]').first();
    await expect(first.getByRole('img', { name: pictures[0]!.alt })).toHaveAttribute(
      'src',
      /^data:image\/webp;base64,/,
    );
    const full = first.locator('img.slideshow__full');
    await expect(full).toHaveAttribute('src', /\.webp$/);
    await expect(full).toHaveAttribute('srcset', /\.webp \d+w/);
    await expect(full).toHaveClass(/slideshow__full--loaded/);
  });
});

test('advances by itself until paused', async ({ page }) => {
  await open(page);
  await page.mouse.move(0, 0);
  await expect(currentDot(page)).toHaveAccessibleName(`Picture 2 of ${count}`, { timeout: 9000 });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('does not advance by itself, and still moves when asked', async ({ page }) => {
    await open(page);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.getByRole('button', { name: 'Next picture' }).click();
    await showing(page, 2);
  });
});
