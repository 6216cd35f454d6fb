import { describe, expect, it } from 'vitest';
import { stripeTestKeyProblem } from './smoke.ts';

describe('the smoke books only with a Stripe test key', () => {
  it.each([
    ['sk_test_51Habc', null],
    ['rk_test_51Habc', null],
    ['sk_live_51Habc', 'live key'],
    ['rk_live_51Habc', 'live key'],
    ['pk_test_51Habc', 'not a Stripe test key'],
    ['whsec_abc', 'not a Stripe test key'],
    ['', 'not set'],
    [undefined, 'not set'],
  ])('%s → %s', (key, problem) => {
    const answer = stripeTestKeyProblem(key);
    if (problem === null) expect(answer).toBeNull();
    else expect(answer).toContain(problem);
  });
});
