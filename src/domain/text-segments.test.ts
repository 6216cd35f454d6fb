import { describe, expect, it } from 'vitest';
import { textSegments } from './text-segments.ts';

describe('textSegments', () => {
  it.each([
    ['', 1],
    ['a'.repeat(160), 1],
    ['a'.repeat(161), 2],
    ['a'.repeat(306), 2],
    ['a'.repeat(307), 3],
    // An extension character takes two septets.
    [`${'a'.repeat(159)}€`, 2],
    [`${'a'.repeat(158)}€`, 1],
    // £ and é are in the GSM-7 alphabet; ł and an emoji are not (UCS-2: 70, then 67 a segment).
    [`£${'é'.repeat(159)}`, 1],
    [`ł${'a'.repeat(69)}`, 1],
    [`ł${'a'.repeat(70)}`, 2],
    [`🐶${'a'.repeat(132)}`, 2],
    [`🐶${'a'.repeat(133)}`, 3],
  ])('%j is %i segment(s)', (text, segments) => expect(textSegments(text)).toBe(segments));
});
