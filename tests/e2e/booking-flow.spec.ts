import { expect, test } from '@playwright/test';
import { calendarDay, InteractionCounter, mobile, visitor } from './booking-helpers.ts';
import { ownDay } from './own-days.ts';

test.use({ viewport: mobile, hasTouch: true });

test('a new visitor books from the home page button to /b/{id} in 12 interactions or fewer (pointer)', async ({
  page,
}) => {
  const me = visitor('pointer');
  const act = new InteractionCounter(page);
  await page.goto('/');
  await act.click(
    page.getByRole('link', { name: 'Click to Book an Appointment / Online Booking - Dog Grooming in Leyton' }),
    'home page button',
  );
  await expect(page).toHaveURL(/\/book\?source=bookLink&type=full$/);

  // The service comes from the button: the form opens at "Your dog", with step 1 done and naming the
  // service, one tap from changing it.
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Booking steps' }).getByRole('button', { name: 'Service Full Groom (done)' }),
  ).toBeVisible();
  await expect(page.locator('.booking-context')).toContainText('Full Groom');
  await act.fill(page.getByLabel("Your dog's name"), 'Bella', 'dog name');
  await act.fill(page.getByRole('combobox', { name: 'Breed' }), 'cocka', 'breed search');
  await act.click(page.getByRole('option', { name: 'Cockapoo' }), 'breed');
  await act.fill(page.getByLabel('Weight'), '9.5', 'weight');
  // The coat was filled in from the breed.
  await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
  await act.click(page.getByRole('button', { name: 'Next' }), 'next');

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  const firstTime = page.locator('.times-grid button').first();
  await expect(firstTime).toBeVisible();
  const chosenTime = await firstTime.textContent();
  await act.click(firstTime, 'first free time');

  await expect(page.getByRole('heading', { name: /You$/ })).toBeVisible();
  await act.fill(page.getByLabel('Your name'), me.name, 'owner name');
  await act.fill(page.getByLabel('UK mobile'), me.phone, 'mobile');
  await act.fill(page.getByRole('textbox', { name: 'E-mail' }), me.email, 'e-mail');
  await expect(page.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
    'href',
    '/legal/terms-and-conditions',
  );
  await expect(page.getByRole('link', { name: 'refunds and cancellations policy' })).toHaveAttribute(
    'href',
    '/legal/refunds-and-cancellations',
  );
  await act.click(page.getByRole('button', { name: 'Agree and continue' }), 'agree and continue');

  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await expect(page.locator('.review')).toContainText(`, ${chosenTime}`);
  await expect(page.locator('.review')).toContainText('Bella, Cockapoo, 9.5 kg, medium coat');
  await expect(page.locator('.price')).toContainText('£45.00');
  await act.click(page.getByRole('button', { name: 'Confirm booking' }), 'confirm');

  await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  // The appointment's own date and time (the page also offers the next groom at the same time).
  await expect(page.getByText(new RegExp(`\\d{4}, ${chosenTime}$`))).toBeVisible();
  // The device now holds its access key (spec §4 device auth).
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'auth_key')?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  console.log(`pointer run: ${act.count} interactions\n  ${act.log.join('\n  ')}`);
  expect(act.count).toBeLessThanOrEqual(12);
});

/**
 * The chosen day's last free time. Not "the time after the first": late in the day, or once the runs
 * before have booked the rest, the first day with room may have one time left, and the Tab after it
 * is "Back". The last also leaves the first for the pointer run.
 */
const LAST_TIME = '.times-part:last-of-type .times-grid button:last-child';

test('a new visitor books using only the keyboard', async ({ page }) => {
  const me = visitor('keys');
  const act = new InteractionCounter(page);
  await page.goto('/');
  await act.tabTo('a[href^="/book-appointment?type=full"]');
  await act.press('Enter', 'home page button');
  await expect(page).toHaveURL(/\/book\?source=bookLink&type=full$/);
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();

  await act.tabTo('#f-dogName');
  await act.type('Milo', 'dog name');
  await act.tabTo('#f-breedId');
  await act.type('husk', 'breed search');
  await expect(page.getByRole('option', { name: 'Siberian Husky' })).toBeVisible();
  await act.press('Enter', 'choose the highlighted breed');
  await expect(page.getByRole('button', { name: /Siberian Husky.*Selected/ })).toBeFocused();
  await act.tabTo('#f-weight');
  await act.type('23', 'weight');
  await act.press('Enter', 'next step');

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await expect(page.locator('.times-grid button').first()).toBeVisible();
  await act.tabTo(LAST_TIME);
  const chosenTime = await page.evaluate(() => document.activeElement?.textContent);
  await act.press('Enter', 'choose a time');

  await expect(page.getByRole('heading', { name: /You$/ })).toBeVisible();
  await act.tabTo('#f-ownerName');
  await act.type(me.name, 'owner name');
  await page.keyboard.press('Tab');
  await act.type(me.phone, 'mobile');
  await page.keyboard.press('Tab');
  await act.type(me.email, 'e-mail');
  await act.press('Enter', 'agree and continue');

  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await act.tabTo('button.step-next');
  await act.press('Enter', 'confirm');

  await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  // The appointment's own date and time (the page also offers the next groom at the same time).
  await expect(page.getByText(new RegExp(`\\d{4}, ${chosenTime}$`))).toBeVisible();
  console.log(`keyboard run: ${act.count} interactions\n  ${act.log.join('\n  ')}`);
  expect(act.count).toBeLessThanOrEqual(12);
});

test('a keyboard visitor takes the only time left on the first day with room', async ({ page }) => {
  // The shop late in the day, or after the runs before took the rest: the server's answer with its
  // first day with room cut to that day's last time.
  await page.route('**/v1.0.1/availability?*', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { days: Array<{ open: boolean; slots: unknown[] }> };
    const first = answer.days.find((d) => d.open && d.slots.length > 0)!;
    first.slots = first.slots.slice(-1);
    await route.fulfill({ response, json: answer });
  });
  await page.goto('/book?type=full');
  await page.getByLabel("Your dog's name").fill('Nova');
  await page.getByRole('combobox', { name: 'Breed' }).fill('husk');
  await page.getByRole('option', { name: 'Siberian Husky' }).click();
  await page.getByLabel('Weight').fill('23');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('.times-grid button')).toHaveCount(1);
  await page.getByRole('heading', { name: /Date and time/ }).focus();
  await new InteractionCounter(page).tabTo(LAST_TIME);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /You$/ })).toBeVisible();
});

test('a returning number on a new device books with one Confirm (decisions 072, 079), its review within 390 px', async ({
  page,
}) => {
  const me = visitor('again');
  const day = await ownDay(page.request, 'booking-flow: a returning number', 'service=shower');
  // The number booked before, from another device: this browser holds no key of it.
  const earlier = await page.request.post('/v1.0.1/bookings', {
    data: {
      serviceId: 'shower',
      start: day.slots[1]!.start,
      dog: { name: 'Olive', breedId: 'beagle', weightKg: 12, coat: 'short' },
      owner: { name: me.name, phone: me.phone, email: me.email, marketingConsent: false, acceptTerms: true },
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(earlier.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto('/book?type=shower');
  await page.getByLabel("Your dog's name").fill('Olive');
  await page.getByRole('combobox', { name: 'Breed' }).fill('beag');
  await page.getByRole('option', { name: 'Beagle' }).click();
  await page.getByLabel('Weight').fill('12');
  await page.getByRole('button', { name: 'Next' }).click();
  // A time of this test's own day: the first day with room is where the other tests book, and two
  // tests running at once on its last time left one of them "That time has just been taken".
  await (await calendarDay(page, day.date)).click();
  await page.getByRole('button', { name: day.slots[3]!.time, exact: true }).click();
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('UK mobile').fill(me.phone);
  // A long address, as families' shared ones are: the review must still fit a 390 px phone.
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`the.${me.email.replace('@', '.household@family-')}`);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await expect(page.locator('.price')).toBeVisible();
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const step = document.querySelector('.review')!.closest('.booking-card')!;
    return {
      width,
      scrollWidth: document.documentElement.scrollWidth,
      wider: [...step.querySelectorAll('*')]
        .filter((el) => !el.closest('.visually-hidden') && el.getBoundingClientRect().right > width)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${Math.round(el.getBoundingClientRect().right)}`),
    };
  });
  expect(overflowing).toEqual({ width: 390, scrollWidth: 390, wider: [] });
  await expect(page.getByRole('button', { name: 'Change you' })).toBeInViewport();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
  // One press booked: a code step would have kept the visitor on the review.
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
});

test('answers survive a reload and going back and forth', async ({ page }) => {
  await page.goto('/book?source=bookLink&type=shower');
  await page.waitForSelector('astro-island:not([ssr])');
  await page.getByLabel("Your dog's name").fill('Pip');
  await page.getByRole('combobox', { name: 'Breed' }).fill('pug');
  await page.getByRole('option', { name: 'Pug' }).click();
  await page.getByLabel('Weight').fill('8');
  // A small dog on a shower: the promotion is mentioned at once.
  await expect(page.getByText('Under 12kg: the small dog offer of £5.00 off applies.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Your dog's name")).toHaveValue('Pip');
  await expect(page.getByRole('button', { name: /Pug.*Selected/ })).toBeVisible();
  await expect(page.getByLabel('Weight')).toHaveValue('8');
  await expect(page.getByRole('radio', { name: /Short/ })).toBeChecked();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel("Your dog's name")).toHaveValue('Pip');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('.times-grid button').first()).toBeVisible();
  await page.locator('.times-grid button').first().click();
  await page.getByLabel('Your name').fill('Alex');
  // The browser's back button steps back through the form.
  await page.goBack();
  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await page.goForward();
  await expect(page.getByLabel('Your name')).toHaveValue('Alex');
  await page.getByLabel('UK mobile').fill(visitor('promo').phone);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('alex@example.com');
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  // Review: the promotion line and the "from" total.
  await expect(page.locator('.price')).toContainText('Small dog offer');
  await expect(page.locator('.price')).toContainText('−£5.00');
  await expect(page.locator('.price-line--total')).toContainText('£25.00');
});

test('the form says what is wrong as the visitor types, with the spec statuses', async ({ page }) => {
  await page.goto('/book?type=full');
  await page.waitForSelector('astro-island:not([ssr])');
  const weight = page.getByLabel('Weight');
  await weight.fill('9.55');
  const status = page.locator('#f-weight-status');
  await expect(status).toHaveText('Error');
  await expect(page.getByText('Please use at most one decimal place, like 9.5.')).toBeVisible();
  await weight.fill('9.5');
  await expect(status).toHaveText('9.5 kg');
  // Enter does nothing while a field is in error (status 4).
  await weight.fill('abc');
  await expect(status).toHaveText('Error');
  await weight.press('Enter');
  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  // Next with missing answers stays on the step and takes the visitor to the first one.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel("Your dog's name")).toBeFocused();
  await expect(page.locator('#f-dogName-status')).toHaveText('Error');
});

test('a breed typed and left is chosen when the search names one breed, and waits for a choice when it names several', async ({
  page,
}) => {
  await page.goto('/book?type=full');
  await page.waitForSelector('astro-island:not([ssr])');
  const breed = page.getByRole('combobox', { name: 'Breed' });
  // Several breeds have "poo": leaving the box (a tap beside the list) chooses none of them.
  const heading = page.getByRole('heading', { name: /Your dog/ });
  await breed.fill('poo');
  await heading.click();
  await expect(breed).toHaveValue('poo');
  await expect(page.getByRole('listbox')).toBeHidden();
  // A whole name, left by the keyboard: the focus goes on to the next field.
  await breed.fill('cockapoo');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Weight')).toBeFocused();
  await expect(page.locator('#f-breedId')).toHaveAccessibleName(/^Breed Cockapoo Selected/);
  // The only match, left by a tap on the next field; the tap still lands there.
  await page.locator('#f-breedId').click();
  await breed.fill('beag');
  await page.getByLabel('Weight').click();
  await expect(page.getByLabel('Weight')).toBeFocused();
  await expect(page.locator('#f-breedId')).toHaveAccessibleName(/^Breed Beagle Selected/);
  // A search that matches nothing offers Other, and leaving does not choose it.
  await page.locator('#f-breedId').click();
  await breed.fill('zzz');
  await heading.click();
  await expect(breed).toHaveValue('zzz');
});

test('a breed typed and left before the list has loaded is chosen when the list comes', async ({ page }) => {
  // A slow phone: the breed list arrives after the visitor has typed a whole name and moved on.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1.0.1/breeds', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/book?type=full');
  await page.waitForSelector('astro-island:not([ssr])');
  const breed = page.getByRole('combobox', { name: 'Breed' });
  await breed.fill('cockapoo');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Weight')).toBeFocused();
  await expect(page.locator('#f-breedId')).toHaveAccessibleName('Breed');
  release();
  await expect(page.locator('#f-breedId')).toHaveAccessibleName(/^Breed Cockapoo Selected/);
  // The focus stays where the visitor put it.
  await expect(page.getByLabel('Weight')).toBeFocused();
});

test('a returning device picks a saved dog and finds its details filled in', async ({ page }) => {
  const me = visitor('back');
  const day = await ownDay(page.request, 'booking-flow: a saved dog', 'service=shower');
  const response = await page.request.post('/v1.0.1/bookings', {
    data: {
      serviceId: 'shower',
      start: day.slots[5]!.start,
      dog: { name: 'Pickle', breedId: 'dachshund', weightKg: 7, coat: 'long', notes: 'Hates the dryer', nervous: true },
      owner: { name: me.name, phone: me.phone, email: me.email, marketingConsent: false, acceptTerms: true },
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(response.status()).toBe(201);
  const { accessKey } = (await response.json()) as { accessKey: string };
  const origin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
  await page.context().addCookies([{ name: 'auth_key', value: accessKey, url: origin }]);

  await page.goto('/book?type=shower');
  await page.getByRole('radio', { name: 'Pickle' }).check({ force: true });
  await expect(page.getByLabel("Your dog's name")).toHaveValue('Pickle');
  await expect(page.getByRole('button', { name: /Dachshund.*Selected/ })).toBeVisible();
  await expect(page.getByLabel('Weight')).toHaveValue('7');
  await expect(page.getByRole('checkbox', { name: /nervous/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('.times-grid button').last().click();
  await expect(page.getByLabel('Your name')).toHaveValue(me.name);
  await expect(page.getByLabel('UK mobile')).toHaveValue(me.phone);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(me.email);
});
