import { describe, expect, it } from 'vitest';
import { formatPence, poundsFromPence } from './money.ts';

describe('formatPence', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [4500, '£45.00'],
    [123456, '£1,234.56'],
    [-500, '-£5.00'],
  ])('%i pence is %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it('refuses fractions of a penny', () => {
    expect(() => formatPence(10.5)).toThrow(RangeError);
  });
});

describe('poundsFromPence', () => {
  it.each([
    [0, '0.00'],
    [7, '0.07'],
    [4500, '45.00'],
    [4599, '45.99'],
    [-250, '-2.50'],
  ])('%i pence is %s', (pence, text) => {
    expect(poundsFromPence(pence)).toBe(text);
  });
});
