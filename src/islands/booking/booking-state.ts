import type { Slot } from '../../domain/booking-api-schemas.ts';
import type { ButtonStatus } from '../forms/status.ts';
import { EMPTY_ANSWERS, STEP, type Answers, type StepIndex, type Stored } from './answer-basics.ts';

/**
 * The booking form's state in one reducer: where the visitor is, what they answered, and how the
 * confirming went (its transitions are confirm-state.ts, loaded with the review step). Pure, so its
 * table-driven tests (booking-state.test.ts) hold every transition; what the browser must also do
 * (history, focus, storage) is done by use-booking-flow.ts beside it.
 */

/** A day's times the server just sent (the 409 `slot_taken` answer carries them). */
export type FreshDay = { date: string; slots: Slot[] };

/**
 * The booking this device already made of the same dogs at the same start (the 409 `already_booked`
 * answer carries it): while set, the form asks "book another?" (docs/decisions/099).
 */
export type AlreadyBooked = { bookingId: string; dogs: string[]; start: string };

export interface BookingState {
  /** 'start' until the visit's starting point (saved answers, ?type=) is known. */
  phase: 'start' | 'ready';
  step: StepIndex;
  answers: Answers;
  /** Steps whose "Next" was pressed with something still to fix: their errors show. */
  attempted: readonly StepIndex[];
  /** Someone else took the chosen time a moment ago. */
  slotTaken: boolean;
  freshDay: FreshDay | null;
  confirmStatus: ButtonStatus;
  confirmError: string | null;
  alreadyBooked: AlreadyBooked | null;
}

export const INITIAL_STATE: BookingState = {
  phase: 'start',
  step: STEP.service,
  answers: EMPTY_ANSWERS,
  attempted: [],
  slotTaken: false,
  freshDay: null,
  confirmStatus: 0,
  confirmError: null,
  alreadyBooked: null,
};

export type Owner = { name?: string | null; phone?: string | null; email?: string | null };

export type BookingAction =
  /** The visit's starting point; `resumed` when it comes from saved answers or the address. */
  | { type: 'started'; start: Stored; resumed: boolean }
  | { type: 'answered'; patch: Partial<Answers> }
  | { type: 'went'; step: StepIndex }
  | { type: 'stuck'; step: StepIndex }
  /** A returning device's owner (the phone as shown): fills only what the visitor has not typed. */
  | { type: 'prefilled'; owner: Owner }
  /** A time chosen: its day, start and, for several dogs, how they sit then (docs/decisions/082). */
  | { type: 'timeChosen'; time: Pick<Answers, 'date' | 'start' | 'placement'> }
  /**
   * What confirming did (confirm-state.ts): its transitions are loaded with the review step that
   * uses them, not with the first step.
   */
  | { type: 'confirm'; apply(s: BookingState): BookingState };

/** Where a visit starts: this tab's saved answers, a service from the address, or the first step. */
export function startingPoint(
  stored: Stored | null,
  type: string | null,
  chosenBeforeHydration: string | null,
): Stored {
  if (stored) {
    // A new ?type= from a button elsewhere on the site wins over a half-finished earlier choice.
    if (type && type !== stored.answers.serviceId)
      return { step: STEP.dog, answers: { ...stored.answers, serviceId: type, extras: [], date: null, start: null } };
    if (stored.step === STEP.service && chosenBeforeHydration)
      return { step: STEP.service, answers: { ...stored.answers, serviceId: chosenBeforeHydration } };
    return stored;
  }
  if (type) return { step: STEP.dog, answers: { ...EMPTY_ANSWERS, serviceId: type } };
  return { step: STEP.service, answers: { ...EMPTY_ANSWERS, serviceId: chosenBeforeHydration } };
}

// Extras are offered per service: another service starts with none rather than some it may not offer.
const answered = (s: BookingState, patch: Partial<Answers>): BookingState => ({
  ...s,
  answers: {
    ...s.answers,
    ...(patch.serviceId && patch.serviceId !== s.answers.serviceId ? { extras: [] } : {}),
    ...patch,
  },
});

export function bookingReducer(s: BookingState, action: BookingAction): BookingState {
  switch (action.type) {
    case 'started':
      // On the first step the visitor may have chosen since (the form is on show): their choice wins.
      return action.resumed
        ? { ...s, phase: 'ready', ...action.start }
        : { ...answered(s, { serviceId: s.answers.serviceId ?? action.start.answers.serviceId }), phase: 'ready' };
    case 'answered':
      return answered(s, action.patch);
    case 'went':
      return { ...s, step: action.step };
    case 'stuck':
      return s.attempted.includes(action.step) ? s : { ...s, attempted: [...s.attempted, action.step] };
    case 'prefilled':
      return answered(s, {
        ownerName: s.answers.ownerName || action.owner.name || '',
        phone: s.answers.phone || action.owner.phone || '',
        email: s.answers.email || action.owner.email || '',
      });
    case 'timeChosen':
      return { ...answered(s, action.time), slotTaken: false };
    case 'confirm':
      return action.apply(s);
  }
}
