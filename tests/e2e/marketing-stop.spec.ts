import { expect, test } from '@playwright/test';
import { axeViolations, WCAG_22_AA } from './axe.ts';
import { mobile } from './booking-helpers.ts';

test.use({ viewport: mobile });

/**
 * /stop/{token}, the one-tap opt-out (docs/decisions/090), at 390 px with axe. An unknown token goes to
 * the real function; a real token needs a nudge written N weeks after a visit, which only the
 * integration test (tests/integration/due-for-groom.test.ts) can make, so here the answer to a good
 * one is the function's own, given by the page's route: what this proves is the page (a POST of the
 * token on load, never a GET that writes, and what it says, the second time too).
 */
test('the opt-out page stops on load by POST, says it is done, and says so again on a second visit', async ({
  page,
}) => {
  await page.goto(`/stop/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: "We can't find that link" })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'hello@leytondoggrooming.co.uk' })).toBeVisible();
  expect(await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'] }), 'axe, unknown link').toEqual([]);

  const token = 'B'.repeat(43);
  const asked: { method: string; body: unknown }[] = [];
  await page.route('**/v1.0.1/marketing/opt-out', async (route) => {
    asked.push({ method: route.request().method(), body: route.request().postDataJSON() });
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":"opted_out"}' });
  });
  for (const visit of [1, 2]) {
    await page.goto(`/stop/${token}`);
    await expect(
      page.getByRole('heading', { name: "Done: we won't send you any more offers or grooming nudges" }),
      `visit ${visit}`,
    ).toBeVisible();
  }
  expect(asked.length).toBeGreaterThanOrEqual(2);
  for (const call of asked) expect(call).toEqual({ method: 'POST', body: { token } });
  expect(await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'] }), 'axe, done').toEqual([]);
});
