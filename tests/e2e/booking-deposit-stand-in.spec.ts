import { expect, test } from '@playwright/test';
import { mobile, visitor } from './booking-helpers.ts';
import { useStandInSite } from './stand-in-site.ts';

/**
 * A booking with a deposit, paid as `npm start` takes it without Stripe keys: through the local
 * Stripe stand-in's payment page, on a site of its own (stand-in-site.ts).
 */
test.use({ viewport: mobile });

const standIn = useStandInSite();

test('a customer pays the deposit on the stand-in’s page, goes back once, and is booked in', async ({ page }) => {
  test.setTimeout(60_000);
  const site = standIn();
  const me = visitor('deposit');
  await page.goto(`${site}/book?source=bookLink&type=full`);
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await page.getByLabel("Your dog's name").fill('Pepper');
  await page.getByRole('combobox', { name: 'Breed' }).fill('cocka');
  await page.getByRole('option', { name: 'Cockapoo' }).click();
  await page.getByLabel('Weight').fill('9.5');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await page.locator('.times-grid button').first().click();
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('UK mobile').fill(me.phone);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(me.email);
  await page.getByRole('button', { name: 'Agree and continue' }).click();

  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await expect(page.locator('.price')).toContainText('£10.00');
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  // The stand-in's payment page, plainly not Stripe's.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
  await expect(page.getByText('Stripe stand-in — no real card, no real money')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deposit: Full Groom for Pepper' })).toBeVisible();

  // "Back" is Stripe's cancel link: the site's cancelled page, the time still held.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`^${site}/booking-payment-cancelled/cs_test_\\w+$`));
  await expect(page.getByRole('heading', { name: 'Your payment was cancelled' })).toBeVisible();
  await page.getByRole('link', { name: 'Try paying again' }).click();

  await page.getByRole('button', { name: 'Pay £10.00' }).click();
  await expect(page).toHaveURL(new RegExp(`^${site}/booking-success/cs_test_\\w+$`));
  // The signed webhook confirmed the booking before the customer came back.
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  await expect(page.getByText('£10.00')).toBeVisible();
  // The calendar event links the booking's own page, not this payment's address (issue 29).
  const google = await page.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href');
  expect(new URL(google!).searchParams.get('details')).toMatch(new RegExp(`Your booking: ${site}/b/[\\w-]{22,}$`));
});
