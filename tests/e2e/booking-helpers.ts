import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Counts what a visitor does to book. An interaction is:
 *  - a click (tap) on anything;
 *  - typing one value into one field (however many characters, and the tap or Tab that reached the
 *    field is not counted again): one answer, one interaction;
 *  - a key press that changes a value or moves between steps (Enter on a button or an option, an
 *    arrow that changes a choice).
 * Tab and Shift+Tab only move the focus and are not counted; neither is scrolling.
 */
export class InteractionCounter {
  count = 0;
  readonly log: string[] = [];
  private readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  private note(what: string) {
    this.count += 1;
    this.log.push(what);
  }

  async click(locator: Locator, what: string) {
    this.note(`click ${what}`);
    await locator.click();
  }

  /** Tap a field and type a value: one interaction. `delay` between keys, in ms. */
  async fill(locator: Locator, value: string, what: string, delay = 5) {
    this.note(`type ${what}`);
    await locator.click();
    await locator.pressSequentially(value, { delay });
  }

  /** Keyboard only: type into the focused field. */
  async type(value: string, what: string) {
    this.note(`type ${what}`);
    await this.page.keyboard.type(value, { delay: 5 });
  }

  async press(key: string, what: string) {
    this.note(`${key} ${what}`);
    await this.page.keyboard.press(key);
  }

  /** Tab (not counted) until the element matching `selector` has the focus. */
  async tabTo(selector: string, max = 60) {
    for (let i = 0; i < max; i++) {
      const there = await this.page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
      if (there) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${selector}`);
  }
}

export const mobile = { width: 390, height: 844 };

let visitors = 0;
/**
 * A valid visitor with a number no other test of this run uses (each worker its own digit, then a
 * count): a number may book only a few times a day (decision 052), and its texts are capped when it
 * never proved itself, so one test's bookings never change what another's phone receives.
 */
export function visitor(tag: string) {
  visitors++;
  // Ofcom's numbers for drama (07700 900000–900999): never anybody's phone.
  const n = `${Number(process.env.TEST_WORKER_INDEX ?? 0) % 10}${String(visitors % 100).padStart(2, '0')}`;
  return { name: `Sam ${tag}`, phone: `07700 900${n}`, email: `sam.${tag}.${n}@example.com` };
}

/**
 * The calendar's button for `date`, shown as a visitor shows it: "Show later dates" until it is there.
 * The picker opens on four weeks from today, so whether a test's own day (tests/e2e/own-days.ts) is on
 * the first page depends on the day the suite runs: on Monday 7 December 2026 the 19th open day from
 * the day after tomorrow was 4 January, a day past the first page (issue 28). Bounded by the horizon:
 * past it the button is gone, and the test fails saying so.
 */
export async function calendarDay(page: Page, date: string): Promise<Locator> {
  const day = page.locator(`.calendar-day[data-date="${date}"]`);
  const days = page.locator('.calendar .calendar-day');
  const later = page.getByRole('button', { name: 'Show later dates' });
  await expect(days.first()).toBeVisible();
  while ((await day.count()) === 0) {
    await expect(later, `${date} within the shop's horizon`).toBeEnabled();
    const shown = await days.count();
    await later.click();
    await expect.poll(() => days.count(), { message: 'the later dates arrive' }).toBeGreaterThan(shown);
  }
  return day;
}
