import { describe, expect, it } from 'vitest';
import { mergeFreedRanges } from './time-freed.ts';

const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
const range = ([start, end]: [string, string]) => ({ start: at(start), end: at(end) });

describe('mergeFreedRanges', () => {
  it.each<{ name: string; given: [string, string][]; merged: [string, string][] }>([
    { name: 'nothing', given: [], merged: [] },
    { name: 'one range', given: [['10:00', '11:00']], merged: [['10:00', '11:00']] },
    {
      name: 'apart, given out of order',
      given: [
        ['14:00', '15:00'],
        ['10:00', '11:00'],
      ],
      merged: [
        ['10:00', '11:00'],
        ['14:00', '15:00'],
      ],
    },
    {
      name: 'touching: one room of two hours',
      given: [
        ['10:00', '11:00'],
        ['11:00', '12:00'],
      ],
      merged: [['10:00', '12:00']],
    },
    {
      name: 'overlapping (two dogs side by side)',
      given: [
        ['10:00', '11:45'],
        ['10:00', '11:00'],
      ],
      merged: [['10:00', '11:45']],
    },
    {
      name: 'one inside another, then one after a gap',
      given: [
        ['09:00', '17:00'],
        ['10:00', '11:00'],
        ['17:05', '17:30'],
      ],
      merged: [
        ['09:00', '17:00'],
        ['17:05', '17:30'],
      ],
    },
  ])('$name', ({ given, merged }) => {
    const input = given.map(range);
    const copy = structuredClone(input);
    expect(mergeFreedRanges(input)).toEqual(merged.map(range));
    expect(input).toEqual(copy);
  });
});
