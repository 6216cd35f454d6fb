import { describe, expect, it } from 'vitest';
import { extraLabel, toggleExtra } from './extras.ts';

describe('an extra as the dog step offers it', () => {
  it.each([
    [{ title: 'Nail grinding', pricePence: 500, durationMin: 10 }, 'Nail grinding, +£5, 10 min'],
    [{ title: 'De-shedding boost', pricePence: 1250, durationMin: 20 }, 'De-shedding boost, +£12.50, 20 min'],
    [{ title: 'Bandana', pricePence: 300, durationMin: 0 }, 'Bandana, +£3'],
    [{ title: 'Ear clean', pricePence: 0, durationMin: 5 }, 'Ear clean, free, 5 min'],
    [{ title: 'Spa', pricePence: 150000, durationMin: 75 }, 'Spa, +£1,500, 1 h 15 min'],
  ])('%j reads %s', (extra, label) => expect(extraLabel(extra)).toBe(label));
});

describe('ticking and unticking extras', () => {
  const offered = [{ id: 'nail-grind' }, { id: 'teeth' }, { id: 'bandana' }];
  it.each([
    [[], 'teeth', true, ['teeth']],
    [['bandana'], 'nail-grind', true, ['nail-grind', 'bandana']],
    [['nail-grind', 'teeth'], 'teeth', false, ['nail-grind']],
    [['teeth'], 'teeth', true, ['teeth']],
    [[], 'teeth', false, []],
    // One the service no longer offers (another service was chosen) is dropped, never sent.
    [['flea-bath', 'teeth'], 'bandana', true, ['teeth', 'bandana']],
  ] as const)('%j, %s ticked %s → %j', (chosen, id, on, expected) =>
    expect(toggleExtra(chosen, offered, id, on)).toEqual(expected),
  );
});
