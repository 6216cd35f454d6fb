import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS } from '../../../domain/booking-settings.ts';
import { editableSettingsOf, NO_SHOW_SETTINGS } from '../../../domain/shop-settings.ts';
import { changedRules, rulesFormOf, rulesOf, type RulesForm } from './rules-form.ts';

const SAVED = editableSettingsOf(DEFAULT_BOOKING_SETTINGS);
const FORM = rulesFormOf(SAVED);
const edit = (change: Partial<RulesForm>): RulesForm => ({ ...FORM, ...change });

describe('rulesOf', () => {
  // The no-show rules, the waitlist and check-in have their own panels and forms (no-show-form.ts, waitlist-form.ts, check-in-form.ts).
  const own = Object.fromEntries(
    Object.entries(SAVED).filter(
      ([k]) => k !== 'waitlist' && k !== 'checkIn' && !(NO_SHOW_SETTINGS as readonly string[]).includes(k),
    ),
  );
  it('reads back the rules it was given', () => expect(rulesOf(FORM)).toEqual({ settings: own }));

  it.each([
    [
      'a day closing before it opens',
      edit({ hours: { ...FORM.hours, monday: { open: true, opens: '18:00', closes: '09:00' } } }),
      'Monday must close after it opens',
    ],
    ['no tables', edit({ capacity: '0' }), 'Tables: a whole number from 1 to 50'],
    [
      'a deposit in words',
      edit({ depositKind: 'fixed', depositPounds: 'ten' }),
      'Please give the deposit in pounds, like 10 or 12.50',
    ],
    [
      'a deposit of nothing',
      edit({ depositKind: 'fixed', depositPounds: '0' }),
      'Please give the deposit in pounds, like 10 or 12.50',
    ],
    [
      'a percentage over 100',
      edit({ depositKind: 'percent', depositPercent: '101' }),
      'The deposit percentage is from 1 to 100',
    ],
    ['notice over 30 days', edit({ noticeHours: '721' }), 'Notice: from 0 hours to 30 days (720 hours)'],
    ['notice in words', edit({ noticeHours: 'soon' }), 'Notice: from 0 hours to 30 days (720 hours)'],
    ['booking ahead 0 weeks', edit({ horizonWeeks: '0' }), 'Booking ahead: 1 to 104 weeks'],
    ['cancellation over two weeks', edit({ cancellationHours: '337' }), 'Free cancellation: 0 to 336 hours before'],
    [
      'a small dog of 0 kg',
      edit({ smallUpToKg: '0' }),
      'Dog sizes: weights in kg, above 0 and up to 100, like 10 or 12.5',
    ],
    [
      'a negative weight',
      edit({ smallUpToKg: '-5' }),
      'Dog sizes: weights in kg, above 0 and up to 100, like 10 or 12.5',
    ],
    [
      'a weight over 100 kg',
      edit({ mediumUpToKg: '101' }),
      'Dog sizes: weights in kg, above 0 and up to 100, like 10 or 12.5',
    ],
    [
      'a weight in words',
      edit({ mediumUpToKg: 'heavy' }),
      'Dog sizes: weights in kg, above 0 and up to 100, like 10 or 12.5',
    ],
    [
      'a medium limit below the small one',
      edit({ smallUpToKg: '25', mediumUpToKg: '10' }),
      'Dog sizes: a medium dog must be allowed to weigh more than a small one',
    ],
    [
      'equal limits',
      edit({ smallUpToKg: '12', mediumUpToKg: '12' }),
      'Dog sizes: a medium dog must be allowed to weigh more than a small one',
    ],
    ['no dogs in a booking', edit({ maxDogs: '0' }), 'Dogs in one booking: a whole number from 1 to 6'],
    ['more dogs than any shop may take', edit({ maxDogs: '7' }), 'Dogs in one booking: a whole number from 1 to 6'],
    ['half a dog', edit({ maxDogs: '2.5' }), 'Dogs in one booking: a whole number from 1 to 6'],
  ])('%s', (_, form, problem) => expect(rulesOf(form)).toEqual({ problem }));

  it.each([
    [edit({ depositKind: 'fixed', depositPounds: '12.50' }), { kind: 'fixed', pence: 1250 }],
    [edit({ depositKind: 'percent', depositPercent: '20' }), { kind: 'percent', percent: 20 }],
    [edit({ depositKind: 'none', depositPounds: 'ignored' }), { kind: 'none' }],
  ])('deposit %#', (form, deposit) => expect(rulesOf(form)).toMatchObject({ settings: { deposit } }));

  it.each([
    [edit({ maxDogs: '1', partyPlacement: 'either' }), { maxDogsPerBooking: 1, partyPlacement: 'either' }],
    [
      edit({ maxDogs: ' 6 ', partyPlacement: 'side_by_side' }),
      { maxDogsPerBooking: 6, partyPlacement: 'side_by_side' },
    ],
    [
      edit({ maxDogs: '2', partyPlacement: 'one_after_another' }),
      { maxDogsPerBooking: 2, partyPlacement: 'one_after_another' },
    ],
  ])('several dogs %#', (form, party) => expect(rulesOf(form)).toMatchObject({ settings: party }));

  it('a closed day is null, half an hour of notice is 30 minutes', () =>
    expect(
      rulesOf(edit({ noticeHours: '0.5', hours: { ...FORM.hours, sunday: { open: false, opens: '', closes: '' } } })),
    ).toMatchObject({ settings: { minNoticeMinutes: 30, openingHours: { sunday: null } } }));

  it.each([
    [edit({ smallUpToKg: '12.5', mediumUpToKg: ' 30 ' }), { small: 12.5, medium: 30 }],
    [edit({ smallUpToKg: '8', mediumUpToKg: '100' }), { small: 8, medium: 100 }],
  ])('size limits %#', (form, sizeLimitsKg) => expect(rulesOf(form)).toMatchObject({ settings: { sizeLimitsKg } }));
});

describe('changedRules', () => {
  it('sends only the size limits when only they changed', () =>
    expect(changedRules({ ...SAVED, sizeLimitsKg: { small: 12, medium: 25 } }, SAVED)).toEqual({
      sizeLimitsKg: { small: 12, medium: 25 },
    }));

  it.each([
    ['nothing', SAVED, {}],
    ['one rule', { ...SAVED, capacity: SAVED.capacity + 1 }, { capacity: SAVED.capacity + 1 }],
    [
      'a day of the hours sends the whole week',
      { ...SAVED, openingHours: { ...SAVED.openingHours, sunday: { opens: '10:00', closes: '14:00' } } },
      { openingHours: { ...SAVED.openingHours, sunday: { opens: '10:00', closes: '14:00' } } },
    ],
  ])('%s', (_, next, change) => expect(changedRules(next, SAVED)).toEqual(change));
});
