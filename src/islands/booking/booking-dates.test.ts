import { describe, expect, it } from 'vitest';
import { writtenDate, writtenTime, writtenWhen, zonedDate } from '../../domain/written-dates.ts';
import { formatDuration } from './duration.ts';

/** The dates, times and durations as the booking pages write them (src/domain/written-dates.ts). */

describe('booking dates and times, in Europe/London', () => {
  it.each([
    ['2026-12-01T10:30:00.000Z', 'Tuesday 1 December, 10:30'],
    // British Summer Time: 09:00 UTC is 10:00 in London.
    ['2026-07-14T09:00:00.000Z', 'Tuesday 14 July, 10:00'],
    // The last Sunday of March 2027 (28th): clocks go forward at 01:00 UTC.
    ['2027-03-29T08:00:00.000Z', 'Monday 29 March, 09:00'],
    ['2027-03-27T09:00:00.000Z', 'Saturday 27 March, 09:00'],
    // Late evening UTC in summer is already the next day in London.
    ['2026-08-31T23:30:00.000Z', 'Tuesday 1 September, 00:30'],
  ])('%s reads %s', (instant, expected) => {
    expect(writtenWhen(instant, 'Europe/London', { weekday: 'long' })).toBe(expected);
  });

  it('adds the year when asked', () => {
    expect(writtenWhen('2026-12-01T10:30:00.000Z', 'Europe/London', { weekday: 'long', year: true })).toBe(
      'Tuesday 1 December 2026, 10:30',
    );
  });

  it('reads a calendar date without shifting it', () => {
    expect(writtenDate('2026-10-25', { weekday: 'long' })).toBe('Sunday 25 October');
    expect(writtenDate('2026-10-25', { weekday: 'short' })).toBe('Sun 25 October');
    expect(zonedDate('2026-10-24T23:30:00.000Z', 'Europe/London')).toBe('2026-10-25');
    expect(writtenTime('2026-10-25T09:00:00.000Z', 'Europe/London')).toBe('09:00');
  });

  it.each([
    [45, '45 min'],
    [60, '1 h'],
    [90, '1 h 30 min'],
    [120, '2 h'],
  ])('%i minutes read %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});
