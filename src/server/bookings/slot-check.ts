import { busyIntervalsFrom, isSlotAvailable, type SlotCheck } from '../../domain/availability.ts';
import { SLOT_TAKEN_MESSAGE } from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import type { Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { bookingTimesBetween } from './availability.ts';
import { isCapacityViolation } from './db-errors.ts';
import { expireLapsedHolds } from './booking-life.ts';

/**
 * The one check before a booking takes (or moves to) a time, inside the booking's transaction:
 * unpaid holds whose time has run out give their tables back, then the domain's rules decide. The
 * database's capacity trigger stays the last word; this gives the customer a clear answer first.
 */
export async function assertSlotBookable(
  tx: Tx,
  {
    now,
    settings,
    start,
    end,
    excludeId,
  }: { now: Date; settings: BookingSettings; start: Date; end: Date; excludeId?: string },
): Promise<void> {
  await expireLapsedHolds(tx, now, { overlapping: { start, end } });
  const check = isSlotAvailable({
    now,
    settings,
    durationMinutes: Math.round((end.getTime() - start.getTime()) / 60_000),
    start,
    busy: busyIntervalsFrom(await bookingTimesBetween(tx, start, end, excludeId), now),
  });
  if (!check.available) {
    if (check.reason === 'full') throw slotTaken();
    throw new HttpError(422, refusalMessage(check, settings), { code: 'slot_unavailable' });
  }
}

export function slotTaken(slots: unknown[] = []): HttpError {
  return new HttpError(409, SLOT_TAKEN_MESSAGE, { code: 'slot_taken', slots });
}

/**
 * A write that lost the race for its time (the capacity trigger's 23P01, or the re-check's 409)
 * becomes 409 `slot_taken` with the times still free, as its maker may take them; anything else is
 * as it was. One dog or several, a booking or a move: only the fresh times differ.
 */
export async function asSlotTakenWith(error: unknown, freshSlots: () => Promise<unknown[]>): Promise<unknown> {
  if (!isCapacityViolation(error) && !(error instanceof HttpError && error.extra.code === 'slot_taken')) return error;
  return slotTaken(await freshSlots().catch(() => []));
}

/** Sentences for a start the rules refuse (the island shows them as they are). */
export function refusalMessage(check: Exclude<SlotCheck, { available: true }>, settings: BookingSettings): string {
  switch (check.reason) {
    case 'past':
      return 'That day has already passed. Please pick another.';
    case 'beyond_horizon':
      return `We take bookings up to ${settings.horizonWeeks} weeks ahead. Please pick an earlier day.`;
    case 'closed':
      return 'We are closed that day. Please pick another.';
    case 'bank_holiday':
      return 'We are closed on bank holidays. Please pick another day.';
    case 'closure':
      return 'We are closed that day. Please pick another.';
    case 'too_soon':
      return `Please book at least ${formatNotice(settings.minNoticeMinutes)} ahead.`;
    case 'not_a_slot':
      return 'That is not one of our start times. Please pick a time from the list.';
    case 'full':
      return SLOT_TAKEN_MESSAGE;
  }
}

function formatNotice(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minutes`;
}
