import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/browser.ts';
import { pastVisitsDay } from './scripts/lib/e2e-fixtures.ts';
import { E2E_PORT as port, SMS_PORT, SMS_PROVIDER_URL } from './tests/e2e/ports.ts';

// Once for the run, in the runner: its workers and the server inherit it (scripts/lib/e2e-fixtures.ts).
process.env.E2E_PAST_DAY ??= pastVisitsDay();

const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries: the functions run in process and answer in milliseconds, so a test that fails has a
  // cause to find (docs/decisions/035-e2e-on-the-local-emulation.md).
  retries: 0,
  reporter: process.env.CI ? [['dot']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    // Off unless asked for (`npm test -- e2e --trace on`): recording every test's trace, even to keep
    // only the failures', cost the suite a quarter of its browser time (docs/decisions/035).
    trace: 'off',
    launchOptions: { executablePath: findChromium('tests'), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node scripts/serve-test.ts',
      url: `${baseURL}/`,
      // Every test browses from 127.0.0.1: one client to the per-address limits of /magic and of
      // bookings. Lift them so parallel tests are never refused; the limits are tested in tests/integration.
      // Texts go to a fake provider (below), whose inbox the staff sign-in tests read.
      env: {
        PORT: String(port),
        MAGIC_RATE_LIMIT_PER_MINUTE: '1000000',
        BOOKING_RATE_LIMIT_PER_HOUR: '1000000',
        // Every run texts many codes and confirmations; the day's budget has its own tests.
        TEXT_BUDGET_PER_DAY: '1000000',
        SMS_PROVIDER_URL,
        E2E_PAST_DAY: process.env.E2E_PAST_DAY,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: 'node tests/helpers/sms-provider-server.ts',
      url: SMS_PROVIDER_URL,
      env: { PORT: String(SMS_PORT) },
      reuseExistingServer: false,
      timeout: 15_000,
    },
  ],
});
