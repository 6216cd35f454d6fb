import { describe, expect, it } from 'vitest';
import { EMPTY_ANSWERS } from './answer-basics.ts';
import { INITIAL_STATE, bookingReducer, type BookingState } from './booking-state.ts';
import { confirmReducer, confirmStep, type ConfirmAction } from './confirm-state.ts';

const slot = { start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T11:00:00.000Z' } as never;
const ready: BookingState = { ...INITIAL_STATE, phase: 'ready' };
const booked = { bookingId: 'b'.repeat(24), dogs: ['Biscuit'], start: '2026-12-14T11:45:00.000Z' };
describe('confirmReducer', () => {
  const cases: Array<[string, BookingState, ConfirmAction, Partial<BookingState>]> = [
    [
      'confirming clears the error',
      { ...ready, confirmError: 'x' },
      { type: 'confirming' },
      { confirmStatus: 1, confirmError: null },
    ],
    ['confirmed', ready, { type: 'confirmed' }, { confirmStatus: 4 }],
    ['a failure is said', ready, { type: 'confirmFailed', error: 'No' }, { confirmStatus: 3, confirmError: 'No' }],
    ['the button settles', { ...ready, confirmStatus: 3 }, { type: 'confirmSettled' }, { confirmStatus: 0 }],
    [
      'a taken time keeps every answer but the time and shows the day afresh',
      {
        ...ready,
        confirmStatus: 1,
        answers: { ...EMPTY_ANSWERS, dogName: 'Bella', date: '2026-12-01', start: '10:00' },
      },
      { type: 'slotTaken', slots: [slot] },
      {
        confirmStatus: 0,
        slotTaken: true,
        freshDay: { date: '2026-12-01', slots: [slot] },
        answers: { ...EMPTY_ANSWERS, dogName: 'Bella', date: '2026-12-01', start: null },
      },
    ],
    [
      'this device booked the same already: the form asks, its button ready again',
      { ...ready, confirmStatus: 1 },
      { type: 'alreadyBooked', booked },
      { confirmStatus: 0, alreadyBooked: booked },
    ],
    [
      '"No" puts the question away',
      { ...ready, alreadyBooked: booked },
      { type: 'notAnother' },
      { alreadyBooked: null },
    ],
    [
      '"Yes" books, the question put away',
      { ...ready, alreadyBooked: booked },
      { type: 'confirming' },
      { confirmStatus: 1, alreadyBooked: null },
    ],
  ];
  it.each(cases)('%s', (_, before, action, expected) => {
    expect(confirmReducer(before, action)).toEqual({ ...before, ...expected });
  });

  it('reaches the form through its reducer', () => {
    expect(bookingReducer(ready, confirmStep({ type: 'confirmed' }))).toEqual({ ...ready, confirmStatus: 4 });
  });
});
