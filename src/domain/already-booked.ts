import { joinNames } from './party-quote.ts';
import { writtenTime } from './written-dates.ts';

/**
 * The question the booking form asks before it books a visit this device already booked: the same
 * dog (or dogs) at the same start (issue 29, docs/decisions/099). The server's 409 `already_booked`
 * says it as its `error` and the form asks it, both from here: "You already booked Biscuit at 11:45 —
 * book another?", the time in the shop's time zone whatever the device's.
 */
export function alreadyBookedQuestion(dogs: readonly string[], start: string | Date, timeZone: string): string {
  return `You already booked ${joinNames(dogs.map((d) => d.trim()))} at ${writtenTime(start, timeZone)} — book another?`;
}

/** The names as the server compares them: "Biscuit", " biscuit " and "BISCUIT" are one dog. */
export const dogNameKey = (name: string): string => name.trim().toLowerCase();
