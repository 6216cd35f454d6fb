import type { Tx } from '../db.ts';

export type BookingNotice = 'confirmed' | 'cancelled' | 'moved' | 'payment_refunded';

/**
 * Writes the messages of a booking event to the outbox, in the caller's transaction.
 * TEMPORARY: until the outbox lands from booking-domain, this only logs.
 */
export async function enqueueBookingNotices(_tx: Tx, bookingId: string, notice: BookingNotice, _extra: { previousStart?: Date } = {}): Promise<void> {
  console.log(`[notice] ${notice} ${bookingId}`);
}
