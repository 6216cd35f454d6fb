import type { Slot } from '../../domain/booking-api-schemas.ts';
import type { AlreadyBooked, BookingAction, BookingState } from './booking-state.ts';

/**
 * What confirming does to the form's state (booking-state.ts). Only the review step
 * confirms, so these transitions are loaded with it (docs/decisions/055), not with the first step:
 * `confirmStep` hands one to the form's reducer. Pure, table-tested (confirm-state.test.ts).
 */
export type ConfirmAction =
  | { type: 'confirming' }
  | { type: 'confirmed' }
  | { type: 'confirmFailed'; error: string }
  | { type: 'confirmSettled' }
  | { type: 'slotTaken'; slots: Slot[] }
  /** This device booked the same dogs at the same start already: the form asks first. */
  | { type: 'alreadyBooked'; booked: AlreadyBooked }
  /** "No" (or Escape): back to the form as it was, nothing booked. */
  | { type: 'notAnother' };

export function confirmReducer(s: BookingState, action: ConfirmAction): BookingState {
  switch (action.type) {
    case 'confirming':
      return { ...s, confirmStatus: 1, confirmError: null, alreadyBooked: null };
    case 'confirmed':
      return { ...s, confirmStatus: 4 };
    case 'confirmFailed':
      return { ...s, confirmStatus: 3, confirmError: action.error };
    case 'confirmSettled':
      return { ...s, confirmStatus: 0 };
    case 'slotTaken':
      // Every answer is kept but the time; the day's fresh times are shown at once.
      return {
        ...s,
        answers: { ...s.answers, start: null },
        confirmStatus: 0,
        slotTaken: true,
        freshDay: s.answers.date ? { date: s.answers.date, slots: action.slots } : s.freshDay,
      };
    case 'alreadyBooked':
      return { ...s, confirmStatus: 0, alreadyBooked: action.booked };
    case 'notAnother':
      return { ...s, alreadyBooked: null };
  }
}

/** `action` as the form's reducer takes it. */
export const confirmStep = (action: ConfirmAction): BookingAction => ({
  type: 'confirm',
  apply: (s) => confirmReducer(s, action),
});
