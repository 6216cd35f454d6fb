import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { pastVisitsDay } from '../../scripts/lib/e2e-fixtures.ts';
import { axeViolations } from './axe.ts';
import { visitor } from './booking-helpers.ts';
import { ownDay, type OwnDay } from './own-days.ts';
import { addStaff, inbox, nextCode, shot, test, watchPolicy } from './staff-helpers.ts';

/**
 * A day at the counter (issue 12), at 1280 px (the tablet or desk: the grid by table) and 390 px (a
 * phone: the day as a list): sign in by a texted code, see today, take a phone booking, move it
 * (dragged on the grid; the form on the phone), mark yesterday's two appointments completed and a
 * no-show (and undo one mark), block an afternoon and see online availability lose it. The e2e
 * server seeds yesterday's two appointments (scripts/lib/e2e-appointments.ts): nothing can book
 * in the past. SCREENSHOTS_DIR=dir keeps screenshots of every screen for people to look at.
 */
const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 900, drag: true, done: 'Bella', noShow: 'Otis' },
  { name: '390 px', width: 390, height: 844, drag: false, done: 'Luna', noShow: 'Milo' },
] as const;

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

/** Two free starts of `service` on one open day, the second `gapMinutes` after the first. */
async function twoFreeStarts(page: Page, service: string, who: OwnDay, gapMinutes: number) {
  const day = await ownDay(page.request, who, `service=${service}`);
  for (const slot of day.slots) {
    const later = new Date(Date.parse(slot.start) + gapMinutes * 60_000).toISOString();
    const second = day.slots.find((s) => s.start === later);
    if (second) return { date: day.date, first: slot, second };
  }
  throw new Error(`no two free starts ${gapMinutes} minutes apart on ${day.date}`);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a day at the counter: today, a phone booking, a move, done and no-show, an afternoon blocked', async ({
      page,
      staffKey,
    }) => {
      test.setTimeout(90_000);
      // The charts' library and the dialogs live within the site's Content-Security-Policy.
      const violations = await watchPolicy(page);
      await signIn(page, staffKey, `Counter Groomer ${viewport.width}`);
      await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: new RegExp(`^Today, `), level: 2 })).toBeVisible();
      await expect(page.getByText(/Loading the schedule/)).toHaveCount(0);

      // ---- a phone booking: a new customer, a nail trim, at a free time the server offers -----
      const caller = visitor(`phone${viewport.width}`);
      // Each width its own day, so the two runs never race for one time (own-days.ts).
      const { date, first, second } = await twoFreeStarts(
        page,
        'nails',
        `staff-schedule: a move at ${viewport.name}`,
        30,
      );
      await page.getByRole('button', { name: 'New phone booking' }).click();
      const booking = page.getByRole('dialog', { name: 'New phone booking' });
      await booking.getByLabel('Find by number, name or dog').fill(caller.phone);
      await expect(booking.getByText('Nobody found. Take their details as a new customer.')).toBeVisible();
      await booking.getByLabel('New customer').check();
      await booking.getByLabel("Customer's name").fill(caller.name);
      await booking.getByLabel('Mobile number').fill(caller.phone);
      await booking.getByLabel("Dog's name").fill(`Pepper ${viewport.width}`);
      await booking.getByLabel('Breed').selectOption('beagle');
      await booking.getByLabel('Weight (kg)').fill('11.5');
      await booking.getByLabel('Nervous').check();
      await booking.getByLabel('Service').selectOption('nails');
      await booking.getByLabel('Date', { exact: true }).fill(date);
      await booking
        .getByRole('radiogroup', { name: /Free times on/ })
        .getByLabel(first.time, { exact: true })
        .check();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `phone-booking-${viewport.width}`);
      await booking.getByRole('button', { name: 'Book and send the confirmation' }).click();
      await expect(
        page.getByText(new RegExp(`Booked Pepper ${viewport.width} \\(${caller.name}\\) for Nail Clip`)),
      ).toBeVisible();
      const card = page.getByRole('button', { name: new RegExp(`^${first.time}–.*Pepper ${viewport.width}`) });
      await expect(card).toBeVisible();
      // A 15-minute card (one line on the grid) still says its state in words, seen and heard.
      await expect(card).toHaveAccessibleName(/, Booked$/);
      await expect(card.getByText('Booked', { exact: true })).toBeVisible();

      // ---- they ring again: found by their surname, and by it with the last digits of their number ----
      await page.getByRole('button', { name: 'New phone booking' }).click();
      const again = page.getByRole('dialog', { name: 'New phone booking' });
      const surname = caller.name.split(' ').at(-1)!;
      for (const text of [surname, `${surname} ${caller.phone.slice(-6)}`]) {
        await again.getByLabel('Find by number, name or dog').fill(text);
        await expect(
          again.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: new RegExp(caller.name) }),
        ).toBeVisible();
      }
      // The form's own Close, after Book (the dialog's × is named "Close" too).
      await again.getByRole('button', { name: 'Close' }).last().click();
      await expect(again).toHaveCount(0);

      // ---- move it half an hour later: dragged on the grid, or through its form ---------------
      if (viewport.drag) {
        const box = (await card.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + 10);
        await page.mouse.down();
        // Two slot steps of 15 minutes, 30 px each (ROW_HEIGHT in SchedulePage.tsx).
        await page.mouse.move(box.x + box.width / 2, box.y + 10 + 32, { steps: 4 });
        await page.mouse.move(box.x + box.width / 2, box.y + 10 + 60, { steps: 4 });
        await expect(page.getByText(`Move to ${second.time}`)).toBeVisible();
        await page.mouse.up();
      } else {
        await card.click();
        const dialog = page.getByRole('dialog', { name: /Pepper 390/ });
        // Not yet its time: No-show is disabled, and says from when.
        const noShowButton = dialog.getByRole('button', { name: 'No-show' });
        await expect(noShowButton).toBeDisabled();
        await expect(noShowButton).toHaveAccessibleDescription(new RegExp(`a no-show from ${first.time}`));
        await expect(dialog.getByText(new RegExp(`a no-show from ${first.time}`))).toBeVisible();
        await shot(page, `booking-not-yet-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Move…' }).click();
        await dialog
          .getByRole('radiogroup', { name: /Free times on/ })
          .getByLabel(second.time, { exact: true })
          .check();
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `move-form-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Move and tell the customer' }).click();
      }
      await expect(
        page.getByText(
          new RegExp(`Moved Pepper ${viewport.width} to .* at ${second.time}\\. The customer has been told\\.`),
        ),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: new RegExp(`^${second.time}–.*Pepper ${viewport.width}`) }),
      ).toBeVisible();
      await shot(page, `schedule-moved-${viewport.width}`);

      // ---- yesterday: one completed (balance by card), one a no-show, the no-show undone and redone
      await page.getByRole('button', { name: 'Previous day' }).click();
      await page.getByLabel('Go to date').fill(pastVisitsDay());
      const { done, noShow } = viewport;
      await page.getByRole('button', { name: new RegExp(`${done}, Full Groom, Priya Shah`) }).click();
      const bella = page.getByRole('dialog', { name: `${done} · Full Groom` });
      await expect(bella.getByText('deposit £10.00 paid')).toBeVisible();
      await shot(page, `booking-window-${viewport.width}`);
      await bella.getByRole('button', { name: 'Completed…' }).click();
      await expect(bella.getByLabel('Balance taken (£)')).toHaveValue('45.00');
      await bella.getByRole('radio', { name: 'Card' }).check();
      await bella.getByRole('button', { name: 'Mark completed' }).click();
      await expect(page.getByText(`${done} marked completed.`)).toBeVisible();
      // The dialog stays to offer the next groom (decision 089): booked on the tablet, not now on the
      // phone: the same London time in the breed's usual weeks, nothing to pay online.
      const next = bella.getByRole('form', { name: /^Book the next groom: same time in \d+ weeks/ });
      await expect(next).toBeVisible();
      // Within the shop's horizon one visit fits (decision 101): no series to choose, just the one.
      await expect(next.getByRole('radio')).toHaveCount(0);
      await expect(next.getByRole('list', { name: 'The visits to book' }).getByRole('listitem')).toHaveCount(1);
      if (viewport.drag) {
        expect(await axeViolations(page), 'axe, the next groom').toEqual([]);
        await shot(page, `next-groom-${viewport.width}`);
        const heading = (await next.getByRole('heading').textContent()) ?? '';
        const when = /\((.+)\)$/.exec(heading)?.[1];
        expect(when, heading).toMatch(/, 10:00$/);
        await next.getByRole('button', { name: 'Book', exact: true }).click();
        await expect(page.getByText(`Booked ${done}'s next groom: ${when}.`, { exact: false })).toBeVisible();
      } else {
        await bella.getByRole('button', { name: 'Not now' }).click();
      }
      await expect(bella).toHaveCount(0);
      const doneCard = page.getByRole('button', { name: new RegExp(`${done}, Full Groom, Priya Shah, Done$`) });
      await expect(doneCard).toContainText('Paid £45.00 card');
      await expect(doneCard.getByText('Done', { exact: true })).toBeVisible();

      await page.getByRole('button', { name: new RegExp(`${noShow}, Full Groom, Tom Okafor`) }).click();
      await page
        .getByRole('dialog', { name: `${noShow} · Full Groom` })
        .getByRole('button', { name: 'No-show' })
        .click();
      await expect(page.getByText(`${noShow} marked a no-show.`)).toBeVisible();
      const otis = page.getByRole('button', { name: new RegExp(`${noShow}, Full Groom`) });
      await expect(otis).toContainText('No-show');
      await expect(otis).toHaveAccessibleName(/, No-show$/);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText(`Undone: ${noShow} is as before.`)).toBeVisible();
      await expect(otis).not.toContainText('No-show');
      await otis.click();
      await page
        .getByRole('dialog', { name: `${noShow} · Full Groom` })
        .getByRole('button', { name: 'No-show' })
        .click();
      await expect(otis).toContainText('No-show');
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `schedule-yesterday-${viewport.width}`);

      // ---- an afternoon blocked: online booking no longer offers it ---------------------------
      const blockDay = await ownDay(
        page.request,
        `staff-schedule: an afternoon blocked at ${viewport.name}`,
        'service=nails',
      );
      const afternoon = blockDay.slots.filter((s) => s.time >= '13:00');
      expect(afternoon.length).toBeGreaterThan(3);
      await page.getByLabel('Go to date').fill(blockDay.date);
      await page.getByRole('button', { name: 'Block time' }).click();
      const block = page.getByRole('dialog', { name: 'Block time' });
      await expect(block.getByLabel('Date')).toHaveValue(blockDay.date);
      // The afternoon to the day's closing (the seeded hours close at 18:00).
      await expect(block.getByLabel('From')).toHaveValue('13:00');
      await expect(block.getByLabel('To')).toHaveValue('18:00');
      await block.getByLabel('From').fill('13:00');
      await block.getByLabel('To').fill('23:00');
      await block.getByLabel('Reason (optional)').fill('Vet training');
      expect(await axeViolations(page)).toEqual([]);
      await block.getByRole('button', { name: 'Block this time' }).click();
      await expect(page.getByText(/13:00–23:00 is blocked: online booking no longer offers it\./)).toBeVisible();
      await expect(page.getByText('Blocked 13:00–23:00')).toBeVisible();
      const after = await page.request.get(`/v1.0.1/availability?service=nails&from=${blockDay.date}&days=1`);
      const slots = ((await after.json()) as { days: Array<{ slots: Array<{ time: string }> }> }).days[0]!.slots;
      expect(slots.filter((s) => s.time >= '13:00')).toEqual([]);
      expect(slots.length).toBeGreaterThan(0);

      // ---- the week, and both screens looked at -------------------------------------------
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      await shot(page, `schedule-day-${viewport.width}`);
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await expect(page.getByRole('heading', { name: /^Week of / })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `schedule-week-${viewport.width}`);

      // ---- the dashboard: today and tomorrow at a glance, the week's figures ------------------
      await page.goto('/management');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Takings this week' })).toBeVisible();
      // Each chart's figures as a table, one tap away.
      const takings = page.getByRole('region', { name: 'Takings this week' });
      await takings.getByText('Show the figures as a table').click();
      await expect(takings.getByRole('table', { name: /Takings by day/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      // Nothing runs past the screen's edge: no sideways scroll, every card inside the width.
      const fit = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        past: [...document.querySelectorAll<HTMLElement>('main *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
          .slice(0, 5),
      }));
      expect(fit.past).toEqual([]);
      expect(fit.scrollWidth).toBe(fit.clientWidth);
      await shot(page, `dashboard-${viewport.width}`);
      expect(violations).toEqual([]);
    });
  });
}

test('a time taken by someone else while the caller waits: refused by the same rule, said plainly, fresh times offered', async ({
  page,
  staffKey,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies([{ name: 'auth_key', value: staffKey, url: test.info().project.use.baseURL! }]);
  const day = await ownDay(page.request, 'staff-schedule: the last time taken', 'service=full');
  const taken = day.slots.at(-1)!;
  await page.goto(`/management/schedule?day=${day.date}`);
  await page.getByRole('button', { name: 'New phone booking' }).click();
  const booking = page.getByRole('dialog', { name: 'New phone booking' });
  const caller = visitor('race');
  await booking.getByLabel('New customer').check();
  await booking.getByLabel("Customer's name").fill(caller.name);
  await booking.getByLabel('Mobile number').fill(caller.phone);
  await booking.getByLabel("Dog's name").fill('Biscuit');
  await booking.getByLabel('Breed').selectOption('beagle');
  await booking.getByLabel('Weight (kg)').fill('10');
  await booking.getByLabel('Service').selectOption('full');
  await expect(booking.getByLabel('Date', { exact: true })).toHaveValue(day.date);
  await booking
    .getByRole('radiogroup', { name: /Free times on/ })
    .getByLabel(taken.time, { exact: true })
    .check();
  // Meanwhile both tables go, to two other callers.
  for (const n of [1, 2]) {
    const other = visitor(`race${n}`);
    const res = await page.request.post('/v1.0.1/management/bookings', {
      headers: { 'x-access-key': staffKey },
      data: {
        serviceId: 'full',
        start: taken.start,
        idempotencyKey: randomUUID(),
        customer: { name: other.name, phone: other.phone },
        dog: { name: `Rival ${n}`, breedId: 'pug', weightKg: 8, coat: 'short' },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await booking.getByRole('button', { name: 'Book and send the confirmation' }).click();
  await expect(
    booking.getByRole('alert').filter({ hasText: 'The free times below are fresh: choose another and book again.' }),
  ).toBeVisible();
  await expect(
    booking.getByRole('radiogroup', { name: /Free times on/ }).getByLabel(taken.time, { exact: true }),
  ).toHaveCount(0);
  // What was typed is kept: another time, and the booking is made.
  await expect(booking.getByLabel("Customer's name")).toHaveValue(caller.name);
  const other = day.slots.find((s) => s.start !== taken.start)!;
  await booking
    .getByRole('radiogroup', { name: /Free times on/ })
    .getByLabel(other.time, { exact: true })
    .check();
  await booking.getByRole('button', { name: 'Book and send the confirmation' }).click();
  await expect(
    page.getByText(new RegExp(`Booked Biscuit \\(${caller.name}\\) for Full Groom .* at ${other.time}`)),
  ).toBeVisible();
});
