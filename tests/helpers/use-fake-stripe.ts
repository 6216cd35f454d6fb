import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';

/**
 * The fake Stripe for one test file: started before its tests, with the SDK pointed at it
 * (STRIPE_API_BASE), and closed after. `started` receives it for the tests that look inside it.
 * Apart from fake-stripe.ts, which `npm start`'s stand-in also loads, so that it never loads vitest.
 */
export function useFakeStripe(started?: (stripe: FakeStripe) => void): void {
  let stripe: FakeStripe | undefined;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    process.env.STRIPE_API_BASE = stripe.base;
    started?.(stripe);
  });
  afterAll(() => stripe?.close());
}
