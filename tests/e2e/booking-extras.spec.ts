import { expect, test, type Page } from '@playwright/test';
import { axeViolations, WCAG_22_AA } from './axe.ts';
import { InteractionCounter, mobile, visitor } from './booking-helpers.ts';

/**
 * A dog with two extras at 390 px (issue 20, decision 080), by pointer and by keyboard: each extra is
 * one tap or one Space on the dog step, the review shows the server's line for each, and the booking's
 * page names them. booking-flow.spec.ts books the same without extras in 12 interactions or fewer:
 * two extras cost two more.
 */
test.use({ viewport: mobile, hasTouch: true });

const NAIL_GRINDING = 'Nail grinding, +£5, 10 min';
const TEETH = 'Teeth brushing, +£5, 5 min';

async function expectNoViolations(page: Page, where: string) {
  expect(await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'] }), `axe on ${where}`).toEqual([]);
}

/** The review step of a small dog's full groom with nail grinding and teeth brushing. */
async function expectReviewWithExtras(page: Page) {
  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  const price = page.getByLabel('Price');
  await expect(price.locator('.price-line--extra')).toHaveText(['Nail grinding£5.00', 'Teeth brushing£5.00']);
  await expect(price.locator('.price-line--service')).toHaveText('Full Groom, small dog, from£45.00');
  await expect(price.locator('.price-line--total')).toContainText('£55.00');
  // The visit's length is the server's: 105 minutes and 15 of extras.
  await expect(page.locator('.review')).toContainText('Full Groom (2 h)');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(mobile.width);
}

async function expectBookedWithExtras(page: Page, dog: string) {
  await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  await expect(page.getByText(`Full Groom with Nail grinding and Teeth brushing for ${dog}`)).toBeVisible();
  await expect(page.locator('.facts .price-line--extra')).toHaveCount(2);
}

test('a dog with two extras, by pointer: two taps more than without, axe clean, the review shows each', async ({
  page,
}) => {
  const me = visitor('extras-tap');
  const act = new InteractionCounter(page);
  await page.goto('/book?type=full');
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await act.fill(page.getByLabel("Your dog's name"), 'Pip', 'dog name');
  await act.fill(page.getByRole('combobox', { name: 'Breed' }), 'cocka', 'breed search');
  await act.click(page.getByRole('option', { name: 'Cockapoo' }), 'breed');
  await act.fill(page.getByLabel('Weight'), '9.5', 'weight');

  const extras = page.getByRole('group', { name: 'Extras (optional)' });
  await expect(extras.getByRole('checkbox')).toHaveCount(5);
  await expectNoViolations(page, 'dog step with its extras');
  await act.click(extras.getByRole('checkbox', { name: NAIL_GRINDING }), 'nail grinding');
  await act.click(extras.getByRole('checkbox', { name: TEETH }), 'teeth brushing');
  await expect(extras.getByRole('checkbox', { name: NAIL_GRINDING })).toBeChecked();
  await act.click(page.getByRole('button', { name: 'Next' }), 'next');

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  const firstTime = page.locator('.times-grid button').first();
  await expect(firstTime).toBeVisible();
  await act.click(firstTime, 'first free time');

  await expect(page.getByRole('heading', { name: /You$/ })).toBeVisible();
  await act.fill(page.getByLabel('Your name'), me.name, 'owner name');
  await act.fill(page.getByLabel('UK mobile'), me.phone, 'mobile');
  await act.fill(page.getByRole('textbox', { name: 'E-mail' }), me.email, 'e-mail');
  await act.click(page.getByRole('button', { name: 'Agree and continue' }), 'agree and continue');

  await expectReviewWithExtras(page);
  await expectNoViolations(page, 'review step with extras');
  await act.click(page.getByRole('button', { name: 'Confirm booking' }), 'confirm');
  await expectBookedWithExtras(page, 'Pip');

  console.log(`pointer run with two extras: ${act.count} interactions\n  ${act.log.join('\n  ')}`);
  // The same booking without extras, from this address, is 11 (booking-flow.spec.ts starts on the home page).
  expect(act.count).toBeLessThanOrEqual(11 + 2);
});

test('a dog with two extras, by keyboard: Space ticks each, the review shows each', async ({ page }) => {
  const me = visitor('extras-keys');
  const act = new InteractionCounter(page);
  await page.goto('/book?type=full');
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await act.tabTo('#f-dogName');
  await act.type('Moss', 'dog name');
  await act.tabTo('#f-breedId');
  await act.type('cocka', 'breed search');
  await expect(page.getByRole('option', { name: 'Cockapoo' })).toBeVisible();
  await act.press('Enter', 'choose the highlighted breed');
  await act.tabTo('#f-weight');
  await act.type('9.5', 'weight');
  await expect(page.getByRole('checkbox', { name: NAIL_GRINDING })).toBeVisible();
  await act.tabTo('#f-extra-nail-grind');
  await act.press('Space', 'tick nail grinding');
  await act.tabTo('#f-extra-teeth');
  await act.press('Space', 'tick teeth brushing');
  await expect(page.getByRole('checkbox', { name: TEETH })).toBeChecked();
  await act.tabTo('button.step-next');
  await act.press('Enter', 'next step');

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await expect(page.locator('.times-grid button').first()).toBeVisible();
  await act.tabTo('.times-part:last-of-type .times-grid button:last-child');
  await act.press('Enter', 'choose a time');

  await expect(page.getByRole('heading', { name: /You$/ })).toBeVisible();
  await act.tabTo('#f-ownerName');
  await act.type(me.name, 'owner name');
  await page.keyboard.press('Tab');
  await act.type(me.phone, 'mobile');
  await page.keyboard.press('Tab');
  await act.type(me.email, 'e-mail');
  await act.press('Enter', 'agree and continue');

  await expectReviewWithExtras(page);
  await act.tabTo('button.step-next');
  await act.press('Enter', 'confirm');
  await expectBookedWithExtras(page, 'Moss');
  console.log(`keyboard run with two extras: ${act.count} interactions\n  ${act.log.join('\n  ')}`);
});
