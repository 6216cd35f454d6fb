import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';

// Every public page is scanned at 390 and 1440 px by its route test (site-routes.spec.ts); here, what
// only appears after an interaction.
test('axe finds no violations with the menu open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  expect(await axeViolations(page)).toEqual([]);
});
