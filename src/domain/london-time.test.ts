import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  instantToZoned,
  isUnambiguousWallTime,
  offsetMinutesAt,
  todayIn,
  weekdayOf,
  zonedDateTimeToInstant,
} from './london-time.ts';

const tz = 'Europe/London';

describe('zonedDateTimeToInstant (Europe/London)', () => {
  it.each([
    // winter (GMT) and summer (BST)
    ['2026-01-15', '09:00', '2026-01-15T09:00:00.000Z'],
    ['2026-07-01', '09:00', '2026-07-01T08:00:00.000Z'],
    // 2026 spring forward: Sunday 29 March, 01:00 GMT → 02:00 BST
    ['2026-03-28', '09:00', '2026-03-28T09:00:00.000Z'],
    ['2026-03-29', '00:59', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', '09:00', '2026-03-29T08:00:00.000Z'],
    ['2026-03-30', '09:00', '2026-03-30T08:00:00.000Z'],
    ['2026-03-30', '18:00', '2026-03-30T17:00:00.000Z'],
    // 2026 fall back: Sunday 25 October, 02:00 BST → 01:00 GMT
    ['2026-10-24', '09:00', '2026-10-24T08:00:00.000Z'],
    ['2026-10-25', '00:30', '2026-10-24T23:30:00.000Z'],
    ['2026-10-25', '09:00', '2026-10-25T09:00:00.000Z'],
    ['2026-10-26', '09:00', '2026-10-26T09:00:00.000Z'],
    // 2027: 28 March and 31 October
    ['2027-03-27', '17:45', '2027-03-27T17:45:00.000Z'],
    ['2027-03-28', '09:00', '2027-03-28T08:00:00.000Z'],
    ['2027-03-29', '09:00', '2027-03-29T08:00:00.000Z'],
    ['2027-10-30', '09:00', '2027-10-30T08:00:00.000Z'],
    ['2027-10-31', '09:00', '2027-10-31T09:00:00.000Z'],
    ['2027-11-01', '17:59', '2027-11-01T17:59:00.000Z'],
    // year ends
    ['2026-12-31', '23:59', '2026-12-31T23:59:00.000Z'],
    ['2027-01-01', '00:00', '2027-01-01T00:00:00.000Z'],
  ])('%s %s → %s', (date, time, iso) => {
    expect(zonedDateTimeToInstant(date, time, tz).toISOString()).toBe(iso);
    // and back again
    expect(instantToZoned(new Date(iso), tz)).toMatchObject({ date, time });
  });

  it.each([
    // missing hour (spring): 'compatible' and 'later' read it with the old offset, 'earlier' with the new
    ['2026-03-29', '01:30', 'compatible', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', '01:30', 'later', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', '01:30', 'earlier', '2026-03-29T00:30:00.000Z'],
    ['2027-03-28', '01:00', 'compatible', '2027-03-28T01:00:00.000Z'],
    // repeated hour (autumn): earlier = still BST, later = GMT
    ['2026-10-25', '01:30', 'compatible', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '01:30', 'earlier', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '01:30', 'later', '2026-10-25T01:30:00.000Z'],
    ['2027-10-31', '01:00', 'later', '2027-10-31T01:00:00.000Z'],
  ] as const)('%s %s (%s) → %s', (date, time, how, iso) => {
    expect(zonedDateTimeToInstant(date, time, tz, how).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-03-29', '01:30', false],
    ['2026-10-25', '01:30', false],
    ['2027-03-28', '01:59', false],
    ['2027-10-31', '01:00', false],
    // opening time on every clock-change day is a single, ordinary instant
    ['2026-03-29', '09:00', true],
    ['2026-10-25', '09:00', true],
    ['2027-03-28', '09:00', true],
    ['2027-10-31', '09:00', true],
    ['2026-10-25', '02:00', true],
  ])('%s %s exists exactly once: %s', (date, time, once) => {
    expect(isUnambiguousWallTime(date, time, tz)).toBe(once);
  });

  it.each([
    ['2026-02-30', '09:00'],
    ['2026-01-01', '24:00'],
    ['2026-1-1', '09:00'],
    ['2026-01-01', '9:00'],
  ])('refuses %s %s', (date, time) => expect(() => zonedDateTimeToInstant(date, time, tz)).toThrow(RangeError));

  it('works for other zones too', () => {
    expect(zonedDateTimeToInstant('2026-07-01', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-07-01', '09:00', 'UTC').toISOString()).toBe('2026-07-01T09:00:00.000Z');
  });
});

describe('instantToZoned', () => {
  it.each([
    ['2026-03-29T00:59:59.999Z', '2026-03-29', '00:59', 'sunday', 0],
    ['2026-03-29T01:00:00.000Z', '2026-03-29', '02:00', 'sunday', 60],
    ['2026-10-25T00:59:00.000Z', '2026-10-25', '01:59', 'sunday', 60],
    ['2026-10-25T01:00:00.000Z', '2026-10-25', '01:00', 'sunday', 0],
    ['2026-06-30T23:30:00.000Z', '2026-07-01', '00:30', 'wednesday', 60],
    ['2026-11-23T09:15:00.000Z', '2026-11-23', '09:15', 'monday', 0],
  ])('%s → %s %s %s (+%i)', (iso, date, time, weekday, offset) => {
    expect(instantToZoned(new Date(iso), tz)).toMatchObject({ date, time, weekday, offsetMinutes: offset });
    expect(offsetMinutesAt(new Date(iso), tz)).toBe(offset);
  });

  it('knows today in London just after midnight in summer', () => {
    expect(todayIn(tz, new Date('2026-07-31T23:10:00Z'))).toBe('2026-08-01');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-03-28', 1, '2026-03-29'],
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-10-24', 1, '2026-10-25'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-11-22', 56, '2027-01-17'],
  ])('%s + %i = %s', (date, n, result) => {
    expect(addDays(date, n)).toBe(result);
    expect(daysBetween(date, result)).toBe(n);
  });

  it.each([
    ['2026-03-29', 'sunday'],
    ['2026-03-30', 'monday'],
    ['2026-12-25', 'friday'],
    ['2027-12-25', 'saturday'],
    ['2026-11-22', 'sunday'],
  ])('%s is a %s', (date, weekday) => expect(weekdayOf(date)).toBe(weekday));
});

describe('the ends of the four-digit years', () => {
  it.each([
    // Before 1847 London kept local mean time, 1 min 15 s behind Greenwich.
    ['0000-01-01', '00:00', '0000-01-01T00:01:15.000Z', 'saturday'],
    ['0000-02-29', '12:00', '0000-02-29T12:01:15.000Z', 'tuesday'], // year 0 is a leap year (divisible by 400)
    ['0099-12-31', '09:00', '0099-12-31T09:01:15.000Z', 'thursday'], // not 1999: Date.UTC's two-digit years
    ['1847-12-01', '09:00', '1847-12-01T09:00:00.000Z', 'wednesday'],
    ['2026-02-28', '09:00', '2026-02-28T09:00:00.000Z', 'saturday'],
    ['2028-02-29', '09:00', '2028-02-29T09:00:00.000Z', 'tuesday'],
    ['9999-07-01', '09:00', '9999-07-01T08:00:00.000Z', 'thursday'], // today's summer-time rule, carried on
    ['9999-12-31', '23:59', '9999-12-31T23:59:00.000Z', 'friday'],
  ])('%s %s ↔ %s, a %s', (date, time, iso, weekday) => {
    expect(zonedDateTimeToInstant(date, time, tz, 'reject').toISOString()).toBe(iso);
    expect(instantToZoned(new Date(iso), tz)).toMatchObject({ date, time, weekday });
    expect(isUnambiguousWallTime(date, time, tz)).toBe(true);
    expect(weekdayOf(date)).toBe(weekday);
  });

  it.each([
    ['0000-01-01', 0, '0000-01-01'],
    ['0000-02-28', 1, '0000-02-29'],
    ['0099-12-31', 1, '0100-01-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['9999-12-30', 1, '9999-12-31'],
    ['9999-12-31', -3652424, '0000-01-01'],
  ])('%s + %i = %s', (date, n, result) => {
    expect(addDays(date, n)).toBe(result);
    expect(daysBetween(date, result)).toBe(n);
  });

  it.each([
    ['2026-02-29', 'not a date in a common year'],
    ['2027-02-29', 'not a date in a common year'],
    ['10000-01-01', 'five digits'],
    ['+002026-01-01', 'an expanded year'],
  ])('refuses %s (%s) as a RangeError, never a wrong answer', (date) => {
    expect(() => zonedDateTimeToInstant(date, '09:00', tz)).toThrow(RangeError);
    expect(() => weekdayOf(date)).toThrow(RangeError);
  });

  it.each([
    ['9999-12-31', 1],
    ['0000-01-01', -1],
    ['2026-01-01', 8_000 * 366],
  ])('%s + %i leaves the four-digit years: a RangeError, not a date that sorts wrongly', (date, n) => {
    expect(() => addDays(date, n)).toThrow(RangeError);
  });

  it('answers instants at both ends, and refuses one whose London date has five digits', () => {
    expect(todayIn(tz, new Date('9999-12-31T23:59:59.999Z'))).toBe('9999-12-31');
    expect(todayIn(tz, new Date('0000-01-01T00:01:15.000Z'))).toBe('0000-01-01');
    expect(offsetMinutesAt(new Date('0000-06-01T12:00:00Z'), tz)).toBe(-1);
    expect(() => todayIn(tz, new Date('+010000-01-01T00:00:00Z'))).toThrow(RangeError);
    expect(() => instantToZoned(Number.NaN, tz)).toThrow(RangeError);
  });
});
