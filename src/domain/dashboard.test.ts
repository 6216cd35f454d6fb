import { describe, expect, it } from 'vitest';
import { campaignSourceFor } from './api.ts';
import { changeAgainst, channelOf, conversionPercent, firstDays } from './dashboard.ts';

describe('channelOf', () => {
  it.each([
    { ids: { gclid: 'abc' }, channel: 'google ads' },
    { ids: { fbclid: 'abc' }, channel: 'facebook ads' },
    { ids: { gclid: 'abc', fbclid: 'def' }, channel: 'google ads' },
    { ids: {}, channel: 'direct' },
  ])('a visit with $ids is $channel', ({ ids, channel }) => {
    expect(channelOf(campaignSourceFor(ids))).toBe(channel);
  });
  it.each([
    [null, 'direct'],
    ['', 'direct'],
    ['newsletter', 'other'],
    ['google ads', 'google ads'],
  ] as const)('%j → %s', (source, channel) => {
    expect(channelOf(source)).toBe(channel);
  });
});

describe('conversionPercent', () => {
  it.each([
    { visits: 0, bookings: 0, expected: null },
    { visits: 0, bookings: 3, expected: null },
    { visits: 200, bookings: 7, expected: 3.5 },
    { visits: 3, bookings: 1, expected: 33.3 },
    { visits: 10, bookings: 10, expected: 100 },
  ])('$bookings of $visits → $expected', ({ visits, bookings, expected }) =>
    expect(conversionPercent(visits, bookings)).toBe(expected),
  );
});

describe('changeAgainst', () => {
  it.each([
    { now: 12000, before: 10000, expected: { direction: 'up', percent: 20 } },
    { now: 8000, before: 10000, expected: { direction: 'down', percent: 20 } },
    { now: 5000, before: 5000, expected: { direction: 'level', percent: 0 } },
    { now: 5000, before: 0, expected: { direction: 'up', percent: null } },
    { now: 0, before: 0, expected: { direction: 'level', percent: null } },
  ])('$now against $before', ({ now, before, expected }) => expect(changeAgainst(now, before)).toEqual(expected));
});

describe('firstDays', () => {
  const week = [100, 200, 300, 400, 500, 600, 0];
  it.each([
    [0, 0],
    [1, 100],
    [3, 600],
    [7, 2100],
    [9, 2100],
    [-1, 0],
  ])('first %i days → %i', (days, sum) => expect(firstDays(week, days)).toBe(sum));
});
