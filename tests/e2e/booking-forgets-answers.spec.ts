import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, wholeChromium } from '../../scripts/lib/browser.ts';
import { calendarDay, mobile, visitor } from './booking-helpers.ts';
import { ownDay } from './own-days.ts';
import { useStandInSite } from './stand-in-site.ts';

/**
 * The booking form forgets its answers once a booking is made, whatever the path (issue 29,
 * docs/decisions/099): confirmed at once, sent to the payment page and paid, or the payment page left
 * by its own "Back" or the browser's. Booking the same dog at the same time again from the same device
 * asks first, in a dialog, and books only on "Yes".
 *
 * The browser's back button is tried with its back-forward cache on, as a phone has it: Playwright
 * turns the cache off, and Chromium's headless shell has none, so this file runs the whole browser
 * (Debian's chromium, which CI installs for Lighthouse). A page restored from that cache runs no
 * script again: the form it shows is the one that booked, unless the form itself notices.
 */
test.use({
  viewport: mobile,
  launchOptions: {
    executablePath: wholeChromium(),
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

/** Notes in the tab's storage each page the browser brought back from its back-forward cache. */
async function noteRestoredPages(page: Page) {
  await page.addInitScript(() =>
    addEventListener('pageshow', (event) => {
      if (event.persisted) sessionStorage.setItem('e2e-restored', location.pathname);
    }),
  );
}
const restoredPage = (page: Page) => page.evaluate(() => sessionStorage.getItem('e2e-restored'));

type When = { date: string; time: string };

/** A new visitor's first booking of Biscuit from a Full Groom link, at `when` or the first free time. */
async function bookBiscuit(page: Page, site: string, me: ReturnType<typeof visitor>, when?: When): Promise<When> {
  await page.goto(`${site}/book?type=full`);
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await page.getByLabel("Your dog's name").fill('Biscuit');
  await page.getByRole('combobox', { name: 'Breed' }).fill('beag');
  await page.getByRole('option', { name: 'Beagle' }).click();
  await page.getByLabel('Weight').fill('12');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  if (when) {
    await (await calendarDay(page, when.date)).click();
    await page.getByRole('button', { name: when.time, exact: true }).click();
  } else {
    await page.locator('.times-grid button').first().click();
  }
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('UK mobile').fill(me.phone);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(me.email);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  const date = await page.evaluate(() => JSON.parse(sessionStorage.getItem('booking_answers')!).answers.date as string);
  const time = /, (\d\d:\d\d)$/.exec(
    (await page.locator('.review-row', { hasText: 'When' }).locator('dd').first().textContent())!,
  )![1]!;
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  return { date, time };
}

/** The form as a visitor finds it when nothing is remembered: the first step, nothing chosen. */
async function expectFreshForm(page: Page) {
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole('heading', { name: /Step 1 of 5: Service/ })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Booking steps' }).getByRole('button', { name: /done/ }),
  ).toHaveCount(0);
}

/** From a fresh form on a device that booked before: Biscuit (a saved dog) again, at `when`, to the review. */
async function rebookBiscuit(page: Page, when: When) {
  await page.getByRole('radio', { name: /Full Groom/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Biscuit' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await (await calendarDay(page, when.date)).click();
  await page.getByRole('button', { name: when.time, exact: true }).click();
  // The device's owner is filled in from its earlier booking.
  await expect(page.getByLabel('Your name')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
}

/** The question the form asks before booking the same dog at the same time twice. */
const question = (page: Page, when: When) =>
  page.getByRole('dialog', { name: `You already booked Biscuit at ${when.time} — book another?` });

test('booked at once: Back, Book Online and a second tab find a fresh form; the same visit again asks first', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const me = visitor('forgets');
  const day = await ownDay(page.request, 'booking-forgets-answers: no deposit', 'service=full');
  await noteRestoredPages(page);
  const when = await bookBiscuit(page, '', me, { date: day.date, time: day.slots[1]!.time });
  await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();

  // The browser's back button brings the form back from its cache, as it was when it booked: it
  // shows a fresh one instead.
  await page.goBack({ waitUntil: 'commit' });
  await expectFreshForm(page);
  expect(await restoredPage(page), 'the form came back from the back-forward cache').toBe('/book');

  await page.getByRole('link', { name: 'Book Online' }).first().click();
  await expectFreshForm(page);

  // A second tab of the same device, answering the same again.
  const other = await page.context().newPage();
  await other.goto('/book');
  await expectFreshForm(other);
  await rebookBiscuit(other, when);
  const confirm = other.getByRole('button', { name: 'Confirm booking' });
  await confirm.click();
  const asked = question(other, when);
  await expect(asked).toBeVisible();
  await expect(asked.getByRole('button', { name: 'No', exact: true })).toBeFocused();
  await asked.getByRole('button', { name: 'No', exact: true }).click();
  await expect(asked).toBeHidden();
  await expect(other.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await expect(confirm).toBeFocused();
  await expect(other).toHaveURL(/\/book$/);
});

test.describe('with a deposit, through the Stripe stand-in', () => {
  // One site for the describe's tests, one after the other.
  test.describe.configure({ mode: 'default' });
  const standIn = useStandInSite();

  test('paid: Book Online finds a fresh form, and the same dog at the same time asks before a second hold', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const site = standIn();
    const me = visitor('forgets-paid');
    const when = await bookBiscuit(page, site, me);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${site}/booking-success/cs_test_\\w+$`));
    await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();

    await page.getByRole('link', { name: 'Book Online' }).first().click();
    await expectFreshForm(page);
    await rebookBiscuit(page, when);
    const confirm = page.getByRole('button', { name: 'Confirm booking' });
    await confirm.click();
    const asked = question(page, when);
    await expect(asked).toBeVisible();
    await expect(asked.getByRole('button', { name: 'No', exact: true })).toBeFocused();
    // Escape answers "No": back to the form, nothing booked.
    await page.keyboard.press('Escape');
    await expect(asked).toBeHidden();
    await expect(confirm).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`^${site}/book$`));

    // Asked again, "Yes" by keyboard books another: a second hold, its own payment page.
    await page.keyboard.press('Enter');
    await expect(asked).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(asked.getByRole('button', { name: 'Yes, book another' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
  });

  test('abandoned: back from the payment page, by the browser or by its own link, the form is fresh', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const site = standIn();
    const me = visitor('forgets-abandoned');
    await noteRestoredPages(page);
    await bookBiscuit(page, site, me);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);

    // The browser's back button, from the payment page to the form that sent the visitor there.
    await page.goBack({ waitUntil: 'commit' });
    await expectFreshForm(page);
    expect(await restoredPage(page), 'the form came back from the back-forward cache').toBe('/book');

    // The payment page's own "Back" (Stripe's cancel address): the time is still held, and the form
    // the header's button opens is fresh.
    await page.goForward({ waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Your payment was cancelled' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try paying again' })).toBeVisible();
    await page.getByRole('link', { name: 'Book Online' }).first().click();
    await expectFreshForm(page);
  });
});
