import type { Coat } from '../../../domain/booking-api-schemas.ts';
import type { LookupCustomer, LookupDog } from '../../../domain/schedule.ts';
import type { StaffBookingRequestInput } from '../../../domain/staff-booking-request.ts';

/**
 * The phone booking's form as one value: who is calling, which dog, which service, extras and time, the
 * team's note, and the idempotency key of this attempt (a double tap books once). Pure, so the
 * rules of the form are tested without a browser (phone-booking.test.ts).
 */

export interface CallerDraft {
  name: string;
  phone: string;
  email: string;
}

export interface DogDraft {
  name: string;
  breedId: string;
  /** As typed. */
  weightKg: string;
  coat: Coat;
  nervous: boolean;
}

/** 'new' for a dog typed in. */
export const NEW_DOG = 'new';

export interface PhoneBookingState {
  /** Found by the lookup, typed in as new, or not yet known. */
  customer: LookupCustomer | 'new' | null;
  caller: CallerDraft;
  dogId: string;
  dog: DogDraft;
  service: string;
  /** The extras ticked; only those offered with the service are sent (`offeredExtras`). */
  extras: string[];
  date: string;
  start: string;
  note: string;
  key: string;
  /** Bumped when the free times shown are stale (a time just taken by someone else). */
  timesVersion: number;
}

export type PhoneBookingAction =
  | { type: 'found'; customer: LookupCustomer }
  | { type: 'newCustomer'; on: boolean }
  | { type: 'someoneElse' }
  | { type: 'caller'; patch: Partial<CallerDraft> }
  | { type: 'pickDog'; id: string }
  | { type: 'dog'; patch: Partial<DogDraft> }
  | { type: 'servicesLoaded'; first: string }
  | { type: 'service'; id: string }
  | { type: 'extra'; id: string; on: boolean }
  | { type: 'date'; date: string }
  | { type: 'start'; start: string }
  | { type: 'note'; note: string }
  /** The server said no: the next attempt is a new request; a time taken needs fresh times. */
  | { type: 'refused'; key: string; slotGone: boolean };

export function initialPhoneBooking(date: string, key: string): PhoneBookingState {
  return {
    customer: null,
    caller: { name: '', phone: '', email: '' },
    dogId: NEW_DOG,
    dog: { name: '', breedId: '', weightKg: '', coat: 'short', nervous: false },
    service: '',
    extras: [],
    date,
    start: '',
    note: '',
    key,
    timesVersion: 0,
  };
}

export function phoneBookingReducer(state: PhoneBookingState, action: PhoneBookingAction): PhoneBookingState {
  switch (action.type) {
    case 'found':
      return { ...state, customer: action.customer, dogId: action.customer.dogs[0]?.id ?? NEW_DOG };
    case 'newCustomer':
      return { ...state, customer: action.on ? 'new' : null, dogId: NEW_DOG };
    case 'someoneElse':
      return { ...state, customer: null, dogId: NEW_DOG };
    case 'caller':
      return { ...state, caller: { ...state.caller, ...action.patch } };
    // Another dog or weight may be another size, so another length: the time chosen may no longer fit.
    case 'pickDog':
      return { ...state, dogId: action.id, start: '' };
    case 'dog':
      return {
        ...state,
        dog: { ...state.dog, ...action.patch },
        start: 'weightKg' in action.patch ? '' : state.start,
      };
    case 'servicesLoaded':
      return state.service ? state : { ...state, service: action.first };
    // Another service or day: the time chosen no longer stands.
    case 'service':
      return { ...state, service: action.id, start: '' };
    // An extra's minutes change the visit's length, so the times that fit.
    case 'extra':
      return {
        ...state,
        extras: action.on
          ? [...state.extras.filter((id) => id !== action.id), action.id]
          : state.extras.filter((id) => id !== action.id),
        start: '',
      };
    case 'date':
      return { ...state, date: action.date, start: '' };
    case 'start':
      return { ...state, start: action.start };
    case 'note':
      return { ...state, note: action.note };
    case 'refused':
      return action.slotGone
        ? { ...state, key: action.key, start: '', timesVersion: state.timesVersion + 1 }
        : { ...state, key: action.key };
  }
}

/** The customer's saved dog chosen for this visit, if one is. */
export function chosenDog(state: PhoneBookingState): LookupDog | undefined {
  return state.customer && state.customer !== 'new' ? state.customer.dogs.find((d) => d.id === state.dogId) : undefined;
}

/** The dog's weight as the free times take it: the saved dog's, or the one typed once it is a weight. */
export function visitWeight(state: PhoneBookingState): number | undefined {
  const saved = chosenDog(state);
  if (saved) return saved.weightKg;
  const typed = Number(state.dog.weightKg.trim());
  return state.dog.weightKg.trim() !== '' && typed >= 0.5 && typed <= 100 ? typed : undefined;
}

/** The extras ticked that are offered with the service chosen, in the catalogue's order. */
export function offeredExtras(state: Pick<PhoneBookingState, 'extras'>, offered: readonly { id: string }[]): string[] {
  return offered.filter((e) => state.extras.includes(e.id)).map((e) => e.id);
}

/** A saved dog as the request takes it: as it is now (the breed's name is only for showing). */
function savedDog({ breed, ...dog }: LookupDog): Omit<LookupDog, 'breed'> {
  return dog;
}

/** The request the form makes, or what is missing first. */
export function phoneBookingRequest(
  state: PhoneBookingState,
  /** The extras offered with the service chosen: a tick left from another service is not sent. */
  offered: readonly { id: string }[] = [],
): { body: StaffBookingRequestInput } | { problem: string } {
  const { customer, caller, dog, note } = state;
  const extras = offeredExtras(state, offered);
  if (!customer) return { problem: 'Find the caller, or choose “New customer”.' };
  if (!state.start) return { problem: 'Choose one of the free times.' };
  const saved = chosenDog(state);
  return {
    body: {
      serviceId: state.service,
      start: state.start,
      idempotencyKey: state.key,
      dog: saved
        ? savedDog(saved)
        : {
            name: dog.name.trim(),
            breedId: dog.breedId,
            weightKg: Number(dog.weightKg),
            coat: dog.coat,
            nervous: dog.nervous,
          },
      customer:
        customer === 'new'
          ? {
              name: caller.name.trim(),
              phone: caller.phone.trim(),
              ...(caller.email.trim() ? { email: caller.email.trim() } : {}),
            }
          : { id: customer.id },
      ...(extras.length ? { extras } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    },
  };
}
