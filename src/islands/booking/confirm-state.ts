import type { Slot } from '../../domain/booking-api-schemas.ts';
import type { BookingAction, BookingState } from './booking-state.ts';

/**
 * What confirming and the code check do to the form's state (booking-state.ts). Only the review step
 * confirms, so these transitions are loaded with it (docs/decisions/055), not with the first step:
 * `confirmStep` hands one to the form's reducer. Pure, table-tested (confirm-state.test.ts).
 */
export type ConfirmAction =
  | { type: 'confirming' }
  | { type: 'confirmed' }
  | { type: 'confirmFailed'; error: string }
  | { type: 'confirmSettled' }
  | { type: 'slotTaken'; slots: Slot[] }
  | { type: 'codeSending'; phone: string }
  | { type: 'codeSent'; requestId: string | null; error: string | null }
  | { type: 'codeTyped'; code: string }
  /** The code was wrong (its request still stands) or expired (a new one is needed). */
  | { type: 'codeRefused'; error: string | null; expired: boolean };

const checking = (s: BookingState, patch: Partial<NonNullable<BookingState['phoneCheck']>>): BookingState =>
  s.phoneCheck ? { ...s, phoneCheck: { ...s.phoneCheck, ...patch } } : s;

export function confirmReducer(s: BookingState, action: ConfirmAction): BookingState {
  switch (action.type) {
    case 'confirming':
      return { ...s, confirmStatus: 1, confirmError: null };
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
    case 'codeSending':
      return { ...s, phoneCheck: { phone: action.phone, requestId: null, code: '', sending: true, error: null } };
    case 'codeSent':
      return checking(s, { sending: false, requestId: action.requestId, error: action.error });
    case 'codeTyped':
      return checking(s, { code: action.code, error: null });
    case 'codeRefused':
      return {
        ...checking(s, { code: '', error: action.error, ...(action.expired ? { requestId: null } : {}) }),
        confirmStatus: 0,
      };
  }
}

/** `action` as the form's reducer takes it. */
export const confirmStep = (action: ConfirmAction): BookingAction => ({
  type: 'confirm',
  apply: (s) => confirmReducer(s, action),
});
