import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableSlots,
  busyIntervalsFrom,
  daysWithRoom,
  fullStretches,
  isSlotAvailable,
  lastBookableDay,
  type BusyInterval,
} from './availability.ts';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from './booking-settings.ts';
import { addDays } from './london-time.ts';

const settings = (over: Partial<BookingSettings> = {}): BookingSettings => ({ ...DEFAULT_BOOKING_SETTINGS, ...over });
const at = (iso: string) => new Date(iso);
const busy = (...pairs: Array<[string, string]>): BusyInterval[] =>
  pairs.map(([s, e]) => ({ start: at(s), end: at(e) }));
/** Friday 20 November 2026, 08:00 GMT. */
const NOW = at('2026-11-20T08:00:00Z');

function day(
  date: string,
  opts: { now?: Date; s?: Partial<BookingSettings>; duration?: number; busy?: BusyInterval[] } = {},
) {
  const [result] = availableSlots({
    now: opts.now ?? NOW,
    settings: settings(opts.s),
    durationMinutes: opts.duration ?? 60,
    from: date,
    to: date,
    busy: opts.busy ?? [],
  });
  return result!;
}
const times = (d: ReturnType<typeof day>) => d.slots.map((s) => s.time);

describe('availableSlots: the day itself', () => {
  it.each([
    { name: 'a Monday', date: '2026-11-23', open: true },
    { name: 'a Saturday', date: '2026-11-21', open: true },
    { name: 'Sunday is closed', date: '2026-11-22', open: false, reason: 'closed' },
    { name: 'yesterday is past', date: '2026-11-19', open: false, reason: 'past' },
    { name: 'the last day of the horizon (today + 8 weeks)', date: '2027-01-15', open: true },
    { name: 'the day after the horizon', date: '2027-01-16', open: false, reason: 'beyond_horizon' },
    { name: 'Christmas Day', date: '2026-12-25', open: false, reason: 'bank_holiday' },
    { name: 'Boxing Day substitute (Monday 28th)', date: '2026-12-28', open: false, reason: 'bank_holiday' },
    { name: 'Boxing Day itself, a Saturday', date: '2026-12-26', open: true },
    { name: "New Year's Day 2027", date: '2027-01-01', open: false, reason: 'bank_holiday' },
    {
      name: 'a bank holiday when the shop opens on them',
      date: '2026-12-28',
      s: { closedOnBankHolidays: false },
      open: true,
    },
    {
      name: 'a closure the shop set',
      date: '2026-11-24',
      s: { closures: ['2026-11-24'] },
      open: false,
      reason: 'closure',
    },
    { name: 'a closure on another day', date: '2026-11-23', s: { closures: ['2026-11-24'] }, open: true },
    {
      name: 'Sunday when the shop opens Sundays',
      date: '2026-11-22',
      s: { openingHours: { ...DEFAULT_BOOKING_SETTINGS.openingHours, sunday: { opens: '10:00', closes: '16:00' } } },
      open: true,
    },
    { name: 'a longer horizon', date: '2027-01-16', s: { horizonWeeks: 12 }, open: true },
  ] as Array<{ name: string; date: string; open: boolean; reason?: string; s?: Partial<BookingSettings> }>)(
    '$name',
    ({ date, open, reason, s }) => {
      const d = day(date, { s });
      expect(d.open).toBe(open);
      expect(d.reason).toBe(reason);
      if (!open) expect(d.slots).toEqual([]);
      else expect(d.slots.length).toBeGreaterThan(0);
    },
  );
});

describe('availableSlots: opening hours, duration and notice', () => {
  it.each([
    { name: '60 min: 09:00 to 17:00 every 15 min', duration: 60, first: '09:00', last: '17:00', count: 33 },
    { name: '120 min ends by 18:00', duration: 120, first: '09:00', last: '16:00', count: 29 },
    { name: '45 min', duration: 45, first: '09:00', last: '17:15', count: 34 },
    { name: '50 min (off the grid) still ends by closing', duration: 50, first: '09:00', last: '17:00', count: 33 },
    { name: 'a 9-hour job fits exactly once', duration: 540, first: '09:00', last: '09:00', count: 1 },
    { name: 'a job longer than the day never fits', duration: 545, count: 0 },
    { name: '30-minute steps', duration: 60, s: { slotStepMinutes: 30 }, first: '09:00', last: '17:00', count: 17 },
    {
      name: 'short Saturday hours',
      duration: 60,
      s: { openingHours: { ...DEFAULT_BOOKING_SETTINGS.openingHours, monday: { opens: '10:30', closes: '13:00' } } },
      first: '10:30',
      last: '12:00',
      count: 7,
    },
  ] as Array<{
    name: string;
    duration: number;
    first?: string;
    last?: string;
    count: number;
    s?: Partial<BookingSettings>;
  }>)('$name', ({ duration, first, last, count, s }) => {
    const d = day('2026-11-23', { duration, s });
    expect(d.open).toBe(true);
    expect(d.slots).toHaveLength(count);
    if (count) {
      expect(d.slots[0]!.time).toBe(first);
      expect(d.slots.at(-1)!.time).toBe(last);
    }
  });

  it.each([
    { name: 'two hours from 08:00 is 10:00', now: '2026-11-20T08:00:00Z', first: '10:00' },
    { name: 'a minute later pushes to the next step', now: '2026-11-20T08:01:00Z', first: '10:15' },
    { name: 'before opening, notice ends before 09:00', now: '2026-11-20T05:00:00Z', first: '09:00' },
    { name: 'late afternoon leaves nothing today (open, but no room)', now: '2026-11-20T16:00:00Z', first: undefined },
    { name: 'no notice at all', now: '2026-11-20T12:07:00Z', s: { minNoticeMinutes: 0 }, first: '12:15' },
  ] as Array<{ name: string; now: string; first?: string; s?: Partial<BookingSettings> }>)(
    'minimum notice: $name',
    ({ now, first, s }) => {
      const d = day('2026-11-20', { now: at(now), s });
      expect(d.open).toBe(true);
      expect(d.slots[0]?.time).toBe(first);
    },
  );

  it('the evening before, notice spills into tomorrow morning', () => {
    const d = day('2026-11-21', { now: at('2026-11-20T23:30:00Z') });
    expect(d.slots[0]!.time).toBe('09:00');
    const early = day('2026-11-21', { now: at('2026-11-21T07:30:00Z') });
    expect(early.slots[0]!.time).toBe('09:30');
  });
});

describe('availableSlots: capacity', () => {
  const monday = '2026-11-23';
  it.each([
    {
      name: 'one booking, two tables: nothing lost',
      capacity: 2,
      busy: busy(['2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z']),
      missing: [],
    },
    {
      name: 'one booking, one table',
      capacity: 1,
      busy: busy(['2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z']),
      missing: ['09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45'],
    },
    {
      name: 'two at once fill two tables',
      capacity: 2,
      busy: busy(['2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'], ['2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z']),
      missing: ['09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45'],
    },
    {
      name: 'staggered: only the overlap 10:30-11:00 is full',
      capacity: 2,
      busy: busy(['2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'], ['2026-11-23T10:30:00Z', '2026-11-23T11:30:00Z']),
      missing: ['09:45', '10:00', '10:15', '10:30', '10:45'],
    },
    {
      name: 'a full stretch between grid points is still seen',
      capacity: 2,
      busy: busy(['2026-11-23T10:05:00Z', '2026-11-23T10:10:00Z'], ['2026-11-23T10:05:00Z', '2026-11-23T10:10:00Z']),
      missing: ['09:15', '09:30', '09:45', '10:00'],
    },
    {
      name: 'back to back is not an overlap',
      capacity: 1,
      busy: busy(['2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z'], ['2026-11-23T11:00:00Z', '2026-11-23T12:00:00Z']),
      missing: ['09:00', '09:15', '09:30', '09:45', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45'],
    },
    {
      name: 'three at once with capacity 3',
      capacity: 3,
      busy: busy(['2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'], ['2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z']),
      missing: [],
    },
    {
      name: 'the other day is untouched',
      capacity: 1,
      busy: busy(['2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z']),
      missing: [],
    },
    {
      name: 'empty and inverted intervals are ignored',
      capacity: 1,
      busy: busy(['2026-11-23T10:00:00Z', '2026-11-23T10:00:00Z'], ['2026-11-23T11:00:00Z', '2026-11-23T10:00:00Z']),
      missing: [],
    },
  ])('$name', ({ capacity, busy: b, missing }) => {
    const all = times(day(monday, { s: { capacity } }));
    const got = times(day(monday, { s: { capacity }, busy: b }));
    expect(all.filter((t) => !got.includes(t))).toEqual(missing);
  });

  it('a day booked solid is open with no slots, and not in daysWithRoom', () => {
    const solid = busy(
      ['2026-11-23T09:00:00Z', '2026-11-23T18:00:00Z'],
      ['2026-11-23T09:00:00Z', '2026-11-23T18:00:00Z'],
    );
    const days = availableSlots({
      now: NOW,
      settings: settings(),
      durationMinutes: 30,
      from: '2026-11-22',
      to: '2026-11-24',
      busy: solid,
    });
    expect(days.map((d) => [d.date, d.open, d.slots.length])).toEqual([
      ['2026-11-22', false, 0],
      ['2026-11-23', true, 0],
      ['2026-11-24', true, 35],
    ]);
    expect(daysWithRoom(days)).toEqual(['2026-11-24']);
  });
});

describe('fullStretches', () => {
  const t = (h: number) => Date.UTC(2026, 10, 23, h);
  const iv = (a: number, b: number): BusyInterval => ({ start: new Date(t(a)), end: new Date(t(b)) });
  it.each([
    { name: 'none', busy: [iv(9, 10)], capacity: 2, out: [] },
    { name: 'simple overlap', busy: [iv(9, 11), iv(10, 12)], capacity: 2, out: [t(10), t(11)] },
    {
      name: 'touching stretches merge',
      busy: [iv(9, 10), iv(9, 10), iv(10, 11), iv(10, 11)],
      capacity: 2,
      out: [t(9), t(11)],
    },
    {
      name: 'capacity 1 merges back to back',
      busy: [iv(9, 10), iv(10, 11), iv(12, 13)],
      capacity: 1,
      out: [t(9), t(11), t(12), t(13)],
    },
    {
      name: 'window clips nothing inside',
      busy: [iv(9, 11), iv(10, 12), iv(14, 15), iv(14, 15)],
      capacity: 2,
      out: [t(10), t(11)],
      window: [t(9), t(13)],
    },
  ])('$name', ({ busy: b, capacity, out, window }) => {
    expect(Array.from(fullStretches(b, capacity, window?.[0], window?.[1]))).toEqual(out);
  });
});

describe('availableSlots: clock changes (UTC instants of the London wall clock)', () => {
  const openSundays = {
    openingHours: { ...DEFAULT_BOOKING_SETTINGS.openingHours, sunday: { opens: '09:00', closes: '18:00' } },
  };
  it.each([
    // 2026: clocks go forward Sunday 29 March, back Sunday 25 October
    { date: '2026-03-28', first: '2026-03-28T09:00:00.000Z', last: '2026-03-28T17:00:00.000Z' },
    { date: '2026-03-29', s: openSundays, first: '2026-03-29T08:00:00.000Z', last: '2026-03-29T16:00:00.000Z' },
    { date: '2026-03-30', first: '2026-03-30T08:00:00.000Z', last: '2026-03-30T16:00:00.000Z' },
    { date: '2026-10-24', first: '2026-10-24T08:00:00.000Z', last: '2026-10-24T16:00:00.000Z' },
    { date: '2026-10-25', s: openSundays, first: '2026-10-25T09:00:00.000Z', last: '2026-10-25T17:00:00.000Z' },
    { date: '2026-10-26', first: '2026-10-26T09:00:00.000Z', last: '2026-10-26T17:00:00.000Z' },
    // 2027: 28 March (Easter Sunday; Easter Monday the 29th is a bank holiday) and 31 October
    { date: '2027-03-27', first: '2027-03-27T09:00:00.000Z', last: '2027-03-27T17:00:00.000Z' },
    { date: '2027-03-28', s: openSundays, first: '2027-03-28T08:00:00.000Z', last: '2027-03-28T16:00:00.000Z' },
    { date: '2027-03-30', first: '2027-03-30T08:00:00.000Z', last: '2027-03-30T16:00:00.000Z' },
    { date: '2027-10-30', first: '2027-10-30T08:00:00.000Z', last: '2027-10-30T16:00:00.000Z' },
    { date: '2027-10-31', s: openSundays, first: '2027-10-31T09:00:00.000Z', last: '2027-10-31T17:00:00.000Z' },
    { date: '2027-11-01', first: '2027-11-01T09:00:00.000Z', last: '2027-11-01T17:00:00.000Z' },
  ] as Array<{ date: string; first: string; last: string; s?: Partial<BookingSettings> }>)(
    '$date: 09:00 is $first, 17:00 is $last',
    ({ date, first, last, s }) => {
      const now = new Date(`${addDays(date, -7)}T12:00:00Z`);
      const d = day(date, { now, s });
      expect(d.open).toBe(true);
      expect(d.slots).toHaveLength(33);
      expect(d.slots[0]).toEqual({ start: first, time: '09:00' });
      expect(d.slots.at(-1)).toEqual({ start: last, time: '17:00' });
      // every label matches its instant, 15 minutes apart in real time
      for (let i = 1; i < d.slots.length; i++)
        expect(Date.parse(d.slots[i]!.start) - Date.parse(d.slots[i - 1]!.start)).toBe(15 * 60_000);
    },
  );

  it('Easter Monday 2027 (the day after the clocks change) is a bank holiday', () => {
    expect(day('2027-03-29', { now: at('2027-03-20T12:00:00Z') })).toMatchObject({
      open: false,
      reason: 'bank_holiday',
    });
  });

  it('a booking in BST blocks the right local slot', () => {
    const b = busy(['2026-03-30T08:00:00Z', '2026-03-30T09:00:00Z']);
    const d = day('2026-03-30', { now: at('2026-03-23T12:00:00Z'), s: { capacity: 1 }, busy: b });
    expect(d.slots.map((x) => x.time).slice(0, 2)).toEqual(['10:00', '10:15']);
  });

  it('a range across the change gives the right instants on both sides', () => {
    const days = availableSlots({
      now: at('2026-10-19T12:00:00Z'),
      settings: settings(),
      durationMinutes: 60,
      from: '2026-10-24',
      to: '2026-10-26',
      busy: [],
    });
    expect(days.map((d) => d.slots[0]?.start ?? d.reason)).toEqual([
      '2026-10-24T08:00:00.000Z',
      'closed',
      '2026-10-26T09:00:00.000Z',
    ]);
  });
});

describe('isSlotAvailable (the server re-check)', () => {
  const s = settings({ capacity: 1 });
  it.each([
    { name: 'a free slot', start: '2026-11-23T10:00:00Z', result: { available: true, time: '10:00' } },
    { name: 'off the grid', start: '2026-11-23T10:05:00Z', result: { available: false, reason: 'not_a_slot' } },
    { name: 'before opening', start: '2026-11-23T08:45:00Z', result: { available: false, reason: 'not_a_slot' } },
    { name: 'runs past closing', start: '2026-11-23T17:15:00Z', result: { available: false, reason: 'not_a_slot' } },
    { name: 'ends exactly at closing', start: '2026-11-23T17:00:00Z', result: { available: true, time: '17:00' } },
    { name: 'taken', start: '2026-11-23T11:30:00Z', result: { available: false, reason: 'full' } },
    { name: 'right after the taken one', start: '2026-11-23T12:00:00Z', result: { available: true, time: '12:00' } },
    { name: 'too soon', start: '2026-11-20T09:45:00Z', result: { available: false, reason: 'too_soon' } },
    { name: 'a Sunday', start: '2026-11-22T10:00:00Z', result: { available: false, reason: 'closed' } },
    { name: 'a bank holiday', start: '2026-12-28T10:00:00Z', result: { available: false, reason: 'bank_holiday' } },
    { name: 'in the past', start: '2026-11-19T10:00:00Z', result: { available: false, reason: 'past' } },
    {
      name: 'beyond the horizon',
      start: '2027-01-16T10:00:00Z',
      result: { available: false, reason: 'beyond_horizon' },
    },
    {
      name: 'BST slot',
      start: '2026-03-30T08:00:00Z',
      now: '2026-03-23T12:00:00Z',
      result: { available: true, time: '09:00' },
    },
    {
      name: 'BST, one hour off (GMT reading)',
      start: '2026-03-30T09:00:00Z',
      now: '2026-03-23T12:00:00Z',
      result: { available: true, time: '10:00' },
    },
    {
      name: 'BST, 17:30 local runs past closing',
      start: '2026-03-30T16:30:00Z',
      now: '2026-03-23T12:00:00Z',
      result: { available: false, reason: 'not_a_slot' },
    },
    { name: 'invalid date', start: 'nonsense', result: { available: false, reason: 'not_a_slot' } },
  ])('$name', ({ start, now, result }) => {
    expect(
      isSlotAvailable({
        now: now ? at(now) : NOW,
        settings: s,
        durationMinutes: 60,
        start: at(start),
        busy: busy(['2026-11-23T11:00:00Z', '2026-11-23T12:00:00Z']),
      }),
    ).toEqual(result);
  });

  it('agrees with availableSlots on every grid point of a busy day', () => {
    const b = busy(
      ['2026-11-23T10:00:00Z', '2026-11-23T11:10:00Z'],
      ['2026-11-23T10:50:00Z', '2026-11-23T12:00:00Z'],
      ['2026-11-23T15:00:00Z', '2026-11-23T15:05:00Z'],
    );
    const offered = new Set(
      availableSlots({
        now: NOW,
        settings: s,
        durationMinutes: 45,
        from: '2026-11-23',
        to: '2026-11-23',
        busy: b,
      })[0]!.slots.map((x) => x.start),
    );
    for (let m = 8 * 60; m <= 19 * 60; m += 5) {
      const start = new Date(Date.UTC(2026, 10, 23, 0, m));
      const check = isSlotAvailable({ now: NOW, settings: s, durationMinutes: 45, start, busy: b });
      expect(check.available, start.toISOString()).toBe(offered.has(start.toISOString()));
    }
  });
});

describe('busyIntervalsFrom (which bookings occupy a table)', () => {
  const now = at('2026-11-20T12:00:00Z');
  const start = at('2026-11-23T10:00:00Z');
  const end = at('2026-11-23T11:00:00Z');
  it.each([
    { name: 'confirmed', row: { status: 'confirmed' }, busy: true },
    { name: 'live hold', row: { status: 'pending_payment', holdExpiresAt: at('2026-11-20T12:00:01Z') }, busy: true },
    { name: 'hold expiring this instant', row: { status: 'pending_payment', holdExpiresAt: now }, busy: false },
    {
      name: 'expired hold',
      row: { status: 'pending_payment', holdExpiresAt: at('2026-11-20T11:59:00Z') },
      busy: false,
    },
    { name: 'hold with no expiry recorded', row: { status: 'pending_payment', holdExpiresAt: null }, busy: false },
    { name: 'cancelled', row: { status: 'cancelled' }, busy: false },
    { name: 'expired', row: { status: 'expired' }, busy: false },
    { name: 'the booking being moved', row: { status: 'confirmed', id: 'me' }, busy: false },
  ] as const)('$name → busy: $busy', ({ row, busy: isBusy }) => {
    expect(busyIntervalsFrom([{ start, end, ...row }], now, 'me')).toHaveLength(isBusy ? 1 : 0);
  });

  it('an expired hold frees its slot for the next customer', () => {
    const rows = [{ start, end, status: 'pending_payment' as const, holdExpiresAt: at('2026-11-20T12:30:00Z') }];
    const check = (when: string) =>
      isSlotAvailable({
        now: at(when),
        settings: settings({ capacity: 1 }),
        durationMinutes: 60,
        start,
        busy: busyIntervalsFrom(rows, at(when)),
      }).available;
    expect(check('2026-11-20T12:29:00Z')).toBe(false);
    expect(check('2026-11-20T12:30:00Z')).toBe(true);
  });
});

/** The obvious, slow rule: count overlaps at every moment that matters. */
function bruteForceFree(b: readonly BusyInterval[], capacity: number, s: number, e: number): boolean {
  const points = [s, ...b.map((x) => x.start.getTime()).filter((t) => t > s && t < e)];
  return points.every(
    (p) => b.filter((x) => x.start.getTime() <= p && x.end.getTime() > p && x.end > x.start).length < capacity,
  );
}

describe('availableSlots against the brute-force rule', () => {
  it('agrees on random busy days (property)', () => {
    const base = Date.UTC(2026, 10, 23, 8);
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 11 * 60 }), fc.integer({ min: 1, max: 180 }))
      .map(([offset, len]) => ({
        start: new Date(base + offset * 60_000),
        end: new Date(base + (offset + len) * 60_000),
      }));
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 12 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(15, 30, 60, 95),
        (b, capacity, duration) => {
          const s = settings({ capacity });
          const [d] = availableSlots({
            now: NOW,
            settings: s,
            durationMinutes: duration,
            from: '2026-11-23',
            to: '2026-11-23',
            busy: b,
          });
          const offered = new Set(d!.slots.map((x) => x.start));
          for (
            let start = Date.UTC(2026, 10, 23, 9);
            start + duration * 60_000 <= Date.UTC(2026, 10, 23, 18);
            start += 15 * 60_000
          ) {
            expect(offered.has(new Date(start).toISOString())).toBe(
              bruteForceFree(b, capacity, start, start + duration * 60_000),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('8 weeks with 10,000 busy intervals: same answer as brute force (timing printed)', () => {
    // A deterministic pseudo-random generator, so a failure can be reproduced.
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const s = settings();
    const from = '2026-11-20';
    const last = lastBookableDay(s, NOW);
    const b: BusyInterval[] = [];
    for (let i = 0; i < 10_000; i++) {
      const dayStart = Date.UTC(2026, 10, 20 + Math.floor(rand() * 57), 9);
      const start = dayStart + Math.floor(rand() * 96) * 5 * 60_000;
      b.push({ start: new Date(start), end: new Date(start + (30 + Math.floor(rand() * 24) * 5) * 60_000) });
    }
    const run = () => availableSlots({ now: NOW, settings: s, durationMinutes: 60, from, to: last, busy: b });
    run(); // warm up
    const runs = 20;
    const t0 = performance.now();
    let days = run();
    for (let i = 1; i < runs; i++) days = run();
    const ms = (performance.now() - t0) / runs;
    console.log(
      `availableSlots: ${days.length} days, ${b.length} busy intervals: ${ms.toFixed(2)} ms per call (mean of ${runs})`,
    );

    // correctness: every grid start of every open day, against the brute force on that day's intervals
    for (const d of days.filter((x) => x.open)) {
      const dayStart = Date.parse(`${d.date}T09:00:00Z`);
      const near = b.filter((x) => x.end.getTime() > dayStart && x.start.getTime() < dayStart + 9 * 3600_000);
      const offered = new Set(d.slots.map((x) => x.start));
      for (
        let start = Math.max(dayStart, NOW.getTime() + 120 * 60_000);
        start + 3600_000 <= dayStart + 9 * 3600_000;
        start += 15 * 60_000
      ) {
        expect(offered.has(new Date(start).toISOString())).toBe(bruteForceFree(near, 2, start, start + 3600_000));
      }
    }
  });
});
