import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS } from './booking-settings.ts';
import {
  chooseOffers,
  isWakingHour,
  nextWakingInstant,
  offerExpiry,
  planOffers,
  startReachable,
  startSuits,
  type Suits,
  type WaitingRequest,
} from './waitlist-offers.ts';

const TZ = 'Europe/London';
const WAKING = { from: '08:00', to: '21:00' };
const at = (iso: string) => new Date(iso);
const weekdayMornings: Suits = {
  fromDate: '2027-03-01',
  toDate: '2027-03-14',
  weekdays: [1, 2, 3, 4, 5],
  parts: ['morning'],
};

describe('startSuits', () => {
  it.each([
    ['a Monday morning inside the dates', '2027-03-01T09:00:00Z', weekdayMornings, true],
    ['11:45 is still morning', '2027-03-02T11:45:00Z', weekdayMornings, true],
    ['12:00 is afternoon', '2027-03-02T12:00:00Z', weekdayMornings, false],
    ['a Saturday', '2027-03-06T09:00:00Z', weekdayMornings, false],
    ['the day before the dates', '2027-02-26T09:00:00Z', weekdayMornings, false],
    ['the last date is included', '2027-03-12T09:00:00Z', { ...weekdayMornings, toDate: '2027-03-12' }, true],
    ['the day after the dates', '2027-03-15T09:00:00Z', weekdayMornings, false],
    // 11:30 UTC in summer is 12:30 in London: afternoon by the shop's clock.
    [
      'part of day is the shop’s clock (BST)',
      '2027-06-07T11:30:00Z',
      { ...weekdayMornings, fromDate: '2027-06-01', toDate: '2027-06-30' },
      false,
    ],
    [
      'afternoons only, in BST',
      '2027-06-07T11:30:00Z',
      { fromDate: '2027-06-01', toDate: '2027-06-30', weekdays: [1], parts: ['afternoon'] },
      true,
    ],
    ['Sunday is weekday 7', '2027-03-07T10:00:00Z', { ...weekdayMornings, weekdays: [7] }, true],
  ] as const)('%s', (_name, start, suits, expected) => {
    expect(startSuits(at(start), suits as Suits, TZ)).toBe(expected);
  });
});

describe('startReachable', () => {
  const settings = { ...DEFAULT_BOOKING_SETTINGS, minNoticeMinutes: 120, horizonWeeks: 2 };
  const now = at('2027-03-01T08:00:00Z');
  it.each([
    ['exactly the notice away', '2027-03-01T10:00:00Z', true],
    ['a minute inside the notice', '2027-03-01T09:59:00Z', false],
    ['the last day of the horizon', '2027-03-15T15:00:00Z', true],
    ['past the horizon', '2027-03-16T09:00:00Z', false],
  ] as const)('%s', (_name, start, expected) => {
    expect(startReachable(at(start), now, settings)).toBe(expected);
  });
});

describe('waking hours', () => {
  it.each([
    ['07:59 London in winter', '2027-01-10T07:59:00Z', false],
    ['08:00 London in winter', '2027-01-10T08:00:00Z', true],
    ['20:59 London', '2027-01-10T20:59:00Z', true],
    ['21:00 London, the last minute', '2027-01-10T21:00:00Z', true],
    ['21:00:59 London', '2027-01-10T21:00:59Z', true],
    ['21:01 London', '2027-01-10T21:01:00Z', false],
    // 07:30 UTC is 08:30 in British Summer Time.
    ['07:30 UTC in summer is 08:30 London', '2027-06-10T07:30:00Z', true],
  ] as const)('%s', (_name, now, expected) => {
    expect(isWakingHour(at(now), TZ, WAKING)).toBe(expected);
  });

  it.each([
    ['00:00 London', '2027-01-10T00:00:00Z'],
    ['23:59:30 London in winter', '2027-01-10T23:59:30Z'],
    ['23:59:59 London in summer', '2027-07-14T22:59:59Z'],
  ] as const)('00:00–23:59 is the whole day: %s', (_name, now) => {
    expect(isWakingHour(at(now), TZ, { from: '00:00', to: '23:59' })).toBe(true);
  });

  it.each([
    ['awake: now', '2027-01-10T12:00:00Z', '2027-01-10T12:00:00.000Z'],
    ['before waking: this morning', '2027-01-10T05:00:00Z', '2027-01-10T08:00:00.000Z'],
    ['after bedtime: tomorrow morning', '2027-01-10T22:30:00Z', '2027-01-11T08:00:00.000Z'],
    // Clocks go forward on 28 March 2027: the night is GMT, the morning BST (08:00 is 07:00 UTC).
    ['the night the clocks go forward', '2027-03-27T23:30:00Z', '2027-03-28T07:00:00.000Z'],
    // Clocks go back on 31 October 2027: 08:00 that morning is GMT again.
    ['the night the clocks go back', '2027-10-30T22:00:00Z', '2027-10-31T08:00:00.000Z'],
  ] as const)('next waking instant: %s', (_name, now, expected) => {
    expect(nextWakingInstant(at(now), TZ, WAKING).toISOString()).toBe(expected);
  });
});

describe('offerExpiry', () => {
  it.each([
    [
      'an hour to answer, start far away',
      '2027-03-01T09:00:00Z',
      '2027-03-03T10:00:00Z',
      60,
      120,
      '2027-03-01T10:00:00.000Z',
    ],
    ['the notice comes first', '2027-03-01T09:00:00Z', '2027-03-01T11:30:00Z', 60, 120, '2027-03-01T09:30:00.000Z'],
    ['a day to answer', '2027-03-01T09:00:00Z', '2027-03-09T10:00:00Z', 1440, 120, '2027-03-02T09:00:00.000Z'],
  ] as const)('%s', (_name, now, start, minutes, notice, expected) => {
    expect(offerExpiry(at(now), at(start), minutes, notice).toISOString()).toBe(expected);
  });
});

const request = (id: string, created: string, over: Partial<WaitingRequest> = {}): WaitingRequest => ({
  id,
  createdAt: at(created),
  suits: weekdayMornings,
  hasOpenOffer: false,
  offeredStarts: new Set(),
  ...over,
});
const start = at('2027-03-02T10:00:00Z');

describe('chooseOffers: first asked, first offered', () => {
  const a = request('a', '2027-02-01T10:00:00Z');
  const b = request('b', '2027-02-02T10:00:00Z');
  const c = request('c', '2027-02-03T10:00:00Z');
  const d = request('d', '2027-02-04T10:00:00Z');
  it.each([
    ['the first asked, up to offersAtOnce', [d, c, b, a], 0, 3, ['a', 'b', 'c']],
    ['same moment: by id', [request('z', '2027-02-01T10:00:00Z'), request('y', '2027-02-01T10:00:00Z')], 0, 1, ['y']],
    ['offers already open count', [a, b, c], 2, 3, ['a']],
    ['full: nobody', [a, b], 3, 3, []],
    [
      'not one that does not suit',
      [request('aft', '2027-01-01T00:00:00Z', { suits: { ...weekdayMornings, parts: ['afternoon'] } }), b],
      0,
      1,
      ['b'],
    ],
    ['not one with an open offer', [request('busy', '2027-01-01T00:00:00Z', { hasOpenOffer: true }), b], 0, 1, ['b']],
    [
      'not one offered this start before',
      [request('had', '2027-01-01T00:00:00Z', { offeredStarts: new Set([start.getTime()]) }), b],
      0,
      1,
      ['b'],
    ],
  ] as const)('%s', (_name, requests, open, atOnce, expected) => {
    expect(
      chooseOffers({
        start,
        requests,
        openForStart: open,
        offersAtOnce: atOnce,
        timeZone: TZ,
      }),
    ).toEqual(expected);
  });
});

describe('planOffers', () => {
  const starts = ['09:00', '09:15', '09:30', '10:00', '10:30'].map((t) => at(`2027-03-02T${t}:00Z`));
  it('offers a start, then the next one the visit leaves free, each request once', () => {
    const requests = ['a', 'b', 'c'].map((id, i) => request(id, `2027-02-0${i + 1}T10:00:00Z`));
    const plan = planOffers({
      starts,
      durationMin: 60,
      requests,
      openByStart: new Map(),
      offersAtOnce: 2,
      timeZone: TZ,
    });
    expect(plan.map((p) => [p.start.toISOString().slice(11, 16), p.requestIds])).toEqual([
      ['09:00', ['a', 'b']],
      ['10:00', ['c']],
    ]);
  });
  it('a start nobody wants leaves the next one to be offered', () => {
    const late = request('late', '2027-02-01T10:00:00Z', {
      offeredStarts: new Set([starts[0]!.getTime()]),
    });
    const plan = planOffers({
      starts,
      durationMin: 60,
      requests: [late],
      openByStart: new Map(),
      offersAtOnce: 3,
      timeZone: TZ,
    });
    expect(plan.map((p) => p.start.toISOString().slice(11, 16))).toEqual(['09:15']);
  });
  it('a start already offered in full keeps its time', () => {
    const plan = planOffers({
      starts,
      durationMin: 60,
      requests: [request('a', '2027-02-01T10:00:00Z')],
      openByStart: new Map([[starts[0]!.getTime(), 3]]),
      offersAtOnce: 3,
      timeZone: TZ,
    });
    expect(plan.map((p) => p.start.toISOString().slice(11, 16))).toEqual(['10:00']);
  });
});
