import { describe, expect, it } from 'vitest';
import { shouldTextCode, textBudgetState } from './abuse-limits.ts';

describe('shouldTextCode', () => {
  it.each([
    // Within the counts: texted.
    [{ live: 0, textedThisHour: 0, textedToday: 0 }, true],
    [{ live: 2, textedThisHour: 2, textedToday: 5 }, true],
    // Past them, with a code live on the phone: answered the same, not texted.
    [{ live: 1, textedThisHour: 3, textedToday: 3 }, false],
    [{ live: 1, textedThisHour: 0, textedToday: 6 }, false],
    [{ live: 3, textedThisHour: 3, textedToday: 6 }, false],
    // Past them with nothing live: the owner still gets a code (the budget bounds it).
    [{ live: 0, textedThisHour: 3, textedToday: 3 }, true],
    [{ live: 0, textedThisHour: 9, textedToday: 40 }, true],
  ])('%o → %s', (counts, texted) => {
    expect(shouldTextCode(counts)).toBe(texted);
  });
});

describe('textBudgetState', () => {
  it.each([
    [0, 200, { used: 0, budget: 200, near: false, spent: false }],
    [159, 200, { used: 159, budget: 200, near: false, spent: false }],
    [160, 200, { used: 160, budget: 200, near: true, spent: false }],
    [199, 200, { used: 199, budget: 200, near: true, spent: false }],
    [200, 200, { used: 200, budget: 200, near: true, spent: true }],
    [250, 200, { used: 200, budget: 200, near: true, spent: true }],
    [0, 0, { used: 0, budget: 0, near: true, spent: true }],
    [-3, 5, { used: 0, budget: 5, near: false, spent: false }],
  ])('%i of %i', (used, budget, state) => {
    expect(textBudgetState(used, budget)).toEqual(state);
  });
});
