import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { visitor } from './booking-helpers.ts';
import { ownDay } from './own-days.ts';
import { shot, test } from './staff-helpers.ts';

/**
 * A booking of two dogs as staff see it on a phone (390 px, issue 20, decision 082): booked through
 * the API for a day ahead, the two dogs read as one booking on the day and in the week ("With …"),
 * the window of the second lists the first and offers "Book separately" behind a confirm, the first
 * dog offers no split, and after the split each is a booking of its own. Axe-clean at each step.
 */
test('two dogs booked together, seen together and split at 390 px, axe clean', async ({ page, staffKey }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = randomUUID().slice(0, 4);
  const rex = `Rex ${tag}`;
  const biscuit = `Biscuit ${tag}`;

  // A day of its own with a time for both dogs.
  const day = await ownDay(page.request, 'staff-party: two dogs on the schedule', 'dogs=full:13,shower:8');
  const slot = day.slots.find((s) => s.placement === 'one_after_another') ?? day.slots[0]!;
  const owner = visitor(`party${tag}`);
  const booked = await page.request.post('/v1.0.1/bookings', {
    data: {
      dogs: [
        { serviceId: 'full', dog: { name: rex, breedId: 'whippet', weightKg: 13, coat: 'short' } },
        { serviceId: 'shower', dog: { name: biscuit, breedId: 'beagle', weightKg: 8, coat: 'short' } },
      ],
      start: slot.start,
      placement: slot.placement,
      owner: { ...owner, marketingConsent: false, acceptTerms: true },
      idempotencyKey: randomUUID(),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
  await page.goto(`/management/schedule?day=${day.date}`);
  await expect(page.getByText(/Loading the schedule/)).toHaveCount(0);

  // ---- the day: each dog's card says who it is booked with, in its text and its name ----------
  const biscuitCard = page.getByRole('button', { name: new RegExp(`${biscuit}, .*with ${rex}, `) });
  const rexCard = page.getByRole('button', { name: new RegExp(`${rex}, .*with ${biscuit}, `) });
  await expect(biscuitCard).toBeVisible();
  await expect(rexCard).toBeVisible();
  await expect(biscuitCard.getByText(`With ${rex}`, { exact: true })).toBeVisible();
  await expect(rexCard.getByText(`With ${biscuit}`, { exact: true })).toBeVisible();
  await expect(biscuitCard).toContainText(owner.name);
  await expect(rexCard).toContainText(owner.name);
  expect(await axeViolations(page), 'the day with a booking of two dogs').toEqual([]);
  const fit = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await fit(), 'no sideways scrolling').toBe(0);
  await biscuitCard.scrollIntoViewIfNeeded();
  await shot(page, 'staff-party-day-390');

  // ---- the week says it too -------------------------------------------------------------------
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Week' }).click();
  const weekEntry = page.getByRole('button', { name: new RegExp(`${biscuit}.*With ${rex}`) });
  await expect(weekEntry).toBeVisible();
  expect(await axeViolations(page), 'the week').toEqual([]);
  await weekEntry.scrollIntoViewIfNeeded();
  await shot(page, 'staff-party-week-390');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Day' }).click();

  // ---- the first dog's window lists the other and offers no split ------------------------------
  await rexCard.click();
  const rexDialog = page.getByRole('dialog', { name: new RegExp(`^${rex} · `) });
  const together = rexDialog.getByRole('region', { name: 'Booked together' });
  await expect(together.getByRole('listitem')).toHaveCount(1);
  await expect(together).toContainText(biscuit);
  await expect(rexDialog.getByRole('button', { name: /separately/ })).toHaveCount(0);
  await expect(rexDialog.getByText(/moving or cancelling one dog moves or cancels them all/)).toBeVisible();
  // From one dog to the other.
  await together.getByRole('button', { name: `Open ${biscuit}` }).click();

  // ---- the second dog: "Book separately", a confirm, then the split --------------------------
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${biscuit} · `) });
  await expect(dialog.getByRole('region', { name: 'Booked together' })).toContainText(rex);
  expect(await axeViolations(page), 'the second dog’s window').toEqual([]);
  await shot(page, 'staff-party-dialog-390');
  await dialog.getByRole('button', { name: `Book ${biscuit} separately…` }).click();
  const confirm = dialog.getByRole('form', { name: `Book ${biscuit} separately` });
  await expect(confirm).toContainText(`will no longer move or cancel with ${rex}`);
  expect(await axeViolations(page), 'the split’s confirm').toEqual([]);
  await shot(page, 'staff-party-split-confirm-390');
  await confirm.getByRole('button', { name: 'Book separately' }).click();

  await expect(page.getByText(`${biscuit} is booked separately now`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Each card by its own dog ("table 2: Biscuit …"), not by the other's "with Biscuit", which the day
  // still shows until it has reloaded after the split.
  const alone = page.getByRole('button', { name: new RegExp(`table \\d: ${biscuit}, `) });
  await expect(alone).toBeVisible();
  await expect(alone).not.toHaveAccessibleName(/with /);
  await expect(page.getByRole('button', { name: new RegExp(`table \\d: ${rex}, `) })).not.toHaveAccessibleName(/with /);
  await expect(page.getByText(`With ${rex}`, { exact: true })).toHaveCount(0);
  expect(await axeViolations(page), 'the day after the split').toEqual([]);
  await shot(page, 'staff-party-split-390');
});

test('the several-dogs rules in Settings at 390 px, with the form kit, axe clean', async ({ page, staffKey }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
  await page.goto('/management/settings');
  const rules = page.getByRole('form', { name: 'Booking rules' });
  const several = rules.getByRole('group', { name: 'Several dogs' });
  await expect(several.getByLabel('Dogs in one booking, at most')).toHaveValue('3');
  const placement = several.getByRole('radiogroup', { name: 'How several dogs are placed' });
  await expect(placement.getByLabel(/^Either/)).toBeChecked();
  await placement.getByLabel(/^One after the other/).check();
  await several.getByLabel('Dogs in one booking, at most').fill('9');
  // Checked on Save without writing anything: the shop's rules stay as other tests expect them.
  await rules.getByRole('button', { name: 'Save booking rules' }).click();
  await expect(rules.getByText('Dogs in one booking: a whole number from 1 to 6')).toBeVisible();
  await several.scrollIntoViewIfNeeded();
  expect(await axeViolations(page), 'the booking rules with the several-dogs fields').toEqual([]);
  await shot(page, 'staff-party-settings-390');
  // The page is long: the fields themselves, to look at.
  if (process.env.SCREENSHOTS_DIR)
    await several.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/staff-party-settings-fields-390.png` });
});
