import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, WCAG_22_AA } from './axe.ts';
import { calendarDay, mobile, visitor } from './booking-helpers.ts';
import { ownDay } from './own-days.ts';

test.use({ viewport: mobile });

async function expectNoViolations(page: Page, where: string) {
  expect(await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'] }), `axe on ${where}`).toEqual([]);
}

test('axe finds nothing on each step of /book', async ({ page }) => {
  const me = visitor('axe');
  await page.goto('/book');
  await expect(page.getByRole('radio', { name: /Full Groom/ })).toBeVisible();
  await expectNoViolations(page, 'service step');
  await page.getByRole('radio', { name: /Puppy Introduction/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await expectNoViolations(page, 'dog step');
  await page.getByRole('combobox', { name: 'Breed' }).fill('zzz');
  await expect(page.getByRole('option', { name: 'None/Other' })).toBeVisible();
  await expectNoViolations(page, 'dog step with the breed list open');
  await page.getByRole('option', { name: 'None/Other' }).click();
  await page.getByLabel("Your dog's name").fill('Tilly');
  await page.getByLabel('Weight').fill('4.5');
  await page.locator('label[for="f-coat-long"]').click();
  // Errors on show must pass too.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await expect(page.locator('.times-grid button').first()).toBeVisible();
  await expectNoViolations(page, 'date and time step');
  // The first day shown is today until its last time goes: after about 15:00 it has only one or two, so
  // the third time was not always there (CI at 15:01). Nothing is booked here; the first time serves.
  await page.locator('.times-grid button').first().click();

  await expect(page.getByRole('heading', { name: /You$/ })).toBeVisible();
  await page.getByLabel('UK mobile').fill('12345');
  await page.getByLabel('UK mobile').blur();
  await expect(page.locator('#f-phone-status')).toHaveText('Error');
  await expectNoViolations(page, 'you step with an error');
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('UK mobile').fill(me.phone);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(me.email);
  await page.getByRole('button', { name: 'Agree and continue' }).click();

  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await expectNoViolations(page, 'review step');
});

// A chip's text turns white the moment it is chosen; its background must too, or the text is
// unreadable while a fade runs (CI's axe once caught a staff chip mid-fade).
test('a chosen chip is dark the moment it is chosen, with no fade left running', async ({ page }) => {
  await page.goto('/book');
  await page.getByRole('radio', { name: /Puppy Introduction/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  const chip = page.locator('label[for="f-coat-long"]');
  await chip.click();
  const seen = await chip.evaluate((label) => {
    const style = getComputedStyle(label);
    const fading = label.getAnimations().map((a) => (a as CSSTransition).transitionProperty);
    return { background: style.backgroundColor, text: style.color, fading };
  });
  expect(seen.text).toBe('rgb(255, 255, 255)');
  expect(seen.fading).not.toContain('background-color');
  expect(seen.background).not.toBe('rgb(255, 255, 255)');
});

// A button busy with its call keeps the keyboard user's focus: a disabled one would drop it to the
// page, and the next Tab would start from wherever Chrome left it.
test('"Show later dates" keeps its focus while the later dates load', async ({ page }) => {
  await page.goto('/book?type=nails');
  await page.getByLabel("Your dog's name").fill('Tilly');
  await page.getByRole('combobox', { name: 'Breed' }).fill('beag');
  await page.getByRole('option', { name: 'Beagle' }).click();
  await page.getByLabel('Weight').fill('9');
  await page.getByRole('button', { name: 'Next' }).click();
  const later = page.getByRole('button', { name: 'Show later dates' });
  await expect(later).toBeVisible();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v1\.0\.1\/availability\?/, async (route) => {
    await held;
    await route.continue();
  });
  await later.focus();
  await page.keyboard.press('Enter');
  const loading = page.getByRole('button', { name: 'Loading…' });
  await expect(loading).toBeFocused();
  await expect(loading).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter'); // pressed again while loading: nothing more is asked
  release();
  await expect(later).toBeFocused();
});

test('axe finds nothing on /b/{id}, including the move picker, and the page offers what the customer needs', async ({
  page,
}) => {
  const me = visitor('view');
  const day = await ownDay(page.request, 'booking-a11y: the booking page and its move picker', 'service=nails');
  const slot = day.slots[1]!;
  const response = await page.request.post('/v1.0.1/bookings', {
    data: {
      serviceId: 'nails',
      start: slot.start,
      dog: { name: 'Biscuit', breedId: 'beagle', weightKg: 12.5, coat: 'short' },
      owner: { name: me.name, phone: me.phone, email: me.email, marketingConsent: false, acceptTerms: true },
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.status()).toBe(201);
  const { bookingId } = (await response.json()) as { bookingId: string };

  await page.goto(`/b/${bookingId}`);
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  // The appointment's own date and time (the page also offers the next groom at the same time).
  await expect(page.getByText(new RegExp(`\\d{4}, ${slot.time}$`))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute(
    'href',
    `/v1.0.1/bookings/${bookingId}/calendar.ics`,
  );
  await expect(page.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  await expect(page.getByRole('link', { name: 'Open in maps' })).toBeVisible();
  await expect(page.locator('.confirmation').getByRole('link', { name: 'WhatsApp us' }).first()).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/44/,
  );
  await expect(
    page
      .locator('.confirmation')
      .getByRole('link', { name: /^Call / })
      .first(),
  ).toHaveAttribute('href', /^tel:\+44/);
  await expectNoViolations(page, '/b/{id}');

  // Move, reusing the date and time step (this booking's own place is free to it).
  await page.getByRole('button', { name: 'Move to another time' }).click();
  await (await calendarDay(page, day.date)).click();
  await expect(page.getByRole('button', { name: slot.time, exact: true })).toBeVisible();
  await expectNoViolations(page, '/b/{id} while moving');
  const other = day.slots[3]!;
  await page.getByRole('button', { name: other.time, exact: true }).click();
  await page.getByRole('button', { name: /^Move to / }).click();
  await expect(page.locator('.confirmation').getByRole('status')).toContainText('moved to');
  await expect(page.getByText(`, ${other.time}`).first()).toBeVisible();

  // Cancel, within the policy.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible();
});

test('an unknown booking link says so kindly', async ({ page }) => {
  await page.goto('/b/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: "We can't find that booking" })).toBeVisible();
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
});

test('axe finds nothing on /dev/input_test', async ({ page }) => {
  await page.goto('/dev/input_test');
  await expect(page.getByTestId('status-4')).toBeVisible();
  await expectNoViolations(page, '/dev/input_test');
});
