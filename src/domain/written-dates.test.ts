import { describe, expect, it } from 'vitest';
import { sameYear, writtenDate, writtenDay, writtenTime, writtenWhen, zonedDate } from './written-dates.ts';

const LONDON = 'Europe/London';

describe('written dates', () => {
  it.each([
    ['2026-12-01', {}, '1 December'],
    ['2026-12-01', { weekday: 'long' }, 'Tuesday 1 December'],
    ['2026-12-24', { weekday: 'short', month: 'short', year: true }, 'Thu 24 Dec 2026'],
    ['2026-11-24', { weekday: 'short', month: 'short' }, 'Tue 24 Nov'],
    ['2026-11-24', { weekday: 'long', year: true }, 'Tuesday 24 November 2026'],
    ['2027-03-28', { month: 'short', year: true }, '28 Mar 2027'],
  ] as const)('%s in %j is %s', (date, style, text) => expect(writtenDate(date, style)).toBe(text));

  it('never shifts a calendar date, whatever the zone of the machine', () =>
    expect(writtenDate('2026-01-01', { weekday: 'long', year: true })).toBe('Thursday 1 January 2026'));

  it.each([
    // British Summer Time: 22:00 UTC is 23:00 in London the same day; 23:30 UTC is the next day.
    ['2026-07-10T22:00:00Z', '2026-07-10', '23:00'],
    ['2026-07-10T23:30:00Z', '2026-07-11', '00:30'],
    // Winter: London is UTC.
    ['2026-11-24T10:00:00Z', '2026-11-24', '10:00'],
    // The clocks go forward at 01:00 UTC on 29 March 2026.
    ['2026-03-29T00:59:00Z', '2026-03-29', '00:59'],
    ['2026-03-29T01:00:00Z', '2026-03-29', '02:00'],
  ])('%s is %s at %s in London', (instant, date, time) => {
    expect(zonedDate(instant, LONDON)).toBe(date);
    expect(writtenTime(instant, LONDON)).toBe(time);
  });

  it('writes an instant with its date and time', () => {
    expect(writtenWhen('2026-12-01T10:30:00Z', LONDON, { weekday: 'long' })).toBe('Tuesday 1 December, 10:30');
    expect(writtenWhen('2026-11-24T10:00:00Z', LONDON, { weekday: 'long', year: true }, ' at ')).toBe(
      'Tuesday 24 November 2026 at 10:00',
    );
    expect(writtenDay('2026-07-10T23:30:00Z', LONDON, { month: 'short', year: true })).toBe('11 Jul 2026');
  });

  it('knows the year in the shop, not in UTC', () => {
    expect(sameYear('2026-12-31T23:30:00Z', new Date('2026-06-01T00:00:00Z'), LONDON)).toBe(true);
    expect(sameYear('2027-01-01T00:30:00Z', new Date('2026-06-01T00:00:00Z'), LONDON)).toBe(false);
    expect(sameYear('2026-12-31T23:30:00Z', new Date('2026-06-01T00:00:00Z'), 'Asia/Tokyo')).toBe(false);
  });

  // The styles the server and the domain wrote with Intl themselves before they came here (texts,
  // e-mails, the payment page, staff notices, passkey names, blog dates): the same words, to the letter.
  describe.each(['2026-11-24T10:00:00Z', '2026-07-01T23:30:00Z', '2026-12-31T23:59:00Z', '2026-03-29T01:05:00Z'])(
    'at %s, as en-GB Intl wrote it',
    (instant) => {
      const at = new Date(instant);
      const intl = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, ...options }).format(at);
      const time = { hour: '2-digit', minute: '2-digit' } as const;
      it.each([
        [
          { weekday: 'short', day: 'numeric', month: 'short', ...time },
          writtenWhen(at, LONDON, { weekday: 'short', month: 'short' }),
        ],
        [{ weekday: 'long', day: 'numeric', month: 'long' }, writtenDay(at, LONDON, { weekday: 'long' })],
        [{ day: 'numeric', month: 'long', year: 'numeric' }, writtenDay(at, LONDON, { year: true })],
        [{ day: 'numeric', month: 'short', year: 'numeric' }, writtenDay(at, LONDON, { month: 'short', year: true })],
      ] as const)('%j', (options, written) => expect(written).toBe(intl(options)));

      it('and with " at " between date and time', () => {
        expect(writtenWhen(at, LONDON, { month: 'short', year: true }, ' at ')).toBe(
          `${intl({ day: 'numeric', month: 'short', year: 'numeric' })} at ${intl(time)}`,
        );
        expect(writtenWhen(at, LONDON, { weekday: 'long' }, ' at ')).toBe(
          `${intl({ weekday: 'long', day: 'numeric', month: 'long' })} at ${intl(time)}`,
        );
      });
    },
  );
});
