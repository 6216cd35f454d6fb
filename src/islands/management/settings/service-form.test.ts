import { describe, expect, it } from 'vitest';
import { EMPTY_SERVICE, serviceBody, serviceFormOf, sizesOf, sizesSaid, type SizesValues } from './service-form.ts';

const FILLED = { ...EMPTY_SERVICE, title: ' Nail Clip ', price: '12.50', duration: '15', kind: 'nails' };
const NONE = EMPTY_SERVICE.sizes;
const sized = (change: Partial<SizesValues>): SizesValues => ({ ...NONE, ...change });

describe('serviceBody', () => {
  it.each([
    ['no title', { title: '  ' }, 'Please give the service a title'],
    ['a price in words', { price: 'twelve' }, 'Please give the price in pounds, like 45 or 45.50'],
    ['three decimals', { price: '12.505' }, 'Please give the price in pounds, like 45 or 45.50'],
    ['a duration under 5', { duration: '4' }, 'The duration is in minutes, from 5 to 600'],
    ['a part minute', { duration: '7.5' }, 'The duration is in minutes, from 5 to 600'],
    ['an order over 10000', { display_order: '10001' }, 'The order is a whole number from 0 to 10000'],
    [
      'a size with a price and no minutes',
      { sizes: sized({ medium: { price: '55', duration: '' } }) },
      'Medium dogs: give both a price and minutes, or neither',
    ],
  ])('%s', (_, change, problem) => expect(serviceBody({ ...FILLED, ...change })).toEqual({ problem }));

  it('sends pence, minutes and the trimmed title', () =>
    expect(serviceBody({ ...FILLED, price: '£1,234.5' })).toEqual({
      body: {
        title: 'Nail Clip',
        price: 123_450,
        duration: 15,
        description: '',
        display_order: 100,
        kind: 'nails',
        active: true,
        sizes: [],
      },
    }));

  it('reads back what it was given', () => {
    const service = {
      _id: 'nails',
      title: 'Nail Clip',
      kind: 'nails',
      price: 1000,
      duration: 15,
      sizes: [{ size: 'large' as const, price: 1200, duration: 20 }],
      description: '<p>Nails.</p>',
      descriptionHtml: '<p>Nails.</p>',
      display_order: 70,
      active: false,
      bookingsAhead: 0,
    };
    const form = serviceFormOf(service);
    expect(form).toEqual({
      title: 'Nail Clip',
      price: '10.00',
      duration: '15',
      description: '<p>Nails.</p>',
      display_order: '70',
      kind: 'nails',
      active: false,
      sizes: sized({ large: { price: '12.00', duration: '20' } }),
    });
    expect(serviceBody(form)).toMatchObject({ body: { sizes: service.sizes } });
  });
});

describe('sizesOf', () => {
  it.each([
    ['none: one price for every dog', NONE, []],
    [
      'every size, small to large',
      sized({
        large: { price: '70', duration: '150' },
        small: { price: '£45', duration: '105' },
        medium: { price: '55.50', duration: ' 120 ' },
      }),
      [
        { size: 'small', price: 4500, duration: 105 },
        { size: 'medium', price: 5550, duration: 120 },
        { size: 'large', price: 7000, duration: 150 },
      ],
    ],
    ['blank spaces are no size', sized({ small: { price: '  ', duration: ' ' } }), []],
  ])('%s', (_, form, sizes) => expect(sizesOf(form)).toEqual({ sizes }));

  it.each([
    [
      'minutes and no price',
      sized({ small: { price: '', duration: '60' } }),
      'Small dogs: give both a price and minutes, or neither',
    ],
    [
      'a negative price',
      sized({ large: { price: '-5', duration: '60' } }),
      'Large dogs: the price in pounds, like 55 or 55.50',
    ],
    [
      'a price in words',
      sized({ small: { price: 'lots', duration: '60' } }),
      'Small dogs: the price in pounds, like 55 or 55.50',
    ],
    ['over 600 minutes', sized({ large: { price: '70', duration: '601' } }), 'Large dogs: the minutes, from 5 to 600'],
    ['under 5 minutes', sized({ medium: { price: '55', duration: '4' } }), 'Medium dogs: the minutes, from 5 to 600'],
    ['part minutes', sized({ medium: { price: '55', duration: '60.5' } }), 'Medium dogs: the minutes, from 5 to 600'],
  ])('refuses %s', (_, form, problem) => expect(sizesOf(form)).toEqual({ problem }));
});

describe('sizesSaid', () => {
  it('names each size with its price and length', () =>
    expect(
      sizesSaid([
        { size: 'small', price: 4500, duration: 105 },
        { size: 'medium', price: 5500, duration: 120 },
      ]),
    ).toBe('Small £45.00 (105 min) · Medium £55.00 (2 hours)'));
});
