import { expect, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { visitor } from './booking-helpers.ts';
import { ownDay } from './own-days.ts';
import { shot, test } from './staff-helpers.ts';

/**
 * The extras on a phone (390 px, issue 20): staff add one in Settings with the form kit, limited to one
 * service, see it listed with what it adds and in Recent changes, and the quote offers it with that
 * service alone; the panel and its editor are clean to axe (WCAG 2.2 AA) and fit the screen. On the
 * phone, an extra ticked makes the visit longer: the free times offered are those it fits, and the
 * booking keeps that length.
 */
test('an extra added in Settings at 390 px, offered with one service, axe clean', async ({ page, staffKey }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
  await page.goto('/management/settings');
  const panel = page.getByRole('region', { name: 'Extras', exact: true });
  await expect(panel.getByRole('list', { name: 'Extras' }).getByText('Nail grinding', { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Add an extra' }).click();
  const form = page.getByRole('form', { name: 'New extra' });
  const title = `Paw balm ${Date.now().toString(36)}`;
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description (optional)').fill('A soothing balm for dry pads.');
  await form.getByLabel('Price (£)', { exact: true }).fill('4.50');
  await form.getByLabel('Adds (minutes)').fill('5');
  await form.getByRole('group', { name: 'Offered with' }).getByLabel('Nail Clip', { exact: true }).check();
  expect(await axeViolations(page), 'the extra editor').toEqual([]);
  const fit = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(fit, 'no sideways scrolling').toBe(0);
  await shot(page, 'staff-extra-editor-390');
  await form.getByRole('button', { name: 'Save extra' }).click();

  await expect(page.getByRole('status').getByText(`${title} saved: +£4.50, 5 min.`)).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = panel.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('+£4.50, 5 min · only with Nail Clip');
  await expect(page.getByRole('list', { name: 'Recent changes' })).toContainText(
    `Extra added: ${title} at £4.50, 5 min`,
  );
  expect(await axeViolations(page), 'the extras panel').toEqual([]);
  await shot(page, 'staff-extras-390');

  // On sale at once, with Nail Clip only.
  const offered = async (service: string) =>
    JSON.stringify(await (await page.request.get(`/v1.0.1/quote?service=${service}`)).json());
  expect(await offered('nails')).toContain(title);
  expect(await offered('full')).not.toContain(title);

  // Retired from its editor: listed last, marked, and no longer offered.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('form', { name: `Edit ${title}` });
  await editor.getByLabel('Offered when booking (untick to retire it)').uncheck();
  await editor.getByRole('button', { name: 'Save extra' }).click();
  await expect(page.getByRole('status').getByText(`${title} saved: +£4.50, 5 min, retired.`)).toBeVisible();
  await expect(panel.getByRole('listitem').last()).toContainText(`${title}retired`);
  expect(await offered('nails')).not.toContain(title);
});

type Day = { date: string; open: boolean; slots: { start: string; time: string }[] };
async function daysOf(page: Page, query: string): Promise<Day[]> {
  const res = await page.request.get(`/v1.0.1/availability?service=full&weightKg=9.5&${query}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { days: Day[] }).days;
}

test('a phone booking with an extra at 390 px: the times fit the longer visit, and the booking keeps its length', async ({
  page,
  staffKey,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
  // A day of its own, away from the other specs' days.
  const day = await ownDay(page.request, 'staff-extras: a longer visit', 'service=full&weightKg=9.5');
  const [longer] = await daysOf(page, `from=${day.date}&days=1&extras=deshed-boost`);
  const lastPlain = day.slots.at(-1)!;
  const lastLonger = longer!.slots.at(-1)!;
  expect(lastLonger.start < lastPlain.start, 'twenty minutes more leave the last start out').toBe(true);

  await page.goto(`/management/schedule?day=${day.date}`);
  await page.getByRole('button', { name: 'New phone booking' }).click();
  const booking = page.getByRole('dialog', { name: 'New phone booking' });
  const caller = visitor('extras');
  await booking.getByLabel('New customer').check();
  await booking.getByLabel("Customer's name").fill(caller.name);
  await booking.getByLabel('Mobile number').fill(caller.phone);
  await booking.getByLabel("Dog's name").fill('Tufty');
  await booking.getByLabel('Breed').selectOption('cockapoo');
  await booking.getByLabel('Weight (kg)').fill('9.5');
  await booking.getByLabel('Service').selectOption('full');
  await expect(booking.getByLabel('Date', { exact: true })).toHaveValue(day.date);
  const times = booking.getByRole('radiogroup', { name: /Free times on/ });
  await expect(times.getByLabel(lastPlain.time, { exact: true })).toBeVisible();

  await booking
    .getByRole('group', { name: 'Extras (optional)' })
    .getByLabel('De-shedding boost, +£12.00, 20 min')
    .check();
  await expect(times.getByLabel(lastPlain.time, { exact: true })).toHaveCount(0);
  await times.getByLabel(lastLonger.time, { exact: true }).check();
  expect(await axeViolations(page), 'the phone booking with extras').toEqual([]);
  await shot(page, 'staff-phone-booking-extras-390');
  await booking.getByRole('button', { name: 'Book and send the confirmation' }).click();
  await expect(page.getByText(new RegExp(`Booked Tufty \\(${caller.name}\\) for Full Groom`))).toBeVisible();

  const res = await page.request.get(`/v1.0.1/management/schedule?from=${day.date}&days=1`, {
    headers: { 'x-access-key': staffKey },
  });
  const { bookings } = (await res.json()) as { bookings: { start: string; end: string; dog: { name: string } }[] };
  const tufty = bookings.find((b) => b.dog.name === 'Tufty')!;
  expect(tufty.start).toBe(lastLonger.start);
  // A small dog's full groom (1 h 45) and the de-shedding boost's 20 minutes.
  expect((Date.parse(tufty.end) - Date.parse(tufty.start)) / 60_000).toBe(105 + 20);
});
