import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { calendarDay, mobile, visitor } from './booking-helpers.ts';
import { ownDay } from './own-days.ts';

test.use({ viewport: mobile });

test("someone else books the last place first: 'That time has just been taken' with fresh times, answers kept", async ({
  page,
}) => {
  const me = visitor('loser');
  // A day of its own, and a time in its afternoon.
  const day = await ownDay(page.request, 'booking-conflict: the last table taken', 'service=tidy');
  const slot = day.slots[day.slots.length - 3]!;

  await page.goto('/book?type=tidy');
  await page.getByLabel("Your dog's name").fill('Rex');
  await page.getByRole('combobox', { name: 'Breed' }).fill('beagle');
  await page.getByRole('option', { name: 'Beagle' }).click();
  await page.getByLabel('Weight').fill('11');
  await page.getByRole('button', { name: 'Next' }).click();
  await (await calendarDay(page, day!.date)).click();
  await page.getByRole('button', { name: slot.time, exact: true }).click();
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('UK mobile').fill(me.phone);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(me.email);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();

  // Meanwhile, other customers take every place at that time (capacity is a setting: fill until refused).
  for (let i = 0; i < 10; i++) {
    const other = visitor(`winner${i}`);
    const response = await page.request.post('/v1.0.1/bookings', {
      data: {
        serviceId: 'tidy',
        start: slot.start,
        dog: { name: `Dog ${i}`, breedId: 'pug', weightKg: 8, coat: 'short' },
        owner: { name: other.name, phone: other.phone, email: other.email, marketingConsent: false, acceptTerms: true },
        idempotencyKey: randomUUID(),
      },
    });
    if (response.status() === 409) break;
    expect(response.status()).toBe(201);
  }

  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('alert')).toContainText('That time has just been taken');
  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  // Fresh times for the same day, without the one just taken.
  await expect(page.getByRole('heading', { name: `Free times on ${await dayHeading(page, day!.date)}` })).toBeVisible();
  await expect(page.locator('.times-grid button').first()).toBeVisible();
  await expect(page.getByRole('button', { name: slot.time, exact: true })).toHaveCount(0);

  // Every other answer is kept: pick another time and the review still has them.
  await page.locator('.times-grid button').first().click();
  await expect(page.getByLabel('Your name')).toHaveValue(me.name);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.locator('.review')).toContainText('Rex, Beagle, 11 kg');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
});

async function dayHeading(page: import('@playwright/test').Page, isoDate: string) {
  return page.evaluate((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' })
        .formatToParts(new Date(Date.UTC(y, m - 1, day, 12)))
        .map((x) => [x.type, x.value]),
    );
    return `${p.weekday} ${p.day} ${p.month}`;
  }, isoDate);
}
