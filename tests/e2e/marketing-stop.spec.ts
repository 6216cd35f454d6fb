import { expect, test } from '@playwright/test';
import { axeViolations, WCAG_22_AA } from './axe.ts';
import { E2E_OPT_OUT_TOKEN } from '../../scripts/lib/e2e-fixtures.ts';
import { mobile } from './booking-helpers.ts';

test.use({ viewport: mobile });

/**
 * /stop/{token}, the one-tap opt-out (docs/decisions/090), at 390 px with axe, against the real
 * function: an unknown token, then the token the end-to-end server seeds for an owner who said yes
 * (scripts/lib/e2e-fixtures.ts). The page POSTs the token on load (never a GET that writes, which
 * mail scanners would fetch) and says it is done, the second time too: the opt-out is idempotent.
 */
test('the opt-out page stops on load by POST, says it is done, and says so again on a second visit', async ({
  page,
}) => {
  await page.goto(`/stop/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: "We can't find that link" })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'hello@leytondoggrooming.co.uk' })).toBeVisible();
  expect(await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'] }), 'axe, unknown link').toEqual([]);

  const asked: { method: string; body: unknown; status?: number }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (!request.url().endsWith('/v1.0.1/marketing/opt-out')) return;
    asked.push({ method: request.method(), body: request.postDataJSON(), status: response.status() });
  });
  for (const visit of [1, 2]) {
    await page.goto(`/stop/${E2E_OPT_OUT_TOKEN}`);
    await expect(
      page.getByRole('heading', {
        name: "Done: we won't send you any more offers, grooming nudges or review requests",
      }),
      `visit ${visit}`,
    ).toBeVisible();
  }
  expect(asked).toEqual([1, 2].map(() => ({ method: 'POST', body: { token: E2E_OPT_OUT_TOKEN }, status: 200 })));
  expect(await axeViolations(page, { tags: [...WCAG_22_AA, 'best-practice'] }), 'axe, done').toEqual([]);
});
