import { expect } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { ownDay } from './own-days.ts';
import { inbox, shot, test } from './staff-helpers.ts';

/**
 * A caller added to the waitlist from a phone booking (docs/decisions/087), on a tablet: the day they
 * want has no free time, so staff add them to the waitlist instead, keeping the dialog's answers, and
 * see the confirmation with the request's link; the caller is texted that link. Axe-clean (WCAG 2.2
 * AA) at each step.
 */
test('a caller added to the waitlist from a phone booking at 820 px, axe clean', async ({ page, staffKey }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
  // A day of its own, blocked from end to end, so it has no time for anyone and nothing frees on it.
  const day = await ownDay(page.request, 'staff-waitlist-caller: a day with no time', 'service=full&weightKg=9.5');
  const midnight = Date.parse(`${day.date}T00:00:00Z`);
  const blocked = await page.request.post('/v1.0.1/management/blocks', {
    headers: { 'x-access-key': staffKey },
    data: {
      start: new Date(midnight - 3_600_000).toISOString(),
      end: new Date(midnight + 24 * 3_600_000).toISOString(),
      reason: 'Grooming show',
    },
  });
  expect(blocked.status(), await blocked.text()).toBe(201);
  // A number of this file's own (07911 16…): the fake provider's inbox is shared by every spec.
  const digits = String(Date.now() % 10_000).padStart(4, '0');
  const caller = { name: 'Robin Caller', phone: `07911 16${digits}`, e164: `+44791116${digits}` };

  await page.goto(`/management/schedule?day=${day.date}`);
  await page.getByRole('button', { name: 'New phone booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New phone booking' });
  await dialog.getByLabel('New customer').check();
  await dialog.getByLabel("Customer's name").fill(caller.name);
  await dialog.getByLabel('Mobile number').fill(caller.phone);
  await dialog.getByLabel("Dog's name").fill('Pickle');
  await dialog.getByLabel('Breed').selectOption('cockapoo');
  await dialog.getByLabel('Weight (kg)').fill('9.5');
  await dialog.getByLabel('Service').selectOption('full');
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(day.date);
  await expect(dialog.getByText('No free times on this day for this service. Try another day.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add to the waitlist instead' }).click();
  const form = dialog.getByRole('form', { name: 'Add to the waitlist' });
  await expect(form.getByRole('heading', { name: 'Add to the waitlist' })).toBeFocused();
  await expect(form).toContainText('Pickle’s Full Groom for Robin Caller');
  await expect(form.getByLabel('From')).toHaveValue(day.date);
  await expect(form.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await expect(form.getByLabel('By text message')).toBeChecked();
  // Only the day they wanted.
  await form.getByLabel('To').fill(day.date);
  expect(await axeViolations(page), 'the waitlist form in the phone booking').toEqual([]);
  await shot(page, 'staff-waitlist-caller-form-820');
  await form.getByRole('button', { name: 'Add to the waitlist', exact: true }).click();

  const added = dialog.getByRole('heading', {
    name: 'Added to the waitlist: we’ll text Robin Caller when a time frees',
  });
  await expect(added).toBeFocused();
  const link = await dialog.getByLabel('Their waitlist link').inputValue();
  expect(link).toMatch(/\/w\/[A-Za-z0-9_-]{22,64}$/);
  expect(await axeViolations(page), 'the caller added').toEqual([]);
  await shot(page, 'staff-waitlist-caller-added-820');
  // The caller's phone gets the same first message as an online join, with that link.
  await expect
    .poll(async () => (await inbox(caller.e164)).map((t) => t.text).join('\n'))
    .toContain(`on our waitlist for Pickle's Full Groom`);
  expect((await inbox(caller.e164)).at(-1)?.text).toContain(link);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
});
