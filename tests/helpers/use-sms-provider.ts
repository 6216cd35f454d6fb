import { afterAll, beforeAll } from 'vitest';
import { startSmsProvider } from './sms-provider.ts';

export type SmsProvider = Awaited<ReturnType<typeof startSmsProvider>>;

/**
 * A text provider for the tests of one suite: started before them and set as SMS_PROVIDER_URL on a
 * new `process.env` object (so the validated environment, src/server/env.ts, is read again), then
 * the environment put back and the provider stopped. `started` receives it, to read its inbox.
 */
export function useSmsProvider(started: (provider: SmsProvider) => void): void {
  const unconfigured = process.env;
  let provider: SmsProvider | undefined;
  beforeAll(async () => {
    provider = await startSmsProvider();
    process.env = { ...unconfigured, SMS_PROVIDER_URL: provider.url };
    started(provider);
  });
  afterAll(async () => {
    process.env = unconfigured;
    await provider?.stop();
  });
}
