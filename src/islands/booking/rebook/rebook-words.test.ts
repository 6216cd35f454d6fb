import { describe, expect, it } from 'vitest';
import { everyWords, proposalWords } from './rebook-words.ts';

const TZ = 'Europe/London';

describe('proposalWords', () => {
  it.each([
    {
      p: { kind: 'as_asked', start: '2027-01-12T10:00:00.000Z', date: '2027-01-12', time: '10:00' },
      want: { when: 'Tue 12 Jan, 10:00', note: null },
    },
    {
      p: {
        kind: 'moved',
        start: '2027-05-03T09:00:00.000Z',
        date: '2027-05-03',
        time: '10:00',
        asked: { date: '2027-05-04', time: '10:00' },
        why: 'full',
      },
      want: { when: 'Mon 3 May, 10:00', note: 'instead of Tue 4 May, 10:00: that time is taken' },
    },
    {
      p: { kind: 'none', asked: { date: '2027-12-28', time: '10:00' }, why: 'closure' },
      want: {
        when: 'Tue 28 Dec, 10:00',
        note: 'no free time within 3 days: the shop is closed that day. Not booked.',
      },
    },
    {
      p: { kind: 'none', asked: { date: '2027-12-28', time: '10:00' }, why: 'beyond_horizon' },
      want: { when: 'Tue 28 Dec, 10:00', note: 'that is further ahead than we take bookings. Not booked.' },
    },
  ] as const)('$p.kind, $p.why', ({ p, want }) => expect(proposalWords(p, TZ)).toEqual(want));

  it('names a series', () => expect(everyWords(6, 3)).toBe('Every 6 weeks, 3 visits'));
});
