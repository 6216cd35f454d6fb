import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence, penceFromPounds, poundsFromPence } from './money.ts';

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

  // Up to £10 billion: beyond that, pence / 100 is not exact in floating point and Intl rounds it.
  it('says what Intl says for pounds sterling in en-GB, for any whole number of pence', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const pence = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1e12, max: 1e12 }));
    fc.assert(
      fc.property(pence, (p) => formatPence(p) === gbp.format(p / 100)),
      { numRuns: 20_000 },
    );
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

describe('penceFromPounds', () => {
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    ['45.50', 4550],
    ['£45.05', 4505],
    [' 0 ', 0],
    ['1,234.56', 123456],
    ['0.99', 99],
    ['-5', null],
    ['45.555', null],
    ['abc', null],
    ['', null],
    ['4 5', null],
    ['1e3', null],
    ['12,34', null],
  ])('%j → %s', (text, pence) => expect(penceFromPounds(text)).toBe(pence));
});
