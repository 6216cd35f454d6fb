import { describe, expect, it } from 'vitest';
import { afterRefusal } from './use-code-proof.ts';

describe('afterRefusal', () => {
  it.each([
    ['phone_code_wrong', 'retype'],
    ['phone_code_expired', 'resend'],
    ['rate_limited', 'keep'],
    [null, 'keep'],
  ] as const)('%s → %s', (code, next) => {
    expect(afterRefusal(code)).toBe(next);
  });
});
