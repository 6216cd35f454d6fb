import { expect } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { shot, test } from './staff-helpers.ts';

/**
 * The extras on a phone (390 px, issue 20): staff add one in Settings with the form kit, limited to one
 * service, see it listed with what it adds and in Recent changes, and the quote offers it with that
 * service alone; the panel and its editor are clean to axe (WCAG 2.2 AA) and fit the screen.
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
