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

/**
 * Rebook in one tap (docs/decisions/085), held to the shop's own rules (issue 29, decision 101): the
 * shop takes bookings 8 weeks ahead, so from a booking three or four weeks away the dog's usual 10
 * weeks cannot be booked yet, and the card says so and from when; 4 weeks can, one visit (the second
 * would lie beyond the horizon, so no series is offered).
 */
test('an owner books the next groom from their booking’s page, within the shop’s horizon', async ({ page }) => {
  const me = visitor('rebook');
  const day = await ownDay(page.request, 'rebook: the next groom', 'service=nails');
  const slot = day.slots[2]!;
  expect(slot.time < '12:00').toBe(true);
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
  // A beagle with a short coat and no history: 10 weeks, as the card says, past the horizon.
  await expect(card.getByText(/^Same time in 10 weeks: /)).toBeVisible();
  await expect(
    card.getByText(
      /^We take bookings up to 8 weeks ahead: a visit in 10 weeks can be booked from .+, or choose fewer weeks\.$/,
    ),
  ).toBeVisible();
  const visits = card.getByRole('list', { name: 'The visits to book' }).getByRole('listitem');
  await expect(visits).toHaveText([/further ahead than we take bookings\. Not booked\./]);
  await expect(card.getByRole('button', { name: 'Book', exact: true })).toBeDisabled();

  await card.getByLabel('Weeks until the next groom').selectOption('4');
  await expect(card.getByText(/^Same time in 4 weeks: /)).toBeVisible();
  await expect(visits).toHaveCount(1);
  // At the time of this booking unless the day had no room for it (then marked as moved).
  await expect(visits.first()).toContainText(new RegExp(`${slot.time}|moved`));
  await expect(card.getByRole('radio')).toHaveCount(0);
  await expect(card.getByText('Nothing to pay now: you pay in the shop on the day.')).toBeVisible();
  await expectNoViolations(page, '/b/{id} with the next groom proposed');
  await shot(page, 'rebook-proposed');

  await card.getByRole('button', { name: 'Book', exact: true }).click();
  const next = page.getByRole('region', { name: 'Your next groom' });
  await expect(next).toBeVisible();
  const links = next.getByRole('link');
  await expect(links).toHaveCount(1);
  await expectNoViolations(page, '/b/{id} with the next groom booked');
  await shot(page, 'rebook-booked');

  // The visit has its own page.
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(/^\/b\/[A-Za-z0-9_-]{16,64}$/);
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible();

  // Back on the booking's page, cancelled from there.
  await page.goto(`/b/${bookingId}`);
  await next.getByRole('button', { name: 'Cancel the next groom' }).click();
  await next.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.locator('form.rebook').getByRole('heading', { name: 'Book the next groom' })).toBeVisible();
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible();
});

/**
 * A booking of two dogs is one booking for its owner (issue 29): its page offers one "Book the next
 * groom", for both dogs together, and the next visit is again one booking of both.
 */
test('an owner books the next groom of their two dogs together from their booking’s page', async ({ page }) => {
  const me = visitor('rebook-two');
  const day = await ownDay(page.request, 'rebook: the next groom', 'dogs=nails:12,nails:9');
  // The afternoon: the one-dog test above books a morning time on this day.
  const slot = day.slots.find((s) => s.time >= '13:00')!;
  const response = await page.request.post('/v1.0.1/bookings', {
    data: {
      dogs: [
        { serviceId: 'nails', dog: { name: 'Bramble', breedId: 'beagle', weightKg: 12, coat: 'short' } },
        { serviceId: 'nails', dog: { name: 'Pip', breedId: 'border-terrier', weightKg: 9, coat: 'wire' } },
      ],
      start: slot.start,
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
  await expect(card.getByText('For Bramble and Pip, together, as this booking.')).toBeVisible();
  // Pip's wire coat (6 weeks) sets when they come back together.
  await expect(card.getByText(/^Same time in 6 weeks: /)).toBeVisible();
  await card.getByLabel('Weeks until the next groom').selectOption('4');
  await expect(card.getByText(/^Same time in 4 weeks: /)).toBeVisible();
  const visits = card.getByRole('list', { name: 'The visits to book' }).getByRole('listitem');
  await expect(visits).toHaveCount(1);
  await expect(visits.first()).toContainText(new RegExp(`${slot.time}|moved`));
  await expectNoViolations(page, '/b/{id} of two dogs with the next groom proposed');
  await shot(page, 'rebook-two-dogs-proposed');

  await card.getByRole('button', { name: 'Book', exact: true }).click();
  const next = page.getByRole('region', { name: 'Your next groom' });
  await expect(next).toBeVisible();
  await expect(next.getByRole('link')).toHaveCount(1);
  await shot(page, 'rebook-two-dogs-booked');

  // The next visit is one booking of both dogs.
  await next.getByRole('link').click();
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  await expect(page.getByRole('definition').getByRole('listitem')).toHaveText([
    /^Bramble \(Beagle\): Nail Clip, /,
    /^Pip \(Border Terrier\): Nail Clip, /,
  ]);
  await expectNoViolations(page, "the next visit's page of two dogs");
});
