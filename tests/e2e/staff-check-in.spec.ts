import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays } from '../../src/domain/london-time.ts';
import { axeViolations } from './axe.ts';
import { addStaff, inbox, nextCode, shot, test } from './staff-helpers.ts';

/**
 * Check-in at the counter (issue 22, decision 091) at 1280 px (the tablet) and 390 px (a phone):
 * yesterday's matted dog (scripts/lib/e2e-fixtures.ts CHECK_IN_ROWS: no endpoint books in the past)
 * is checked in from the schedule with the vaccination warning shown, a heavy-matting tier, a photo
 * through the camera input and the owner's typed name; the surcharge the server computed is on the
 * final price and in the balance the counter takes at "Completed". Four taps from "Check in" to
 * checked in: "Check in", the tier chip, the photo, "Check in" (the owner types their name).
 */
const VIEWPORTS = [
  { width: 1280, height: 900, dog: 'Biscuit' },
  { width: 390, height: 844, dog: 'Pepper' },
] as const;

const london = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

async function signIn(page: Page, staffKey: string, name: string) {
  const member = await addStaff(page.request, staffKey, name);
  await page.goto('/management/schedule');
  await expect(page).toHaveURL(/\/management\/login$/);
  const seen = (await inbox(member.e164)).length;
  await page.getByLabel('Your mobile number').fill(member.phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('Character 1 of 6').fill(await nextCode(member.e164, seen));
  await expect(page).toHaveURL(/\/management\/schedule$/);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('checks in a matted dog with a photo and the owner’s typed consent', async ({ page, staffKey }) => {
      await signIn(page, staffKey, `Check-in Groomer ${viewport.width}`);
      await page.getByRole('button', { name: 'Previous day' }).click();
      await page.getByLabel('Go to date').fill(addDays(london(new Date()), -1));
      const open = () =>
        page.getByRole('button', { name: new RegExp(`${viewport.dog}, Full Groom, Kate Lowe`) }).click();
      await open();
      const dialog = page.getByRole('dialog', { name: `${viewport.dog} · Full Groom` });
      await dialog.getByRole('button', { name: 'Check in' }).click();

      await expect(
        dialog.getByText(/^Vaccinations out of date since 3 Mar( 2026)?: the shop's policy asks for them in date$/),
      ).toBeVisible();
      await dialog.getByLabel('Coat and skin today').fill('Matted behind the ears and under the legs; skin fine');
      await dialog.getByRole('radio', { name: 'Heavy matting +£15.00' }).check();
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b08060' } })
        .jpeg()
        .toBuffer();
      const camera = dialog.getByLabel('Photo');
      await expect(camera).toHaveAttribute('capture', 'environment');
      await expect(dialog.getByText('£60.00')).toBeVisible();
      await dialog.getByLabel('Owner types their name to agree').fill('Kate Lowe');
      if (viewport.width === 390) {
        // "Check in" tapped while the tablet still shrinks the photo waits for it, never leaves it out:
        // the shrink is held back a second here, and the tap comes at once.
        await page.evaluate(() => {
          const toBlob = HTMLCanvasElement.prototype.toBlob;
          HTMLCanvasElement.prototype.toBlob = function (...args: Parameters<typeof toBlob>) {
            setTimeout(() => toBlob.apply(this, args), 1000);
          };
        });
        await camera.setInputFiles({ name: 'matted.jpg', mimeType: 'image/jpeg', buffer: photo });
      } else {
        await camera.setInputFiles({ name: 'matted.jpg', mimeType: 'image/jpeg', buffer: photo });
        const preview = dialog.getByRole('img', { name: `The photo of ${viewport.dog} just taken` });
        await expect(preview).toBeVisible();
        // Drawn, not its alt text: the staff pages' policy allows data: pictures, not blob: ones.
        await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        expect(await axeViolations(page), 'axe, the check-in card').toEqual([]);
        await shot(page, `check-in-${viewport.width}`);
      }
      await dialog.getByRole('button', { name: 'Check in' }).click();
      await expect(page.getByText(`${viewport.dog} checked in.`)).toBeVisible();

      await open();
      await expect(dialog.getByText(/Heavy matting \+£15\.00, agreed by Kate Lowe · Photo taken/)).toBeVisible();
      await expect(dialog.getByText('£60.00', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Completed…' }).click();
      await expect(dialog.getByLabel('Balance taken (£)')).toHaveValue('60.00');
      await dialog.getByRole('radio', { name: 'Card' }).check();
      await dialog.getByRole('button', { name: 'Mark completed' }).click();
      await expect(page.getByText(`${viewport.dog} marked completed.`)).toBeVisible();

      // The tiers are the shop's settings, with its own health rule.
      await page.goto('/management/settings');
      const card = page.getByRole('form', { name: 'Check-in' });
      await expect(card.getByRole('group', { name: 'Tier 2' }).getByLabel('Name')).toHaveValue('Heavy matting');
      await expect(card.getByRole('group', { name: 'Tier 2' }).getByLabel('Surcharge (£)')).toHaveValue('15.00');
      await expect(card.getByRole('checkbox', { name: 'Vaccinations must be in date' })).toBeChecked();
      expect(await axeViolations(page), 'axe, the settings').toEqual([]);
    });
  });
}
