import { expect, test } from '@playwright/test';

test('the home page greets a dog owner and offers online booking', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Trusted and Professional Dog Grooming in Leyton' }),
  ).toBeVisible();
  const book = page.getByRole('link', {
    name: 'Click to Book an Appointment / Online Booking - Dog Grooming in Leyton',
  });
  await expect(book).toBeVisible();
  await expect(book).toHaveAttribute('href', '/book-appointment?type=full');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
});

test("an unknown address shows the site's own 404 page with status 404", async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
});

test('the prices API answers the seeded services through the local server', async ({ request }) => {
  const response = await request.get('/v1.0.1/cms/booking-types');
  expect(response.status()).toBe(200);
  const services = (await response.json()) as Array<{ _id: string; price: number }>;
  expect(services.length).toBeGreaterThanOrEqual(6);
  expect(services.find((s) => s._id === 'full')?.price).toBe(4500);
});
