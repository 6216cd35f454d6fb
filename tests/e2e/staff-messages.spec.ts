import { expect } from '@playwright/test';
import { STOPPED_TEXT_TO } from '../../scripts/lib/e2e-fixtures.ts';
import { formatUkMobile } from '../../src/domain/phone-format.ts';
import { axeViolations } from './axe.ts';
import { inbox, shot, test } from './staff-helpers.ts';

/**
 * The dashboard's "Messages not sent" (docs/decisions/065): a confirmation the outbox stopped
 * trying is sent again with one tap and lands in the phone's inbox; an expired code says why it
 * is not offered. The e2e server seeds both (scripts/lib/e2e-fixtures.ts).
 */
test('a stopped message is on the dashboard, and Send again texts it once', async ({ page, staffKey }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
  await page.goto('/management');
  const panel = page.getByRole('region', { name: 'Messages not sent' });
  await expect(panel).toBeVisible();
  const confirmation = panel.getByRole('listitem').filter({ hasText: formatUkMobile(STOPPED_TEXT_TO) });
  await expect(confirmation).toContainText('Booking confirmation by text');
  await expect(confirmation).toContainText('after 27 tries: SMS provider answered 503');
  const code = panel.getByRole('listitem').filter({ hasText: formatUkMobile('+447700900566') });
  await expect(code).toContainText('Expired unsent');
  await expect(code).toContainText('The person can simply ask for a new one.');
  await expect(code.getByRole('button')).toHaveCount(0);
  expect(await axeViolations(page, { include: ['.dash-messages'] })).toEqual([]);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-messages');

  const before = (await inbox(STOPPED_TEXT_TO)).length;
  await confirmation.getByRole('button', { name: /^Send again/ }).click();
  await expect(confirmation.getByRole('status')).toHaveText('Sent.');
  await expect(confirmation.getByRole('button')).toHaveCount(0);
  expect((await inbox(STOPPED_TEXT_TO)).length).toBe(before + 1);
  expect(await axeViolations(page, { include: ['.dash-messages'] })).toEqual([]);
  await shot(page, 'dashboard-messages-sent');
});
