import { describe, expect, it } from 'vitest';
import { textSegments } from './text-segments.ts';
import {
  mayMoveStage,
  nextStage,
  partyReached,
  previousStage,
  stageSentence,
  stageText,
  type OwnerStage,
  type StageMove,
} from './visit-stages.ts';

const MOVES: Array<StageMove & { name: string; allowed: boolean; changed?: boolean; says?: RegExp }> = [
  { name: 'one tap on', attendance: 'arrived', from: 'checked_in', to: 'bath', allowed: true, changed: true },
  { name: 'several stages on', attendance: 'arrived', from: 'bath', to: 'ready', allowed: true, changed: true },
  { name: 'ready soon to ready', attendance: 'arrived', from: 'ready_soon', to: 'ready', allowed: true, changed: true },
  { name: 'undo one mis-tap', attendance: 'arrived', from: 'dry', to: 'bath', allowed: true, changed: true },
  { name: 'undo back to checked in', attendance: 'arrived', from: 'bath', to: 'checked_in', allowed: true },
  {
    name: 'a double tap changes nothing',
    attendance: 'arrived',
    from: 'ready',
    to: 'ready',
    allowed: true,
    changed: false,
  },
  { name: 'two back', attendance: 'arrived', from: 'finishing', to: 'bath', allowed: false, says: /one step back/ },
  { name: 'ready to checked in', attendance: 'arrived', from: 'ready', to: 'checked_in', allowed: false },
  {
    name: 'back after completed',
    attendance: 'completed',
    from: 'ready',
    to: 'finishing',
    allowed: false,
    says: /completed/,
  },
  {
    name: 'on after completed',
    attendance: 'completed',
    from: 'finishing',
    to: 'ready',
    allowed: false,
    says: /completed/,
  },
  {
    name: 'not checked in',
    attendance: null,
    from: 'checked_in',
    to: 'bath',
    allowed: false,
    says: /Check the dog in/,
  },
  { name: 'a no-show', attendance: 'no_show', from: 'checked_in', to: 'bath', allowed: false, says: /no-show/ },
];

describe('mayMoveStage', () => {
  it.each(MOVES)('$name', ({ name: _name, allowed, changed, says, ...move }) => {
    const decision = mayMoveStage(move);
    expect(decision.allowed).toBe(allowed);
    if (decision.allowed && changed !== undefined) expect(decision.changed).toBe(changed);
    if (!decision.allowed && says) expect(decision.message).toMatch(says);
  });
});

describe('next and previous', () => {
  it.each([
    ['checked_in', 'bath', null],
    ['bath', 'dry', 'checked_in'],
    ['finishing', 'ready_soon', 'dry'],
    ['ready_soon', 'ready', 'finishing'],
    ['ready', null, 'ready_soon'],
  ] as const)('%s → %s, back %s', (stage, next, back) => {
    expect(nextStage(stage)).toBe(next);
    expect(previousStage(stage)).toBe(back);
  });
});

describe('partyReached', () => {
  it.each<[string, 'ready_soon' | 'ready', OwnerStage[], boolean]>([
    ['a dog alone', 'ready', ['ready'], true],
    ['a dog alone, not yet', 'ready', ['ready_soon'], false],
    ['the last of two', 'ready', ['ready', 'ready'], true],
    ['one still drying', 'ready', ['ready', 'dry'], false],
    ['one already collected', 'ready', ['completed', 'ready'], true],
    ['ready counts as past ready soon', 'ready_soon', ['ready', 'ready_soon'], true],
    ['nobody', 'ready', [], false],
  ])('%s', (_name, stage, dogs, expected) => {
    expect(partyReached(stage, dogs)).toBe(expected);
  });
});

describe('the words', () => {
  it.each<[OwnerStage, string[], string]>([
    ['bath', ['Rex'], 'Rex is in the bath.'],
    ['ready', ['Rex', 'Bella'], 'Rex and Bella are ready to collect.'],
    ['ready_soon', ['Rex', 'Bella', 'Mo'], 'Rex, Bella and Mo are ready to collect in about 15 minutes.'],
    ['checked_in', [], 'Your dog is checked in and settling in.'],
  ])('%s for %j', (stage, names, sentence) => {
    expect(stageSentence(stage, names)).toBe(sentence);
  });

  it('keeps each text to one segment for ordinary names, with no marketing', () => {
    const link = 'https://leytondoggrooming.co.uk/b/Xk3v9QeR2mT7wZp1aB4cD8';
    for (const stage of ['ready_soon', 'ready'] as const) {
      const text = stageText(stage, 'Leyton Dog Grooming', ['Biscuit'], link);
      expect(textSegments(text)).toBe(1);
      expect(text).not.toMatch(/offer|discount|book again|review/i);
    }
  });
});
