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
    ['45', 4500], ['45.5', 4550], ['45.50', 4550], ['£45.05', 4505], [' 0 ', 0], ['1,234.56', 123456], ['0.99', 99],
    ['-5', null], ['45.555', null], ['abc', null], ['', null], ['4 5', null], ['1e3', null], ['12,34', null],
  ])('%j → %s', (text, pence) => expect(penceFromPounds(text)).toBe(pence));
});
