import { expect, test, type Page } from '@playwright/test';
import { mobile, visitor } from './booking-helpers.ts';

/**
 * The privacy banner is open until the visitor answers it, and they need not answer it to book. At
 * 390 px it sits over the bottom of the page: no field the keyboard reaches may be behind it, nor
 * behind the sticky header (WCAG 2.4.11, focus not obscured). Each step of /book is walked with Tab
 * from its heading to the end of the form, and every focused element must be wholly clear of both.
 */
test.use({ viewport: mobile });

interface Focused {
  what: string;
  inForm: boolean;
  covered: string | null;
}

/** What has the focus, and what (banner or header) overlaps the box the visitor sees for it. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', inForm: false, covered: null };
    // A radio button or checkbox drawn by its label: the label is what the visitor sees focused.
    let box = el.getBoundingClientRect();
    if ((box.width < 4 || box.height < 4) && 'labels' in el) {
      const label = (el as HTMLInputElement).labels?.[0];
      if (label) box = label.getBoundingClientRect();
    }
    const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const inForm = Boolean(el.closest('.booking'));
    const overlap = (other: Element | null) => {
      if (!other || (other as HTMLElement).hidden) return false;
      const r = other.getBoundingClientRect();
      return r.height > 0 && box.top < r.bottom && box.bottom > r.top && box.left < r.right && box.right > r.left;
    };
    const covered = overlap(document.getElementById('privacy-banner'))
      ? 'the privacy banner'
      : overlap(document.querySelector('.site-header, header[role="banner"], body > header'))
        ? 'the header'
        : null;
    return { what, inForm, covered };
  });
}

/** Tabs from the step's heading through every stop in the form; returns what was focused. */
async function tabThroughStep(page: Page, heading: RegExp | string): Promise<string[]> {
  await page.getByRole('heading', { name: heading }).focus();
  const seen: string[] = [];
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now.inForm) {
      expect(seen.length, `Tab found stops in the step ${heading}`).toBeGreaterThan(0);
      return seen;
    }
    expect(now.covered, `${now.what} is covered by ${now.covered}`).toBeNull();
    seen.push(now.what);
  }
  throw new Error(`Tab never left the step ${heading}`);
}

test('at 390 px with the privacy banner open, no focused field of /book is hidden, and booking needs no answer to it', async ({
  page,
}) => {
  const me = visitor('banner');
  const banner = page.getByRole('region', { name: 'Privacy choices' });
  await page.goto('/book');
  await expect(banner).toBeVisible();

  await tabThroughStep(page, 'Step 1 of 5: Service');
  await page.getByRole('radio', { name: /Full Groom/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
  await page.getByLabel("Your dog's name").fill('Tilly');
  await page.getByRole('combobox', { name: 'Breed' }).fill('zzz');
  await page.getByRole('option', { name: 'None/Other' }).click();
  await page.getByLabel('Weight').fill('8');
  await page.locator('label[for="f-coat-long"]').click();
  await tabThroughStep(page, /Your dog/);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
  await expect(page.locator('.times-grid button').first()).toBeVisible();
  await tabThroughStep(page, /Date and time/);
  await page.locator('.times-grid button').first().click();

  await expect(page.getByRole('heading', { name: /You$/ })).toBeVisible();
  await page.getByLabel('Your name').fill(me.name);
  await page.getByLabel('UK mobile').fill(me.phone);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(me.email);
  await tabThroughStep(page, /You$/);
  await page.getByRole('button', { name: 'Agree and continue' }).click();

  await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
  await tabThroughStep(page, /Review and confirm/);

  // The banner is still open and still unanswered: the form never asked for it.
  await expect(banner).toBeVisible();
});
