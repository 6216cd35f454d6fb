import { test as base } from '@playwright/test';

/**
 * The client tests' `test`: every page gets the spec's API timeouts stretched twentyfold, because the
 * local emulator (a fresh worker per function call) can miss a 1 s budget on a busy machine. The tests
 * of the timeouts themselves use `test` from '@playwright/test' directly.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      (globalThis as { __API_TIMEOUT_SCALE__?: number }).__API_TIMEOUT_SCALE__ = 20;
    });
    await use(page);
  },
});
export { expect } from '@playwright/test';
