import { describe, expect, it } from 'vitest';
import { availableSlots, type BusyInterval } from './availability.ts';
import type { AvailabilityDay } from './booking-api-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from './booking-settings.ts';
import { instantToZoned } from './london-time.ts';
import {
  clampWeeks,
  daysNeeded,
  followsSeries,
  proposeVisits,
  seriesAsked,
  seriesPayment,
  usualInterval,
  visitsWithinHorizon,
  type AskedVisit,
} from './rebook.ts';

const LONDON = 'Europe/London';
// A shop that takes bookings a year ahead, so a series of six every 8 weeks is within its horizon
// (a rebook reaches no further than the shop's own horizon: docs/decisions/101).
const settings = (over: Partial<BookingSettings> = {}): BookingSettings => ({
  ...DEFAULT_BOOKING_SETTINGS,
  horizonWeeks: 52,
  ...over,
});
/** Monday 4 January 2027, 09:00 GMT. */
const NOW = new Date('2027-01-04T09:00:00Z');

function days(asked: readonly AskedVisit[], busy: BusyInterval[] = [], over: Partial<BookingSettings> = {}) {
  const { from, to } = daysNeeded(asked);
  return availableSlots({ now: NOW, settings: settings(over), durationMinutes: 60, from, to, busy });
}

describe('usualInterval', () => {
  it.each([
    { name: 'no history, no breed: the coat (long)', visits: [], breed: null, coat: 'long', weeks: 6, source: 'coat' },
    { name: 'no history: the coat (short)', visits: [], breed: null, coat: 'short', weeks: 10, source: 'coat' },
    { name: 'no history: the coat (medium)', visits: [], breed: null, coat: 'medium', weeks: 8, source: 'coat' },
    { name: 'the breed beats the coat', visits: [], breed: 5, coat: 'short', weeks: 5, source: 'breed' },
    { name: 'one visit is no history', visits: ['2026-01-01'], breed: 7, coat: 'long', weeks: 7, source: 'breed' },
    {
      name: 'two visits: their gap',
      visits: ['2026-01-01', '2026-02-12'],
      breed: 10,
      coat: 'short',
      weeks: 6,
      source: 'history',
    },
    {
      name: 'the median gap, any order, whole weeks',
      visits: ['2026-03-12', '2026-01-01', '2026-01-29', '2026-05-07'],
      breed: null,
      coat: 'short',
      weeks: 6, // gaps 28, 42, 56 days: the median 42
      source: 'history',
    },
    {
      name: 'an even count: the middle two averaged',
      visits: ['2026-01-01', '2026-01-29', '2026-03-12', '2026-04-09', '2026-06-04'],
      breed: null,
      coat: 'short',
      weeks: 5, // gaps 28, 42, 28, 56: (28 + 42) / 2 = 35 days
      source: 'history',
    },
    {
      name: 'history clamped to 12 weeks',
      visits: ['2025-01-01', '2026-01-01'],
      breed: null,
      coat: 'long',
      weeks: 12,
      source: 'history',
    },
    {
      name: 'two visits on one day are one',
      visits: ['2026-01-01', '2026-01-01'],
      breed: null,
      coat: 'wire',
      weeks: 6,
      source: 'coat',
    },
  ] as const)('$name', ({ visits, breed, coat, weeks, source }) => {
    expect(usualInterval({ completedVisits: visits, breedWeeks: breed, coat })).toEqual({ weeks, source });
  });

  it.each([
    [1, 4],
    [4, 4],
    [8.4, 8],
    [12, 12],
    [30, 12],
  ])('clampWeeks(%d) = %d', (weeks, clamped) => expect(clampWeeks(weeks)).toBe(clamped));
});

describe('seriesAsked: the same London wall-clock time', () => {
  it('keeps 10:00 across the last Sunday of March and of October', () => {
    // Tuesday 12 January 2027, 10:00 GMT; every 8 weeks, 6 visits: March 9 (GMT), May to October (BST), December (GMT).
    const asked = seriesAsked(new Date('2027-01-12T10:00:00Z'), 8, 6, LONDON);
    expect(asked).toEqual([
      { date: '2027-03-09', time: '10:00' },
      { date: '2027-05-04', time: '10:00' },
      { date: '2027-06-29', time: '10:00' },
      { date: '2027-08-24', time: '10:00' },
      { date: '2027-10-19', time: '10:00' },
      { date: '2027-12-14', time: '10:00' },
    ]);
    const proposals = proposeVisits(asked, days(asked));
    expect(proposals.map((p) => p.kind)).toEqual(Array(6).fill('as_asked'));
    const starts = proposals.map((p) => (p.kind === 'none' ? '' : p.start));
    // The instants move by the clock change, the London time does not.
    expect(starts).toEqual([
      '2027-03-09T10:00:00.000Z',
      '2027-05-04T09:00:00.000Z',
      '2027-06-29T09:00:00.000Z',
      '2027-08-24T09:00:00.000Z',
      '2027-10-19T09:00:00.000Z',
      '2027-12-14T10:00:00.000Z',
    ]);
    for (const start of starts) expect(instantToZoned(new Date(start), LONDON).time).toBe('10:00');
  });

  it('one visit in a clock change week: Saturday 27 March to the Saturday after, 09:30 both', () => {
    expect(seriesAsked(new Date('2027-03-20T09:30:00Z'), 4, 1, LONDON)).toEqual([
      { date: '2027-04-17', time: '09:30' },
    ]);
    expect(seriesAsked(new Date('2027-10-23T08:30:00Z'), 4, 1, LONDON)).toEqual([
      { date: '2027-11-20', time: '09:30' },
    ]);
  });
});

const slot = (date: string, time: string) => ({ start: `${date}T${time}:00.000Z`, time });
const open = (date: string, ...times: string[]): AvailabilityDay => ({
  date,
  open: true,
  slots: times.map((t) => slot(date, t)),
});
const shut = (date: string, reason: AvailabilityDay['reason']): AvailabilityDay => ({
  date,
  open: false,
  reason,
  slots: [],
});

describe('proposeVisits: never skipped silently', () => {
  const asked = [{ date: '2027-02-10', time: '10:00' }];
  it.each([
    {
      name: 'the time asked is free',
      days: [open('2027-02-10', '09:00', '10:00')],
      want: { kind: 'as_asked', date: '2027-02-10', time: '10:00' },
    },
    {
      name: 'taken: the closest time that day',
      days: [open('2027-02-09', '10:00'), open('2027-02-10', '09:00', '11:30')],
      want: { kind: 'moved', date: '2027-02-10', time: '09:00', why: 'full' },
    },
    {
      name: 'a tie that day: the earlier time',
      days: [open('2027-02-10', '09:00', '11:00')],
      want: { kind: 'moved', date: '2027-02-10', time: '09:00', why: 'full' },
    },
    {
      name: 'a full day: the day before at the same time first',
      days: [open('2027-02-09', '10:00'), open('2027-02-10'), open('2027-02-11', '10:00')],
      want: { kind: 'moved', date: '2027-02-09', time: '10:00', why: 'full' },
    },
    {
      name: 'the same time the day after beats another time the day before',
      days: [open('2027-02-09', '09:45'), open('2027-02-10'), open('2027-02-11', '10:00')],
      want: { kind: 'moved', date: '2027-02-11', time: '10:00', why: 'full' },
    },
    {
      name: 'closed: two days away',
      days: [
        open('2027-02-08'),
        shut('2027-02-09', 'closed'),
        shut('2027-02-10', 'bank_holiday'),
        open('2027-02-11'),
        open('2027-02-12', '14:00'),
      ],
      want: { kind: 'moved', date: '2027-02-12', time: '14:00', why: 'bank_holiday' },
    },
    {
      name: 'nothing within three days: none, with why',
      days: [shut('2027-02-10', 'closure'), open('2027-02-14', '10:00'), open('2027-02-06', '10:00')],
      want: { kind: 'none', why: 'closure' },
    },
    {
      name: 'a day the engine did not answer is beyond the horizon',
      days: [],
      want: { kind: 'none', why: 'beyond_horizon' },
    },
  ])('$name', ({ days, want }) => {
    const [proposal] = proposeVisits(asked, days);
    expect(proposal).toMatchObject(want);
    if (proposal!.kind !== 'as_asked') expect(proposal).toMatchObject({ asked: asked[0] });
  });

  it('checks every date against the shop: a bank holiday, a closure and the horizon', () => {
    // Every 4 weeks from Monday 5 April 2027 (Easter Monday, 29 March, a bank holiday: asked from 1 March).
    const asked = seriesAsked(new Date('2027-03-01T10:00:00Z'), 4, 3, LONDON);
    expect(asked.map((a) => a.date)).toEqual(['2027-03-29', '2027-04-26', '2027-05-24']);
    const proposals = proposeVisits(asked, days(asked, [], { closures: ['2027-04-26'], horizonWeeks: 18 }));
    expect(proposals[0]).toMatchObject({ kind: 'moved', why: 'bank_holiday', date: '2027-03-30', time: '10:00' });
    expect(proposals[1]).toMatchObject({ kind: 'moved', why: 'closure', date: '2027-04-27', time: '10:00' });
    // 18 weeks from 4 January ends on Monday 10 May.
    expect(proposals[2]).toMatchObject({ kind: 'none', why: 'beyond_horizon' });
  });

  it('a taken time, from the engine: the closest time that day', () => {
    const asked = [{ date: '2027-02-10', time: '10:00' }];
    const taken = { start: new Date('2027-02-10T09:30:00Z'), end: new Date('2027-02-10T11:00:00Z') };
    const proposals = proposeVisits(asked, days(asked, [taken, taken]));
    expect(proposals[0]).toMatchObject({ kind: 'moved', why: 'full', date: '2027-02-10', time: '11:00' });
  });
});

describe('seriesPayment: each visit as /book charges it (decision 081 standing, decision 101)', () => {
  it.each([
    { deposit: 0, visits: 6, want: { ok: true, depositPence: 0 } },
    { deposit: 1000, visits: 1, want: { ok: true, depositPence: 1000 } },
    // Six visits for one deposit was the fault (issue 29): a visit that asks one books alone.
    { deposit: 1000, visits: 2, want: { ok: false, maxVisits: 1 } },
    { deposit: 4500, visits: 6, want: { ok: false, maxVisits: 1 } },
  ] as const)('a visit asking $deposit online, $visits visits', ({ deposit, visits, want }) => {
    expect(seriesPayment({ visitDepositPence: deposit, visits })).toEqual(want);
  });
});

describe("followsSeries: the series' own interval (decision 101)", () => {
  // Every 6 weeks from Tuesday 12 January 2027, 10:00: 23 February, 6 April, 18 May.
  const asked = seriesAsked(new Date('2027-01-12T10:00:00Z'), 6, 3, LONDON);
  const at = (date: string, time = '10:00') => new Date(`${date}T${time}:00Z`);
  it.each([
    { name: 'as asked', starts: ['2027-02-23', '2027-04-06', '2027-05-18'], ok: true },
    { name: 'moved up to three days either way', starts: ['2027-02-20', '2027-04-09', '2027-05-18'], ok: true },
    { name: 'a date with no free time left out', starts: ['2027-02-23', '2027-05-18'], ok: true },
    { name: 'only the last', starts: ['2027-05-18'], ok: true },
    { name: 'six days in a row', starts: ['2027-02-23', '2027-02-24', '2027-02-25'], ok: false },
    { name: 'two visits for one date asked', starts: ['2027-02-22', '2027-02-24'], ok: false },
    { name: 'four days away', starts: ['2027-02-27'], ok: false },
    { name: 'out of order', starts: ['2027-04-06', '2027-02-23'], ok: false },
    { name: 'beyond the series', starts: ['2027-02-23', '2027-06-29'], ok: false },
    { name: 'a year and a half ahead', starts: ['2028-06-20'], ok: false },
  ])('$name', ({ starts, ok }) => {
    expect(
      followsSeries(
        asked,
        starts.map((d) => at(d)),
        LONDON,
      ),
    ).toBe(ok);
  });
});

describe("visitsWithinHorizon: a rebook reaches no further than the shop's horizon (decision 101)", () => {
  const asked = seriesAsked(new Date('2027-01-12T10:00:00Z'), 4, 6, LONDON);
  it.each([
    { lastDay: '2027-03-08', want: 1 },
    { lastDay: '2027-03-09', want: 2 },
    { lastDay: '2027-06-29', want: 6 },
    // None within: one, so the card shows the visit and says why it cannot be had yet.
    { lastDay: '2027-02-08', want: 1 },
  ])('up to $lastDay: $want', ({ lastDay, want }) => {
    expect(visitsWithinHorizon(asked, lastDay)).toBe(want);
  });
});
