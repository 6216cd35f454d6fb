import { describe, expect, it } from 'vitest';
import { EMPTY_EXTRA, extraBody, extraFormOf, offeredWith, withService } from './extra-form.ts';

const SERVICES = [
  { _id: 'full', title: 'Full Groom' },
  { _id: 'shower', title: 'Bath & Brush' },
  { _id: 'nails', title: 'Nail Clip' },
];
const IDS = SERVICES.map((s) => s._id);
const FILLED = { ...EMPTY_EXTRA, title: ' Paw balm ', price: '4.50', minutes: '5' };

describe('extraBody', () => {
  it.each([
    ['no title', { title: '  ' }, 'Please give the extra a title'],
    ['a title of 81 characters', { title: 'x'.repeat(81) }, 'Please keep the title to 80 characters or fewer'],
    ['no price', { price: '' }, 'Please give the price in pounds, like 5 or 4.50'],
    ['a negative price', { price: '-5' }, 'Please give the price in pounds, like 5 or 4.50'],
    ['a price in words', { price: 'five' }, 'Please give the price in pounds, like 5 or 4.50'],
    ['more than £10,000', { price: '10000.01' }, 'Please give the price in pounds, like 5 or 4.50'],
    ['more than 240 minutes', { minutes: '241' }, 'The time it adds is in whole minutes, from 0 to 240'],
    ['a part minute', { minutes: '2.5' }, 'The time it adds is in whole minutes, from 0 to 240'],
    ['negative minutes', { minutes: '-5' }, 'The time it adds is in whole minutes, from 0 to 240'],
    ['an order over 10000', { display_order: '10001' }, 'The order is a whole number from 0 to 10000'],
  ])('%s', (_, change, problem) => expect(extraBody({ ...FILLED, ...change }, IDS)).toEqual({ problem }));

  it.each([
    ['none ticked: every service', [], []],
    ['ticked, sent in the services’ order', ['nails', 'full'], ['full', 'nails']],
    ['a service since removed is left out', ['full', 'cat-wash'], ['full']],
  ])('%s', (_, onlyWith, sent) =>
    expect(extraBody({ ...FILLED, onlyWith }, IDS)).toMatchObject({ body: { only_with: sent } }),
  );

  it('sends pence, minutes and trimmed text', () =>
    expect(extraBody({ ...FILLED, price: '£1,234.5', description: ' Soft pads. ', active: false }, IDS)).toEqual({
      body: {
        title: 'Paw balm',
        description: 'Soft pads.',
        price: 123_450,
        minutes: 5,
        only_with: [],
        display_order: 10,
        active: false,
      },
    }));

  it('reads back what it was given', () =>
    expect(
      extraFormOf({
        _id: 'teeth',
        title: 'Teeth brushing',
        description: 'Fresh breath.',
        price: 500,
        minutes: 0,
        only_with: ['full'],
        display_order: 2,
        active: true,
        bookingsAhead: 3,
      }),
    ).toEqual({
      title: 'Teeth brushing',
      description: 'Fresh breath.',
      price: '5.00',
      minutes: '0',
      display_order: '2',
      onlyWith: ['full'],
      active: true,
    }));
});

describe('the services an extra is offered with', () => {
  it.each([
    ['ticks one', [], 'nails', true, ['nails']],
    ['keeps the list order', ['nails'], 'full', true, ['full', 'nails']],
    ['unticks one', ['full', 'nails'], 'full', false, ['nails']],
    ['ticking twice keeps it once', ['full'], 'full', true, ['full']],
  ])('%s', (_, before, id, on, after) => expect(withService(before, id, on, IDS)).toEqual(after));

  it.each([
    [[], 'every service'],
    [['full', 'shower'], 'only with Full Groom, Bath & Brush'],
    [['cat-wash'], 'no service sold now'],
  ])('%j reads "%s"', (onlyWith, text) => expect(offeredWith(onlyWith, SERVICES)).toBe(text));
});
