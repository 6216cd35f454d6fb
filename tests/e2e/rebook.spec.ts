import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, WCAG_22_AA } from './axe.ts';
import { mobile, visitor } from './booking-helpers.ts';
import { ownDay } from './own-days.ts';

test.use({ viewport: mobile });

async function expectNoViolations(page: Page, where: string) {
  expect(await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'] }), `axe on ${where}`).toEqual([]);
}
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS_DIR)
    await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

// Rebook in one tap (docs/decisions/085): from a booking's own page, every 6 weeks, 3 visits.
test('an owner books the next grooms every 6 weeks from their booking’s page, and sees the series', async ({
  page,
}) => {
  const me = visitor('rebook');
  const day = await ownDay(page.request, 'rebook: every 6 weeks, 3 visits', 'service=nails');
  const slot = day.slots[2]!;
  const response = await page.request.post('/v1.0.1/bookings', {
    data: {
      serviceId: 'nails',
      start: slot.start,
      dog: { name: 'Pickle', breedId: 'beagle', weightKg: 12, coat: 'short' },
      owner: { name: me.name, phone: me.phone, email: me.email, marketingConsent: false, acceptTerms: true },
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.status()).toBe(201);
  const { bookingId } = (await response.json()) as { bookingId: string };

  await page.goto(`/b/${bookingId}`);
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  const card = page.locator('form.rebook');
  await expect(card.getByRole('heading', { name: 'Book the next groom' })).toBeVisible();
  // A beagle with a short coat and no history: 10 weeks, as the card says.
  await expect(card.getByText(/^Same time in 10 weeks: /)).toBeVisible();
  await card.getByLabel('Weeks until the next groom').selectOption('6');
  await expect(card.getByText(/^Same time in 6 weeks: /)).toBeVisible();
  await card.locator('label[for="rebook-how-series"]').click();
  await expect(card.getByRole('radio', { name: 'Every 6 weeks, 3 visits' })).toBeChecked();
  const visits = card.getByRole('list', { name: 'The visits to book' }).getByRole('listitem');
  await expect(visits).toHaveCount(3);
  // Each at the time of this booking unless the day had no room for it (then marked as moved).
  for (const visit of await visits.all()) await expect(visit).toContainText(new RegExp(`${slot.time}|moved`));
  await expectNoViolations(page, '/b/{id} with the next grooms proposed');
  await shot(page, 'rebook-proposed');

  await card.getByRole('button', { name: 'Book', exact: true }).click();
  const series = page.getByRole('region', { name: 'Your next grooms, every 6 weeks' });
  await expect(series).toBeVisible();
  const links = series.getByRole('link');
  await expect(links).toHaveCount(3);
  await expectNoViolations(page, '/b/{id} with the series');
  await shot(page, 'rebook-series');

  // Each visit has its own page.
  const first = await links.first().getAttribute('href');
  expect(first).toMatch(/^\/b\/[A-Za-z0-9_-]{16,64}$/);
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible();

  // Back on the booking's page, the whole series cancelled at once.
  await page.goto(`/b/${bookingId}`);
  await series.getByRole('button', { name: 'Cancel the whole series' }).click();
  await series.getByRole('button', { name: 'Yes, cancel them' }).click();
  await expect(page.locator('form.rebook').getByRole('heading', { name: 'Book the next groom' })).toBeVisible();
  await page.goto(first!);
  await expect(page.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible();
});
