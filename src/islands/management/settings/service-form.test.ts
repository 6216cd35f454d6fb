import { describe, expect, it } from 'vitest';
import { EMPTY_SERVICE, serviceBody, serviceFormOf } from './service-form.ts';

const FILLED = { ...EMPTY_SERVICE, title: ' Nail Clip ', price: '12.50', duration: '15', kind: 'nails' };

describe('serviceBody', () => {
  it.each([
    ['no title', { title: '  ' }, 'Please give the service a title'],
    ['a price in words', { price: 'twelve' }, 'Please give the price in pounds, like 45 or 45.50'],
    ['three decimals', { price: '12.505' }, 'Please give the price in pounds, like 45 or 45.50'],
    ['a duration under 5', { duration: '4' }, 'The duration is in minutes, from 5 to 600'],
    ['a part minute', { duration: '7.5' }, 'The duration is in minutes, from 5 to 600'],
    ['an order over 10000', { display_order: '10001' }, 'The order is a whole number from 0 to 10000'],
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
      },
    }));

  it('reads back what it was given', () => {
    const service = {
      _id: 'nails',
      title: 'Nail Clip',
      kind: 'nails',
      price: 1000,
      duration: 15,
      description: '<p>Nails.</p>',
      descriptionHtml: '<p>Nails.</p>',
      display_order: 70,
      active: false,
      bookingsAhead: 0,
    };
    expect(serviceFormOf(service)).toEqual({
      title: 'Nail Clip',
      price: '10.00',
      duration: '15',
      description: '<p>Nails.</p>',
      display_order: '70',
      kind: 'nails',
      active: false,
    });
  });
});
