import { expect, test } from '@playwright/test';
import { mobile } from './booking-helpers.ts';

const NO_MATCH =
  'It seems none of the available choices match your search criteria, please try again using a different phrase.';
const NO_MATCH_OTHER = 'If you can\'t find the breed of your pet, you can select the "Other" option below';

test.describe('the breed selector (spec §4, §5)', () => {
  test.use({ viewport: mobile });

  test('opens on click, filters, says the exact no-match texts, offers Other, and closes as it should', async ({
    page,
  }) => {
    await page.goto('/book?type=full');
    await page.waitForSelector('astro-island:not([ssr])');
    const box = page.getByRole('combobox', { name: 'Breed' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.click();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('listbox', { name: 'Breed' });
    await expect(list.getByRole('option', { name: 'Beagle' })).toBeVisible();

    // Case-insensitive substring of the trimmed search on the name.
    await box.fill('  TERRIER ');
    const options = list.getByRole('option');
    await expect(options.first()).toBeVisible();
    for (const name of await options.allTextContents()) expect(name.toLowerCase()).toContain('terrier');
    await expect(page.getByText(NO_MATCH)).toHaveCount(0);

    await box.fill('labradoodlepoo');
    await expect(page.getByText(NO_MATCH, { exact: true })).toBeVisible();
    await expect(page.getByText(NO_MATCH_OTHER, { exact: true })).toBeVisible();
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveText('None/Other');

    // Escape closes.
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(NO_MATCH)).toHaveCount(0);
    // A click outside closes.
    await box.click();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { name: 'Book an appointment' }).click();
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    // Arrows and Enter choose; the search box becomes a 'Selected' badge.
    await box.fill('spaniel');
    await box.press('ArrowDown');
    const active = await page.locator('[role=option][aria-selected=true]').textContent();
    await box.press('Enter');
    const badge = page.getByRole('button', { name: new RegExp(`Breed ${active}.*Selected`) });
    await expect(badge).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Breed' })).toHaveCount(0);
    await expect(page.locator('#f-breedId-status')).toHaveText('Done');

    // Clicking the badge clears the choice and searches again.
    await badge.click();
    await expect(page.getByRole('combobox', { name: 'Breed' })).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Breed' })).toHaveValue('');
    await expect(page.getByText('Selected', { exact: true })).toHaveCount(0);

    // Choosing closes the list.
    await page.getByRole('option', { name: 'None/Other' }).click();
    await expect(page.getByRole('button', { name: /None\/Other.*Selected/ })).toBeVisible();
    await expect(page.getByRole('listbox')).toBeHidden();
  });
});

test.describe('/dev/input_test (spec §2)', () => {
  test('is not for search engines and shows every block in every input status', async ({ page }) => {
    await page.goto('/dev/input_test');
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
    const blocks = [
      'text',
      'number',
      'otp',
      'tel',
      'date',
      'time',
      'dropdown',
      'checkbox',
      'radio',
      'textarea',
      'stars',
    ];
    const texts: Record<number, RegExp> = {
      1: /^Check$/,
      2: /^Validating$/,
      3: /^(Done|\+447700900123)$/,
      4: /^Error$/,
    };
    for (const status of [1, 2, 3, 4]) {
      const section = page.getByTestId(`status-${status}`);
      for (const block of blocks) {
        const badge = section.locator(`[id^="${block}-${status}"][id$="-status"]`).first();
        await expect(badge, `${block} at status ${status}`).toHaveText(texts[status]!);
        await expect(badge).toHaveAttribute('data-status', String(status));
      }
    }
    // Validating shows a spinner; errors mark the control invalid.
    await expect(page.getByTestId('status-2').locator('.field-status .spinner')).toHaveCount(blocks.length);
    await expect(page.locator('#text-4')).toHaveAttribute('aria-invalid', 'true');
    // One OTP box per character; a textarea of five rows; stars are 28px.
    await expect(page.locator('#otp-1').locator('xpath=..').locator('input')).toHaveCount(4);
    await expect(page.locator('#otp-1')).toHaveAttribute('aria-label', 'Character 1 of 4');
    await expect(page.locator('#textarea-1')).toHaveAttribute('rows', '5');
    await expect(page.locator('#stars-1-slider svg').first()).toHaveAttribute('width', '28');
    await expect(page.locator('#stars-1-slider svg')).toHaveCount(5);

    // Interactive buttons: enabled only at 0 and 4.
    for (const [status, enabled] of [
      [0, true],
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ] as const) {
      const button = page.getByTestId(`button-${status}`);
      if (enabled) await expect(button).toBeEnabled();
      else await expect(button).toBeDisabled();
    }
  });

  test('live blocks: Enter emits only when not in error, OTP paste fills every box, stars round up', async ({
    page,
    context,
  }) => {
    await page.goto('/dev/input_test');
    // Astro drops the island's `ssr` attribute once React has hydrated it.
    await page.waitForSelector('astro-island:not([ssr])');
    const name = page.locator('#live-text');
    await name.fill('B');
    await expect(page.locator('#live-text-status')).toHaveText('Error');
    await name.press('Enter');
    await expect(page.getByText('Press Enter in a field to see its event.')).toBeVisible();
    await name.fill('Bella');
    await expect(page.locator('#live-text-status')).toHaveText('Lovely name');
    await name.press('Enter');
    await expect(page.getByText('Enter emitted with "Bella"')).toBeVisible();

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('#live-otp').focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Your code: 482 913');
      document
        .getElementById('live-otp')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const boxes = page.locator('.otp').first().locator('input');
    await expect(boxes).toHaveCount(6);
    expect(await boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join(''))).toBe('482913');
    await expect(page.locator('#live-otp-status')).toHaveText('Done');

    const stars = page.locator('#live-stars-slider');
    await expect(stars).toHaveAttribute('aria-valuenow', '3');
    await stars.press('ArrowRight');
    await expect(stars).toHaveAttribute('aria-valuenow', '4');
    await stars.press('Home');
    await expect(stars).toHaveAttribute('aria-valuenow', '0');
    // A tap on the left part of the second star rounds up to 2 (increment 1)…
    const second = stars.locator('.star').nth(1);
    await second.click({ position: { x: 4, y: 14 } });
    await expect(stars).toHaveAttribute('aria-valuenow', '2');
    // …and to 1.5 with increment 0.5.
    const half = page.locator('#live-stars-half-slider');
    await half
      .locator('.star')
      .nth(1)
      .click({ position: { x: 4, y: 14 } });
    await expect(half).toHaveAttribute('aria-valuenow', '1.5');
  });
});
