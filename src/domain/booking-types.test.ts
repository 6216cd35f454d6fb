import { describe, expect, it } from 'vitest';
import { BookingTypeSchema, sortBookingTypes, type BookingType } from './booking-types.ts';

const make = (id: string, order: number, title = id): BookingType => ({
  _id: id,
  title,
  price: 1000,
  duration: 30,
  description: '',
  display_order: order,
});

describe('sortBookingTypes', () => {
  it.each([
    { name: 'ascending display_order', input: [make('b', 2), make('a', 1), make('c', 3)], ids: ['a', 'b', 'c'] },
    { name: 'ties by title', input: [make('x', 1, 'Nail'), make('y', 1, 'Bath')], ids: ['y', 'x'] },
    { name: 'negative orders first', input: [make('a', 0), make('b', -1)], ids: ['b', 'a'] },
    { name: 'empty', input: [], ids: [] },
  ])('$name', ({ input, ids }) => {
    expect(sortBookingTypes(input).map((t) => t._id)).toEqual(ids);
  });

  it('does not reorder its argument', () => {
    const input = [make('b', 2), make('a', 1)];
    sortBookingTypes(input);
    expect(input.map((t) => t._id)).toEqual(['b', 'a']);
  });
});

describe('BookingTypeSchema', () => {
  it.each([
    [{ ...make('a', 1), price: 10.5 }, false],
    [{ ...make('a', 1), price: -1 }, false],
    [{ ...make('a', 1), duration: 0 }, false],
    [make('a', 1), true],
  ])('%o valid: %s', (value, valid) => {
    expect(BookingTypeSchema.safeParse(value).success).toBe(valid);
  });
});
