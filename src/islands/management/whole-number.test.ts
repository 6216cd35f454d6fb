import { describe, expect, it } from 'vitest';
import { wholeIn } from './whole-number.ts';

describe('wholeIn', () => {
  it.each([
    ['5', 5],
    ['600', 600],
    ['4', null],
    ['601', null],
    ['7.5', null],
    ['ten', null],
    ['', null],
    [' 60 ', 60],
  ])('%j from 5 to 600 → %s', (text, n) => expect(wholeIn(text, 5, 600)).toBe(n));
  it('an empty field is 0 where 0 is allowed', () => expect(wholeIn('', 0, 336)).toBe(0));
});
