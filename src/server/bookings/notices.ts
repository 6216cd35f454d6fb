import {
  cancellationMessages, changeMessages, confirmationMessages, shopNewBookingNotice, type MessageContext, type OutgoingMessage,
} from '../../domain/messages.ts';
import type { Tx } from '../db.ts';
import { env } from '../env.ts';
import { loadBookingSettings } from '../settings.ts';
import { messageBookingFrom } from './calendar.ts';
import { findBooking } from './view.ts';
import { enqueueMessage } from '../messages/outbox.ts';

export type BookingNotice = 'confirmed' | 'cancelled' | 'moved' | 'payment_refunded';

/**
 * Writes the messages of a booking event to the outbox in the caller's transaction, so they are
 * sent (with retries) if and only if the change commits. The words are the domain's templates.
 */
export async function enqueueBookingNotices(
  tx: Tx,
  bookingId: string,
  notice: BookingNotice,
  extra: { previousStart?: Date; now?: Date } = {},
): Promise<OutgoingMessage[]> {
  const booking = await findBooking(tx, bookingId);
  if (!booking) return [];
  const settings = await loadBookingSettings(tx);
  const ctx: MessageContext = {
    siteUrl: env().URL, timeZone: settings.timeZone, cancellationNoticeHours: settings.cancellationNoticeHours, now: extra.now ?? new Date(),
  };
  const about = messageBookingFrom(booking);
  let messages: OutgoingMessage[];
  switch (notice) {
    case 'confirmed':
      messages = [...confirmationMessages(about, ctx), shopNewBookingNotice(about, ctx)];
      break;
    case 'moved':
      messages = changeMessages(about, extra.previousStart ?? booking.start_at, ctx);
      break;
    case 'cancelled':
      messages = cancellationMessages(about, ctx, {
        refundedPence: booking.deposit_refunded_pence,
        keptPence: booking.deposit_paid_pence - booking.deposit_refunded_pence,
      });
      break;
    case 'payment_refunded':
      // Paid after the hold lapsed and the time had gone: the cancellation words, with the refund.
      messages = cancellationMessages(about, ctx, { refundedPence: booking.deposit_refunded_pence, keptPence: 0 });
      break;
  }
  for (const message of messages) await enqueueMessage(tx, message);
  return messages;
}
