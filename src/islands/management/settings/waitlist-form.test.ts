import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS, WaitlistSettingsSchema } from '../../../domain/booking-settings.ts';
import { heldFor, waitlistFormOf, waitlistOf, type WaitlistForm } from './waitlist-form.ts';

const FORM = waitlistFormOf(DEFAULT_BOOKING_SETTINGS.waitlist);
const edit = (change: Partial<WaitlistForm>): WaitlistForm => ({ ...FORM, ...change });

describe('the waitlist settings form', () => {
  it('reads back the settings it was given', () =>
    expect(waitlistOf(FORM)).toEqual({ waitlist: DEFAULT_BOOKING_SETTINGS.waitlist }));

  it.each<[string, Partial<WaitlistForm>, string | Record<string, unknown>]>([
    ['one owner at a time', { offersAtOnce: '1' }, { offersAtOnce: 1 }],
    ['ten at a time, the most', { offersAtOnce: '10' }, { offersAtOnce: 10 }],
    ['a day to answer', { offerMinutes: '1440' }, { offerMinutes: 1440 }],
    ['quieter hours', { from: '09:30', to: '19:00' }, { wakingHours: { from: '09:30', to: '19:00' } }],
    ['nobody offered', { offersAtOnce: '0' }, 'Owners offered a freed time at once: a whole number from 1 to 10'],
    ['eleven at a time', { offersAtOnce: '11' }, 'Owners offered a freed time at once: a whole number from 1 to 10'],
    [
      'two and a half owners',
      { offersAtOnce: '2.5' },
      'Owners offered a freed time at once: a whole number from 1 to 10',
    ],
    ['five minutes', { offerMinutes: '5' }, 'How long an offer is held: 10 to 1440 minutes (1 day)'],
    ['over a day', { offerMinutes: '1441' }, 'How long an offer is held: 10 to 1440 minutes (1 day)'],
    ['an hour in words', { offerMinutes: 'an hour' }, 'How long an offer is held: 10 to 1440 minutes (1 day)'],
    ['a time left empty', { to: '' }, 'Waking hours: give both times, like 08:00'],
    ['hours back to front', { from: '21:00', to: '08:00' }, 'Waking hours: the last time must be after the first'],
    ['no hours at all', { from: '08:00', to: '08:00' }, 'Waking hours: the last time must be after the first'],
  ])('%s', (_, change, expected) => {
    const made = waitlistOf(edit(change));
    if (typeof expected === 'string') expect(made).toEqual({ problem: expected });
    else {
      expect('waitlist' in made && made.waitlist).toMatchObject(expected);
      // What the form lets through, the server's schema takes.
      expect(WaitlistSettingsSchema.safeParse('waitlist' in made && made.waitlist).success).toBe(true);
    }
  });

  it.each([
    ['60', 'That is 1 hour. '],
    ['90', 'That is 90 min. '],
    ['30', ''],
    ['soon', ''],
  ])('says %s minutes in words: "%s"', (offerMinutes, words) => {
    expect(heldFor(edit({ offerMinutes }))).toBe(words);
  });
});
