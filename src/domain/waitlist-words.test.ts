import { describe, expect, it } from 'vitest';
import {
  anyDayFits,
  defaultWindow,
  isoWeekday,
  toldInWords,
  visitsInWords,
  whatSuitsInWords,
  type Part,
} from './waitlist-words.ts';
import { dogsOf, JoinWaitlistRequestSchema } from './waitlist.ts';

const BOTH: Part[] = ['morning', 'afternoon'];

describe('what suits, in words', () => {
  it.each([
    [
      { from: '2026-11-30', to: '2026-12-11', weekdays: [1, 2, 3, 4, 5], parts: ['morning'] },
      'any weekday morning from Mon 30 Nov to Fri 11 Dec',
    ],
    [
      { from: '2026-11-30', to: '2026-12-11', weekdays: [1, 2, 3, 4, 5, 6, 7], parts: BOTH },
      'any time from Mon 30 Nov to Fri 11 Dec',
    ],
    [{ from: '2026-12-01', to: '2026-12-01', weekdays: [2], parts: BOTH }, 'any time on Tue 1 Dec'],
    [
      { from: '2026-12-01', to: '2026-12-01', weekdays: [1, 2, 3, 4, 5, 6, 7], parts: ['afternoon'] },
      'any afternoon on Tue 1 Dec',
    ],
    [
      { from: '2026-11-30', to: '2026-12-13', weekdays: [6, 7], parts: ['afternoon'] },
      'any weekend afternoon from Mon 30 Nov to Sun 13 Dec',
    ],
    [
      { from: '2026-11-30', to: '2026-12-13', weekdays: [5, 1], parts: BOTH },
      'any Monday or Friday from Mon 30 Nov to Sun 13 Dec',
    ],
    [
      { from: '2026-11-30', to: '2026-12-13', weekdays: [3, 1, 5], parts: ['morning'] },
      'any Monday, Wednesday or Friday morning from Mon 30 Nov to Sun 13 Dec',
    ],
    [
      { from: '2026-11-30', to: '2026-12-13', weekdays: [2, 3, 4, 5, 6], parts: BOTH },
      'any Tuesday, Wednesday, Thursday, Friday or Saturday from Mon 30 Nov to Sun 13 Dec',
    ],
    [
      { from: '2026-12-24', to: '2026-12-24', weekdays: [1, 2, 3, 4, 5, 6], parts: ['afternoon'] },
      'any afternoon on Thu 24 Dec',
    ],
    [{ from: '2026-12-24', to: '2026-12-24', weekdays: [4], parts: BOTH }, 'any time on Thu 24 Dec'],
  ] as const)('%j is "%s"', (suits, words) => expect(whatSuitsInWords(suits)).toBe(words));
});

describe('the default window', () => {
  it.each([
    // Tuesday to Saturday shop: the day looked at and the next two weeks.
    ['2026-11-30', [2, 3, 4, 5, 6], '2026-12-31', { from: '2026-11-30', to: '2026-12-13', weekdays: [2, 3, 4, 5, 6] }],
    // Never past the last bookable day.
    ['2026-12-28', [6, 2], '2027-01-02', { from: '2026-12-28', to: '2027-01-02', weekdays: [2, 6] }],
    // Looking at the last bookable day itself.
    ['2027-01-02', [1, 2, 3, 4, 5], '2027-01-02', { from: '2027-01-02', to: '2027-01-02', weekdays: [1, 2, 3, 4, 5] }],
    // Opening hours unknown: every day.
    ['2026-11-30', [], '2026-12-31', { from: '2026-11-30', to: '2026-12-13', weekdays: [1, 2, 3, 4, 5, 6, 7] }],
  ] as const)('from %s (open %j, last %s)', (day, open, last, expected) =>
    expect(defaultWindow(day, open, last)).toEqual({ ...expected, parts: BOTH }),
  );
});

describe('weekdays and dates', () => {
  it.each([
    ['2026-11-30', 1],
    ['2026-12-05', 6],
    ['2026-12-06', 7],
    ['2027-03-28', 7],
  ])('%s is ISO weekday %i', (date, day) => expect(isoWeekday(date)).toBe(day));

  it.each([
    [{ from: '2026-11-30', to: '2026-11-30', weekdays: [1] }, true],
    [{ from: '2026-11-30', to: '2026-11-30', weekdays: [2] }, false],
    [{ from: '2026-12-01', to: '2026-12-04', weekdays: [6, 7] }, false],
    [{ from: '2026-12-01', to: '2027-02-01', weekdays: [6] }, true],
  ])('%j can be met: %s', (suits, fits) => expect(anyDayFits(suits)).toBe(fits));

  it.each([
    [{ text: true, email: false }, 'by text to the number ending 461'],
    [{ text: false, email: true }, 'by e-mail'],
    [{ text: true, email: true }, 'by text to the number ending 461 and by e-mail'],
  ])('told %j: %s', (notify, words) => expect(toldInWords(notify, '+447700900461')).toBe(words));
});

describe('the join request', () => {
  const valid = {
    serviceId: 'full',
    dog: { name: 'Pepper', breedId: 'beagle', weightKg: 10, coat: 'short' },
    from: '2026-11-30',
    to: '2026-12-11',
    weekdays: [1, 2, 3, 4, 5],
    parts: ['morning'],
    owner: { name: 'Robin Hart', phone: '07700 900461', email: '' },
    notify: { text: true, email: false },
    idempotencyKey: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  };
  const issues = (change: object) => {
    const result = JoinWaitlistRequestSchema.safeParse({ ...valid, ...change });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes a request and gives the number in E.164', () => {
    expect(JoinWaitlistRequestSchema.parse(valid).owner.phone).toBe('+447700900461');
  });
  it.each([
    [{ to: '2026-11-29' }, 'to: The last day must not be before the first'],
    [
      { notify: { text: false, email: false } },
      'notify: Please choose how we should tell you: by text, by e-mail or both',
    ],
    [{ notify: { text: false, email: true } }, 'owner.email: Please give your e-mail address to be told by e-mail'],
    [{ weekdays: [] }, 'weekdays: Please choose at least one day of the week'],
    [{ weekdays: [0] }, 'weekdays.0: Invalid input'],
    [{ parts: [] }, 'parts: Please choose morning, afternoon or both'],
    [{ parts: ['evening'] }, 'parts.0: Invalid input'],
  ])('%j is refused: %s', (change, message) => expect(issues(change)).toContain(message));
  it('refuses a weekday twice', () => expect(issues({ weekdays: [1, 1] })).toHaveLength(1));
});

describe('JoinWaitlistRequestSchema with several dogs', () => {
  const party = {
    dogs: [
      { serviceId: 'full', dog: { name: 'Bella', breedId: 'beagle', weightKg: 10, coat: 'short' } },
      { serviceId: 'bath', dog: { name: 'Otis', breedId: 'poodle', weightKg: 8, coat: 'long' }, extras: ['teeth'] },
    ],
    from: '2026-11-30',
    to: '2026-12-11',
    weekdays: [1, 2, 3, 4, 5],
    parts: ['morning'],
    owner: { name: 'Robin Hart', phone: '07700 900461', email: '' },
    notify: { text: true, email: false },
    idempotencyKey: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  };
  const issues = (body: object) => {
    const result = JoinWaitlistRequestSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes a party and every dog of it', () => {
    const parsed = JoinWaitlistRequestSchema.parse(party);
    expect(dogsOf(parsed).map((d) => d.dog.name)).toEqual(['Bella', 'Otis']);
    expect(parsed.owner.phone).toBe('+447700900461');
  });
  it.each([
    [{ ...party, dogs: [] }, 'dogs: Invalid input'],
    [{ ...party, serviceId: 'full' }, ': Invalid input'],
    [{ ...party, to: '2026-11-29' }, 'to: The last day must not be before the first'],
  ])('%j is refused: %s', (body, message) => expect(issues(body)).toContain(message));
  it('refuses seven dogs', () => expect(issues({ ...party, dogs: Array(7).fill(party.dogs[0]) })).toHaveLength(1));
});

describe('visitsInWords', () => {
  it.each([
    [[{ name: 'Pepper', service: 'Full Groom' }], "Pepper's Full Groom"],
    [
      [
        { name: 'Bella', service: 'Full Groom' },
        { name: 'Otis', service: 'Bath & Brush' },
      ],
      "Bella's Full Groom and Otis's Bath & Brush",
    ],
    [
      [
        { name: 'Bella', service: 'Full Groom' },
        { name: 'Otis', service: 'Full Groom' },
        { name: 'Moss', service: 'Puppy Intro' },
      ],
      "Bella's Full Groom, Otis's Full Groom and Moss's Puppy Intro",
    ],
  ])('%j is %s', (dogs, words) => expect(visitsInWords(dogs)).toBe(words));
});
