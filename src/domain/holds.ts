import type { BookingStatus } from './booking-schemas.ts';

/**
 * When an unpaid hold lapses, written once. A booking with a deposit to pay waits as
 * `pending_payment` until `hold_expires_at` (src/domain/checkout-expiry.ts says how long); it keeps
 * its time while that instant is still ahead, and from that instant on it has lapsed: its time is
 * free, the reconciler or the next booking of that time marks it expired. The server's SQL says the
 * same through src/server/bookings/holds.ts, and a test runs both on the same cases.
 */
export const HOLD_LAPSED_NOTE = 'hold lapsed before payment';

export interface Held {
  status: BookingStatus;
  holdExpiresAt?: Date | null;
}

/** An unpaid hold whose time is still its own at `now`. */
export function isLiveHold(booking: Held, now: Date): boolean {
  return (
    booking.status === 'pending_payment' &&
    booking.holdExpiresAt != null &&
    booking.holdExpiresAt.getTime() > now.getTime()
  );
}

/** An unpaid hold whose time ran out at or before `now`. */
export function isLapsedHold(booking: Held, now: Date): boolean {
  return (
    booking.status === 'pending_payment' &&
    booking.holdExpiresAt != null &&
    booking.holdExpiresAt.getTime() <= now.getTime()
  );
}
