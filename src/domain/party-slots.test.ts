import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableSlots, type BusyInterval } from './availability.ts';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from './booking-settings.ts';
import type { PartyPlacementSetting } from './party.ts';
import { dogPlaces, isPartySlotAvailable, partySlots, placementsAllowed } from './party-slots.ts';

const settings = (over: Partial<BookingSettings> = {}): BookingSettings => ({ ...DEFAULT_BOOKING_SETTINGS, ...over });
/** Friday 20 November 2026, 08:00 GMT; Monday the 23rd opens 09:00–18:00 GMT. */
const NOW = new Date('2026-11-20T08:00:00Z');
const MONDAY = '2026-11-23';
const at = (hhmm: string) => new Date(`${MONDAY}T${hhmm}:00Z`);
const busy = (...pairs: Array<[string, string]>): BusyInterval[] =>
  pairs.map(([s, e]) => ({ start: at(s), end: at(e) }));

function monday(durations: number[], placement: PartyPlacementSetting, taken: BusyInterval[], over = {}) {
  const [day] = partySlots({
    now: NOW,
    settings: settings({ partyPlacement: placement, ...over }),
    durations,
    from: MONDAY,
    to: MONDAY,
    busy: taken,
  });
  return day!;
}
const offered = (day: ReturnType<typeof monday>) => day.slots.map((s) => `${s.time} ${s.placement}`);
const has = (day: ReturnType<typeof monday>, entry: string) => offered(day).includes(entry);

describe('where each dog sits', () => {
  it.each([
    { placement: 'side_by_side' as const, durations: [60, 90], offsets: [0, 0] },
    { placement: 'one_after_another' as const, durations: [60, 90], offsets: [0, 60] },
    { placement: 'one_after_another' as const, durations: [45, 60, 30], offsets: [0, 45, 105] },
  ])('$placement of $durations', ({ placement, durations, offsets }) => {
    expect(dogPlaces(durations, placement).map((p) => p.offsetMin)).toEqual(offsets);
  });

  it.each([
    { setting: 'either' as const, allowed: ['side_by_side', 'one_after_another'] },
    { setting: 'side_by_side' as const, allowed: ['side_by_side'] },
    { setting: 'one_after_another' as const, allowed: ['one_after_another'] },
  ])('the setting $setting allows $allowed', ({ setting, allowed }) => {
    expect(placementsAllowed(setting)).toEqual(allowed);
  });
});

describe('partySlots: only times where every dog fits (two tables)', () => {
  it.each([
    {
      name: 'an empty day offers side by side from opening',
      durations: [60, 60],
      placement: 'either' as const,
      taken: [],
      present: ['09:00 side_by_side', '17:00 side_by_side'],
      absent: ['17:15 side_by_side'],
    },
    {
      name: 'one table taken at 10–11: side by side cannot start 9:15–10:45, one after the other can',
      durations: [60, 60],
      placement: 'either' as const,
      taken: busy(['10:00', '11:00']),
      present: ['09:00 side_by_side', '09:15 one_after_another', '10:00 one_after_another', '11:00 side_by_side'],
      absent: ['09:15 side_by_side', '10:45 side_by_side'],
    },
    {
      name: 'side by side only: a table taken leaves no time overlapping it',
      durations: [60, 60],
      placement: 'side_by_side' as const,
      taken: busy(['10:00', '11:00']),
      present: ['09:00 side_by_side', '11:00 side_by_side'],
      absent: ['10:00 one_after_another', '10:00 side_by_side'],
    },
    {
      name: 'both tables full 12–13: one after the other must end before or start after',
      durations: [60, 60],
      placement: 'one_after_another' as const,
      taken: busy(['12:00', '13:00'], ['12:00', '13:00']),
      present: ['10:00 one_after_another', '13:00 one_after_another'],
      absent: ['10:15 one_after_another', '11:00 one_after_another', '12:45 one_after_another'],
    },
    {
      name: 'one after the other must end by closing',
      durations: [60, 90],
      placement: 'one_after_another' as const,
      taken: [],
      present: ['15:30 one_after_another'],
      absent: ['15:45 one_after_another'],
    },
    {
      name: 'dogs of different lengths side by side: only where both are on tables is a second table needed',
      durations: [60, 120],
      placement: 'side_by_side' as const,
      taken: busy(['11:30', '12:30']),
      present: ['09:45 side_by_side', '10:30 side_by_side', '12:30 side_by_side'],
      absent: ['10:45 side_by_side', '12:15 side_by_side'],
    },
    {
      name: 'the shorter dog side by side leaves its table free: a booking there after it ends is no obstacle',
      durations: [60, 120],
      placement: 'side_by_side' as const,
      taken: busy(['10:00', '11:00']),
      present: ['09:00 side_by_side'],
      absent: ['09:15 side_by_side'],
    },
  ])('$name', ({ durations, placement, taken, present, absent }) => {
    const day = monday(durations, placement, taken);
    for (const slot of present) expect(offered(day), slot).toContain(slot);
    for (const slot of absent) expect(has(day, slot), slot).toBe(false);
  });

  it('three dogs side by side need three tables: none with two', () => {
    expect(monday([60, 60, 60], 'side_by_side', []).slots).toEqual([]);
    expect(monday([60, 60, 60], 'side_by_side', [], { capacity: 3 }).slots.length).toBeGreaterThan(0);
  });

  it('a party of one is offered exactly the times of a single booking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 36 }), fc.integer({ min: 1, max: 12 })), { maxLength: 12 }),
        fc.integer({ min: 1, max: 12 }),
        (pairs, length) => {
          const taken = pairs.map(([s, l]) => ({
            start: new Date(at('09:00').getTime() + s * 15 * 60_000),
            end: new Date(at('09:00').getTime() + (s + l) * 15 * 60_000),
          }));
          const single = availableSlots({
            now: NOW,
            settings: settings(),
            durationMinutes: length * 15,
            from: MONDAY,
            to: MONDAY,
            busy: taken,
          })[0]!.slots.map((s) => s.start);
          expect(monday([length * 15], 'either', taken).slots.map((s) => s.start)).toEqual(single);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('isPartySlotAvailable: the re-check of one start', () => {
  it.each([
    { name: 'a free start, side by side first', start: '11:00', placement: undefined, result: 'side_by_side' },
    {
      name: 'side by side is full, one after the other fits',
      start: '10:00',
      placement: undefined,
      result: 'one_after_another',
    },
    {
      name: 'asked for side by side where only one after the other fits',
      start: '10:00',
      placement: 'side_by_side' as const,
      result: 'full',
    },
    { name: 'off the grid', start: '10:05', placement: undefined, result: 'not_a_slot' },
    { name: 'past closing', start: '17:30', placement: undefined, result: 'not_a_slot' },
  ])('$name', ({ start, placement, result }) => {
    const check = isPartySlotAvailable({
      now: NOW,
      settings: settings(),
      durations: [60, 60],
      busy: busy(['10:00', '11:00']),
      start: at(start),
      placement,
    });
    expect(check.available ? check.placement : check.reason).toBe(result);
  });

  it('too soon is refused', () => {
    const check = isPartySlotAvailable({
      now: new Date(`${MONDAY}T09:30:00Z`),
      settings: settings(),
      durations: [60, 60],
      busy: [],
      start: at('10:00'),
    });
    expect(check).toEqual({ available: false, reason: 'too_soon' });
  });
});
