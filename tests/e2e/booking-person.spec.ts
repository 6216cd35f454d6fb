import { expect, test } from '@playwright/test';
import { InteractionCounter, mobile, visitor } from './booking-helpers.ts';

/**
 * A booking at a person's pace, from /book: 100 ms between keys, and a pause on each step to read
 * it before answering. It prints how long the booking took and how many interactions it needed (a
 * person should need well under a minute). It asserts the booking, not the time: this machine's
 * speed is not the visitor's.
 */
test.use({ viewport: mobile, hasTouch: true });
// A measurement, not a check: it runs with `npm run bench:booking-person`, not in `npm test`, where its
// 40 s of deliberate pauses would only lengthen CI.
test.skip(!process.env.MEASURE_PERSON, 'a measurement: npm run bench:booking-person');

const KEY_DELAY_MS = 100;
const READING_PAUSE_MS = 1500;

test('a person books from /book: the time it takes and the interactions, printed', async ({ page }) => {
  test.setTimeout(120_000);
  const me = visitor('person');
  const act = new InteractionCounter(page);
  const steps: string[] = [];
  const started = Date.now();
  let stepStarted = started;
  const stepDone = (name: string) => {
    const now = Date.now();
    steps.push(`${name}: ${((now - stepStarted) / 1000).toFixed(1)} s`);
    stepStarted = now;
  };
  const read = () => page.waitForTimeout(READING_PAUSE_MS);

  await page.goto('/book');
  await expect(page.getByRole('radio', { name: /Full Groom/ })).toBeVisible();
  await read();
  await act.click(page.getByText('Full Groom', { exact: true }).first(), 'Full Groom');
  await act.click(page.getByRole('button', { name: 'Next' }), 'next');
  stepDone('service');

  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await read();
  await act.fill(page.getByLabel("Your dog's name"), 'Bella', 'dog name', KEY_DELAY_MS);
  await act.fill(page.getByRole('combobox', { name: 'Breed' }), 'cocka', 'breed search', KEY_DELAY_MS);
  await act.click(page.getByRole('option', { name: 'Cockapoo' }), 'breed');
  await act.fill(page.getByLabel('Weight'), '9.5', 'weight', KEY_DELAY_MS);
  await expect(page.getByRole('radio', { name: /Medium/ })).toBeChecked();
  await act.click(page.getByRole('button', { name: 'Next' }), 'next');
  stepDone('your dog');

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  const firstTime = page.locator('.times-grid button').first();
  await expect(firstTime).toBeVisible();
  await read();
  await act.click(firstTime, 'first free time');
  stepDone('date and time');

  await expect(page.getByRole('heading', { name: /You$/ })).toBeVisible();
  await read();
  await act.fill(page.getByLabel('Your name'), me.name, 'owner name', KEY_DELAY_MS);
  await act.fill(page.getByLabel('UK mobile'), me.phone, 'mobile', KEY_DELAY_MS);
  await act.fill(page.getByRole('textbox', { name: 'E-mail' }), me.email, 'e-mail', KEY_DELAY_MS);
  await act.click(page.getByRole('button', { name: 'Agree and continue' }), 'agree and continue');
  stepDone('you');

  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await read();
  await act.click(page.getByRole('button', { name: 'Confirm booking' }), 'confirm');
  await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
  stepDone('review and confirm');

  const seconds = (Date.now() - started) / 1000;
  console.log(
    [
      `person-paced booking from /book: ${seconds.toFixed(1)} s, ${act.count} interactions`,
      `(${KEY_DELAY_MS} ms between keys, ${READING_PAUSE_MS / 1000} s reading each of 5 steps; a person should need under 60 s)`,
      ...steps.map((s) => `  ${s}`),
      ...act.log.map((l) => `  - ${l}`),
    ].join('\n'),
  );
  await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
});
