import { expect, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { REPORT_CARD_ROW } from '../../scripts/lib/e2e-fixtures.ts';
import { axeViolations } from './axe.ts';
import { inbox, shot, test, watchPolicy, yesterdaysSchedule } from './staff-helpers.ts';

/**
 * The report card (issue 22, decision 094): at the counter (1280 px) staff check Juno in with a
 * photo, mark her completed and write her report card with an after photo; the text reaches the
 * fake provider's inbox; the owner's page (390 px, a browser of its own) shows the card with both
 * photos drawn and takes the owner's yes to sharing them, which staff then see. Juno is one of
 * yesterday's appointments the e2e server seeds (scripts/lib/e2e-fixtures.ts REPORT_CARD_ROW).
 */
const JUNO = { id: REPORT_CARD_ROW.id, e164: REPORT_CARD_ROW.phone };

const picture = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();
const drawn = (img: Locator) => expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth));

test('staff write the report card with an after photo; the owner sees both photos and says yes to sharing', async ({
  page,
  browser,
  staffKey,
}) => {
  test.setTimeout(60_000);
  const base = test.info().project.use.baseURL!;
  const violations = await watchPolicy(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await yesterdaysSchedule(page, staffKey, base);

  const card = page.getByRole('button', { name: /Juno, Full Groom, Maya Brook/ });
  const dialog = page.getByRole('dialog', { name: 'Juno · Full Groom' });
  // Check-in with a photo through the camera input, then "Completed", as the counter does.
  await card.click();
  await dialog.getByRole('button', { name: 'Check in' }).click();
  await dialog
    .getByLabel('Photo')
    .setInputFiles({ name: 'before.jpg', mimeType: 'image/jpeg', buffer: await picture('#8a6040') });
  await dialog.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText(/^Juno checked in\./)).toBeVisible();
  await card.click();
  await dialog.getByRole('button', { name: 'Completed…' }).click();
  await dialog.getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText('Juno marked completed.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Write the report card' })).toBeVisible();
  expect(await axeViolations(page), 'axe, the dialog after "Mark completed"').toEqual([]);

  // From "Mark completed" to the report card sent: every tap counted (typing a note is not a tap).
  let taps = 0;
  const tap = async (target: Locator) => {
    await target.click();
    taps++;
  };
  await tap(dialog.getByRole('button', { name: 'Write the report card' }));
  const composer = dialog.getByRole('form', { name: 'Report card' });
  await expect(composer.getByLabel('What was done')).toHaveValue('Full Groom');
  await expect(composer.getByLabel('Suggestion for the next visit')).toHaveValue(/^Same time in \d+ weeks$/);
  const after = composer.getByLabel('After photo');
  await expect(after).toHaveAttribute('capture', 'environment');
  await after.setInputFiles({ name: 'after.jpg', mimeType: 'image/jpeg', buffer: await picture('#e8d8c0') });
  taps++; // the photo (and the camera's own shutter)
  await drawn(composer.getByRole('img', { name: 'The after photo of Juno just taken' })).toBeGreaterThan(0);
  await composer.getByLabel('Ears').fill('A little waxy: worth a gentle clean at home');
  expect(await axeViolations(page), 'axe, the report card composer').toEqual([]);
  await shot(page, 'report-card-composer-1280');
  await tap(composer.getByRole('button', { name: 'Send the report card' }));
  await expect(page.getByText("Juno's report card is sent to the owner.")).toBeVisible();
  expect(taps).toBe(3);
  test.info().annotations.push({ type: 'taps from "Mark completed" to the report card sent', description: '3' });

  await expect
    .poll(async () => (await inbox(JUNO.e164)).map((t) => t.text))
    .toContain(`Juno's report card from Leyton Dog Grooming: ${base}/b/${JUNO.id}#report`);

  // The owner's phone, in a browser of its own, from the message's link.
  const owner = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  const phone = await owner.newPage();
  await phone.goto(`/b/${JUNO.id}#report`);
  const report = phone.getByRole('region', { name: 'Juno’s report card' });
  await expect(report).toBeVisible();
  await drawn(report.getByRole('img', { name: 'Juno before the groom' })).toBeGreaterThan(0);
  await drawn(report.getByRole('img', { name: 'Juno after the groom' })).toBeGreaterThan(0);
  await expect(report.getByText('Full Groom', { exact: true })).toBeVisible();
  await expect(report.getByText('A little waxy: worth a gentle clean at home')).toBeVisible();
  await expect(report.getByText(/^Same time in \d+ weeks$/)).toBeVisible();
  const share = report.getByRole('group', { name: 'May we share Juno’s photos on our website and social media?' });
  await expect(share.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'false');
  await share.getByRole('button', { name: 'Yes' }).click();
  await expect(share.getByRole('status')).toHaveText('Thank you: we may share Juno’s photos.');
  await expect(share.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  // Yesterday's visit is over: the page thanks them, with nothing to add to a calendar or to change.
  await expect(phone.getByRole('heading', { name: 'Your visit', exact: true })).toBeVisible();
  await expect(phone.getByText('Thank you for bringing Juno to us, Maya.')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  expect(await axeViolations(phone), "axe, the owner's report card at 390 px").toEqual([]);
  await shot(phone, 'report-card-owner-390');
  await phone.setViewportSize({ width: 1280, height: 900 });
  await shot(phone, 'report-card-owner-1280');
  await owner.close();

  // Staff see the owner's answer, and the photo kept from the check-in.
  await page.reload();
  await expect(page.getByText(/Loading the schedule/)).toHaveCount(0);
  await card.click();
  await expect(dialog.getByText('Photos may be shared')).toBeVisible();
  await drawn(dialog.getByRole('img', { name: 'Juno at check-in (opens full size)' })).toBeGreaterThan(0);
  await drawn(dialog.getByRole('img', { name: 'Juno after (opens full size)' })).toBeGreaterThan(0);
  await shot(page, 'report-card-dialog-1280');
  // At 390 px too: an edit, which updates the owner's page and sends nothing more.
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Edit the report card' }).click();
  await expect(composer.getByLabel('Ears')).toHaveValue('A little waxy: worth a gentle clean at home');
  await composer.getByLabel('Nails').fill('Trimmed short');
  await shot(page, 'report-card-composer-390');
  await composer.getByRole('button', { name: 'Save the changes' }).click();
  await expect(page.getByText("Juno's report card is updated; the owner's page shows the change.")).toBeVisible();
  await shot(page, 'report-card-dialog-390');
  expect((await inbox(JUNO.e164)).filter((t) => t.text.includes('report card'))).toHaveLength(1);
  expect(violations).toEqual([]);
});
