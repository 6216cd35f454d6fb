import { WAITLIST_BOUNDS, type WaitlistSettings } from '../../../domain/booking-settings.ts';
import { describeMinutes } from '../../../domain/minutes.ts';
import { wholeIn } from '../whole-number.ts';

/** The waitlist's offers as their form holds them (decisions 084, 088): what staff type, checked on Save. */
export interface WaitlistForm {
  offersAtOnce: string;
  offerMinutes: string;
  /** Waking hours, "HH:MM" in the shop's time zone. */
  from: string;
  to: string;
}

export const { offersAtOnce: AT_ONCE, offerMinutes: MINUTES } = WAITLIST_BOUNDS;

export function waitlistFormOf(w: WaitlistSettings): WaitlistForm {
  return {
    offersAtOnce: String(w.offersAtOnce),
    offerMinutes: String(w.offerMinutes),
    from: w.wakingHours.from,
    to: w.wakingHours.to,
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The settings the form says, or the first thing to put right, in the order the fields stand. */
export function waitlistOf(f: WaitlistForm): { waitlist: WaitlistSettings } | { problem: string } {
  const offersAtOnce = wholeIn(f.offersAtOnce, AT_ONCE.min, AT_ONCE.max);
  if (offersAtOnce === null)
    return { problem: `Owners offered a freed time at once: a whole number from ${AT_ONCE.min} to ${AT_ONCE.max}` };
  const offerMinutes = wholeIn(f.offerMinutes, MINUTES.min, MINUTES.max);
  if (offerMinutes === null)
    return {
      problem: `How long an offer is held: ${MINUTES.min} to ${MINUTES.max} minutes (${describeMinutes(MINUTES.max)})`,
    };
  if (!TIME.test(f.from) || !TIME.test(f.to)) return { problem: 'Waking hours: give both times, like 08:00' };
  if (!(f.from < f.to)) return { problem: 'Waking hours: the last time must be after the first' };
  return { waitlist: { offersAtOnce, offerMinutes, wakingHours: { from: f.from, to: f.to } } };
}

/** The hold typed, in words, to open its field's hint: "That is 1 hour. "; nothing while it is not one. */
export function heldFor(f: WaitlistForm): string {
  const minutes = wholeIn(f.offerMinutes, MINUTES.min, MINUTES.max);
  return minutes === null || minutes < 60 ? '' : `That is ${describeMinutes(minutes)}. `;
}
