import { describe, expect, it } from 'vitest';
import { wholeTicks } from './chart-ticks.ts';

describe('wholeTicks', () => {
  it.each([
    { largest: 0, ticks: [0, 1] },
    { largest: -3, ticks: [0, 1] },
    { largest: Number.NaN, ticks: [0, 1] },
    { largest: 0.4, ticks: [0, 1] },
    { largest: 1, ticks: [0, 1] },
    { largest: 1.15, ticks: [0, 1, 2] },
    { largest: 3, ticks: [0, 1, 2, 3] },
    { largest: 4, ticks: [0, 1, 2, 3, 4] },
    { largest: 5, ticks: [0, 2, 4, 6] },
    { largest: 7, ticks: [0, 2, 4, 6, 8] },
    { largest: 45.5, ticks: [0, 20, 40, 60] },
    { largest: 180, ticks: [0, 50, 100, 150, 200] },
    { largest: 1234, ticks: [0, 500, 1000, 1500] },
  ])('$largest → $ticks', ({ largest, ticks }) => {
    expect(wholeTicks(largest)).toEqual(ticks);
  });

  it('never repeats a label nor gives a fraction', () => {
    for (let n = 0; n <= 2000; n += 0.25) {
      const ticks = wholeTicks(n);
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(n);
      expect(ticks.length).toBeLessThanOrEqual(5);
    }
  });
});
