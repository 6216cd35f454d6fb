import type { StaffWaitlistRequestInput } from '../../../domain/staff-waitlist-request.ts';
import { defaultWindow } from '../../../domain/waitlist-words.ts';
import type { Part } from '../../../domain/waitlist-words.ts';
import { chosenDog, offeredExtras, type PhoneBookingState } from './phone-booking.ts';

/**
 * "Add to the waitlist instead" (docs/decisions/087): the phone booking's answers (the caller, the
 * dog, the service and extras) and what suits the caller, as one request. Pure, so the defaults and
 * the rules are tested without a browser (caller-waitlist.test.ts).
 */

export interface CallerWaitlistAnswers {
  from: string;
  to: string;
  weekdays: number[];
  parts: Part[];
  byText: boolean;
  byEmail: boolean;
}

/** The shop's usual days, Monday to Saturday: a caller who wants Sunday says so. */
export const USUAL_WEEKDAYS = [1, 2, 3, 4, 5, 6];

/** The caller's name, number and e-mail: the record the lookup found, or those typed in. */
export function callerOf(state: Pick<PhoneBookingState, 'customer' | 'caller'>): {
  name: string;
  phone: string;
  email: string;
} {
  const { customer, caller } = state;
  if (customer && customer !== 'new')
    return { name: customer.name.trim(), phone: customer.phone ?? '', email: customer.email.trim() };
  return { name: caller.name.trim(), phone: caller.phone.trim(), email: caller.email.trim() };
}

/**
 * What the form offers first: the day the caller wanted (today if that has passed) and the two weeks
 * from it, as the online form offers (never past the last bookable day when it is known), Monday to
 * Saturday, morning and afternoon; told by text, and by e-mail too when there is an address.
 */
export function callerWaitlistDefaults(
  wanted: string,
  today: string,
  email: string,
  lastBookableDay?: string,
): CallerWaitlistAnswers {
  const from = wanted < today ? today : wanted;
  const window = defaultWindow(from, USUAL_WEEKDAYS, lastBookableDay ?? '9999-12-31');
  return {
    from: window.from,
    to: window.to,
    weekdays: [...window.weekdays],
    parts: [...window.parts],
    byText: true,
    byEmail: email !== '',
  };
}

/** The request the caller's form makes, or what is missing first (in the dialog's words). */
export function callerWaitlistRequest(
  state: PhoneBookingState,
  offered: readonly { id: string }[],
  form: CallerWaitlistAnswers,
  idempotencyKey: string,
): { body: StaffWaitlistRequestInput } | { problem: string } {
  const { customer, dog } = state;
  if (!customer) return { problem: 'Find the caller, or choose “New customer”.' };
  const owner = callerOf(state);
  if (customer !== 'new' && !owner.phone)
    return { problem: "This customer's record has no mobile number: type them in as a new customer." };
  if (!state.service) return { problem: 'Choose the service.' };
  const saved = chosenDog(state);
  const extras = offeredExtras(state, offered);
  return {
    body: {
      serviceId: state.service,
      dog: saved
        ? {
            name: saved.name,
            breedId: saved.breedId,
            weightKg: saved.weightKg,
            coat: saved.coat,
            ...(saved.notes.trim() ? { notes: saved.notes.trim() } : {}),
            ...(saved.nervous ? { nervous: true } : {}),
          }
        : {
            name: dog.name.trim(),
            breedId: dog.breedId,
            weightKg: Number(dog.weightKg),
            coat: dog.coat,
            ...(dog.nervous ? { nervous: true } : {}),
          },
      ...(extras.length ? { extras } : {}),
      from: form.from,
      to: form.to,
      weekdays: [...form.weekdays].sort((a, b) => a - b),
      parts: form.parts,
      owner,
      notify: { text: form.byText, email: form.byEmail },
      ...(customer !== 'new' ? { customerId: customer.id } : {}),
      idempotencyKey,
    },
  };
}
