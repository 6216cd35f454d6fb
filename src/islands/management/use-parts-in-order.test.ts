import { describe, expect, it } from 'vitest';
import { partsShown } from './use-parts-in-order.ts';

describe('partsShown', () => {
  it.each([
    { before: 0, answered: [], shown: 0 },
    { before: 0, answered: [false, false], shown: 0 },
    // The part below answered first: it waits for the one above it.
    { before: 0, answered: [false, true], shown: 0 },
    { before: 0, answered: [true, false], shown: 1 },
    { before: 0, answered: [true, true], shown: 2 },
    { before: 1, answered: [true, true, false], shown: 2 },
    // A retry empties the first part again: what was shown stays.
    { before: 2, answered: [false, true], shown: 2 },
    { before: 1, answered: [false, false, true], shown: 1 },
  ])('$answered after $before shown: $shown', ({ before, answered, shown }) => {
    expect(partsShown(before, answered)).toBe(shown);
  });
});
