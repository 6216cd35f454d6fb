import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { visitor } from './booking-helpers.ts';
import { ownDay, type Day } from './own-days.ts';
import { addStaff, inbox, nextCode, shot, test } from './staff-helpers.ts';

/**
 * The waitlist on the schedule (docs/decisions/086), on a tablet: an owner waits for a morning on a
 * day whose mornings are full; staff open the day's waitlist, see the dog and what suits, and offer
 * an afternoon time by hand (one the offer job would never send: it is not what they asked); the
 * owner's phone gets the text with the one-tap link; the caller phones back and is taken off the list.
 */
test.use({ viewport: { width: 1024, height: 768 } });

const VISIT = 'service=full&weightKg=12';
const BOOKING_CODE = /^(\d{6}) is your Leyton Dog Grooming code/;
const londonHour = (iso: string) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(iso),
    ),
  );

/** Books the day's first time while it is a morning: the mornings are full for a 12 kg full groom. */
async function fillMornings(page: Page, date: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const res = await page.request.get(`/v1.0.1/availability?${VISIT}&from=${date}&days=1`);
    const first = ((await res.json()) as { days: Day[] }).days[0]?.slots[0];
    if (!first || londonHour(first.start) >= 12) return;
    const other = visitor(`morning${i}`);
    const booked = await page.request.post('/v1.0.1/bookings', {
      data: {
        serviceId: 'full',
        start: first.start,
        dog: { name: `Early ${i}`, breedId: 'beagle', weightKg: 12, coat: 'short' },
        owner: { name: other.name, phone: other.phone, email: other.email, marketingConsent: false, acceptTerms: true },
        idempotencyKey: randomUUID(),
      },
    });
    expect(booked.status()).toBe(201);
  }
  throw new Error(`the mornings of ${date} did not fill`);
}

/** An owner on the waitlist for the day's mornings, their number proven by the texted code, as the form does. */
async function joinForMornings(page: Page, date: string, owner: { name: string; phone: string }, e164: string) {
  const seen = (await inbox(e164)).length;
  const asked = await page.request.post('/v1.0.1/phone-codes', { data: { phone: owner.phone, purpose: 'booking' } });
  expect(asked.status()).toBe(202);
  const { requestId } = (await asked.json()) as { requestId: string };
  const code = await nextCode(e164, seen, BOOKING_CODE);
  const joined = await page.request.post('/v1.0.1/waitlist', {
    data: {
      serviceId: 'full',
      dog: { name: 'Maple', breedId: 'beagle', weightKg: 12, coat: 'short' },
      from: date,
      to: date,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      parts: ['morning'],
      owner: { name: owner.name, phone: owner.phone, email: '' },
      notify: { text: true, email: false },
      phoneProof: { requestId, code },
      idempotencyKey: randomUUID(),
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
}

test("staff open a full morning's waitlist and offer an afternoon by hand; the owner's phone gets the link", async ({
  page,
  staffKey,
}) => {
  const owner = visitor('waiting');
  const e164 = `+44${owner.phone.replace(/\s/g, '').slice(1)}`;
  const day = await ownDay(page.request, 'staff-waitlist: mornings full', VISIT);
  await fillMornings(page, day.date);
  await joinForMornings(page, day.date, owner, e164);

  const member = await addStaff(page.request, staffKey, 'Waitlist Groomer');
  await page.goto(`/management/schedule?day=${day.date}`);
  await expect(page).toHaveURL(/\/management\/login$/);
  const seen = (await inbox(member.e164)).length;
  await page.getByLabel('Your mobile number').fill(member.phone);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('Character 1 of 6').fill(await nextCode(member.e164, seen));
  await expect(page).toHaveURL(/\/management\/schedule/);
  await page.goto(`/management/schedule?day=${day.date}`);

  await page.getByRole('button', { name: /^Waitlist \([1-9]\d*\)$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Waitlist for / });
  const maple = dialog
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Maple for ${owner.name}` }) });
  await expect(maple).toContainText('Beagle, 12 kg');
  await expect(maple).toContainText('any morning on');
  await expect(maple).toContainText('by text to the number ending');
  expect(await axeViolations(page), 'axe on the waitlist').toEqual([]);
  await shot(page, 'staff-waitlist');

  await maple.getByRole('button', { name: 'Offer a time' }).click();
  const times = maple.getByRole('radiogroup', { name: /^Free times on / });
  // An afternoon: free, but not what they asked for, so the offer job would never send it.
  const afternoon = times.locator('label').filter({ hasText: '(not what they asked)' }).first();
  const time = (await afternoon.innerText()).trim().slice(0, 5);
  await times.getByRole('radio', { name: `${time} (not what they asked)` }).check();
  expect(await axeViolations(page), 'axe on offering a time').toEqual([]);
  const before = (await inbox(e164)).length;
  await maple.getByRole('button', { name: 'Send offer' }).click();

  await expect(dialog.getByRole('status').filter({ hasText: `Offered Maple` })).toContainText(`at ${time}`);
  await expect(maple).toContainText(`Offered ${time}, open until`);
  await expect(maple).toContainText('(offered by Waitlist Groomer)');
  // The owner's phone: the offer, with its time and the one-tap link.
  await expect
    .poll(async () =>
      (await inbox(e164))
        .slice(before)
        .map((t) => t.text)
        .join('\n'),
    )
    .toMatch(new RegExp(`a time has freed for Maple's Full Groom: .*${time}.*/w/[A-Za-z0-9_-]+\\?offer=`));
  await shot(page, 'staff-waitlist-offered');

  // The caller phones back to say stop: off the list, and the offer with it.
  await maple.getByRole('button', { name: 'Take off the list' }).click();
  await maple.getByRole('button', { name: 'Yes, take off the list' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Took Maple' })).toContainText('off the waitlist');
  await expect(maple).toHaveCount(0);
  expect(await axeViolations(page), 'axe after taking a request off').toEqual([]);
});
