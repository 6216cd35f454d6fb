import { describe, expect, it } from 'vitest';
import { roundStars, starFill } from './stars.ts';

describe('roundStars (0 to 5, rounding up to the increment)', () => {
  it.each([
    [0, 1, 0],
    [-2, 1, 0],
    [0.01, 1, 1],
    [1, 1, 1],
    [1.2, 1, 2],
    [2.0000000001, 1, 2],
    [4.5, 1, 5],
    [7, 1, 5],
    [Number.NaN, 1, 0],
    [1.2, 0.5, 1.5],
    [1.5, 0.5, 1.5],
    [1.51, 0.5, 2],
    [0.3, 0.25, 0.5],
    [3.3, 0.1, 3.3],
    [2.3, 0, 3],
  ])('%d with increment %d is %d', (value, increment, expected) => {
    expect(roundStars(value, increment)).toBe(expected);
  });
});

describe('starFill', () => {
  it.each([
    [3, 0, 1],
    [3, 2, 1],
    [3, 3, 0],
    [2.5, 2, 0.5],
    [0, 0, 0],
  ])('value %d fills star %d by %d', (value, index, fill) => {
    expect(starFill(value, index)).toBeCloseTo(fill);
  });
});
