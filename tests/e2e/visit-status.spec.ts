import { expect, type Locator } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { inbox, shot, test, watchPolicy, yesterdaysSchedule } from './staff-helpers.ts';

/**
 * The live status (issue 22, decision 092): at the counter (1280 px) staff check Nell in and tap her
 * on, stage by stage, to "ready"; the owner's page (390 px), open in a browser of its own, follows
 * without a reload, and the "ready" text reaches the fake provider's inbox. Nell is one of
 * yesterday's appointments the e2e server seeds (scripts/lib/e2e-fixtures.ts): staff may check in a
 * dog only on its day or after, and no endpoint books in the past. The owner's page asks every 15 s;
 * its clock is Playwright's, so the test moves it on 15 s instead of waiting them out.
 */
const NELL = { id: 'e2epastbookingnell00005', e164: '+447700900581' };
const POLL_MS = 15_000; // LiveStatus.tsx

test('staff tap the visit on while the owner follows without reloading, and "ready" is texted', async ({
  page,
  browser,
  staffKey,
}) => {
  test.setTimeout(60_000);
  const base = test.info().project.use.baseURL!;
  const violations = await watchPolicy(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await yesterdaysSchedule(page, staffKey, base);

  // Every tap from opening the card to "ready" sent, as the closing note of issue 22 counts them.
  let taps = 0;
  const tap = async (target: Locator) => {
    await target.click();
    taps++;
  };
  const card = page.getByRole('button', { name: /Nell, Full Groom, Grace Lin/ });
  const dialog = page.getByRole('dialog', { name: 'Nell · Full Groom' });
  await tap(card);
  // Check-in (decision 091): the dog's card, nothing to note today (no tier, no photo), then "Check in".
  await tap(dialog.getByRole('button', { name: 'Check in' }));
  await expect(dialog.getByRole('radio', { name: 'None' })).toBeChecked();
  await tap(dialog.getByRole('button', { name: 'Check in' }));
  await expect(page.getByText(/^Nell checked in\./)).toBeVisible();

  // The owner's phone: a browser of its own, the page opened once and never reloaded.
  const owner = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  const phone = await owner.newPage();
  await phone.clock.install();
  await phone.goto(`/b/${NELL.id}`);
  await phone.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const now = phone.getByRole('status').filter({ hasText: /^Nell is/ });
  const current = phone.getByRole('list', { name: 'The visit' }).locator('[aria-current="step"]');
  await expect(now).toHaveText('Nell is checked in and settling in.');
  await expect(current).toHaveText('Checked in');

  await tap(card);
  const follow = async (next: string, said: string) => {
    await tap(dialog.getByRole('button', { name: `Next: ${next}` }));
    await expect(page.getByText(new RegExp(`^Nell: ${next}\\.`))).toBeVisible();
    await phone.clock.runFor(POLL_MS);
    await expect(now).toHaveText(said);
    await expect(current).toHaveText(next);
  };
  await follow('Bath', 'Nell is in the bath.');
  await follow('Drying', 'Nell is being dried.');
  // A mis-tap, undone: one step back, and the owner's page goes back with it.
  await tap(dialog.getByRole('button', { name: 'Next: Finishing touches' }));
  await dialog.getByRole('button', { name: 'Undo “Finishing touches”' }).click();
  await expect(page.getByText('Undone: Nell is back at “Drying”.')).toBeVisible();
  taps--; // the mis-tap and its undo are not part of the count
  await follow('Finishing touches', 'Nell is having the finishing touches.');
  expect(await axeViolations(page), 'axe, the stages at the counter').toEqual([]);
  await shot(page, 'visit-stages-1280');
  await follow('Ready in 15 minutes', 'Nell is ready to collect in about 15 minutes.');
  await follow('Ready to collect', 'Nell is ready to collect.');

  await expect
    .poll(async () => (await inbox(NELL.e164)).map((t) => t.text))
    .toEqual([
      `Leyton Dog Grooming: Nell is ready to collect in about 15 minutes. Follow along: ${base}/b/${NELL.id}`,
      `Leyton Dog Grooming: Nell is ready to collect. See you soon. ${base}/b/${NELL.id}`,
    ]);
  // Check-in (open the visit, open its card, check in), then open once and one tap a stage: bath, dry,
  // finishing, 15 minutes, ready.
  expect(taps).toBe(9);
  test.info().annotations.push({ type: 'taps from check-in to "ready" sent', description: String(taps) });

  expect(await phone.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(await axeViolations(phone), "axe, the owner's page at 390 px").toEqual([]);
  await shot(phone, 'visit-status-390');
  expect(violations).toEqual([]);
  await owner.close();
});
