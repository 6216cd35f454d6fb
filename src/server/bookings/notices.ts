import {
  cancellationMessages,
  shopCancellationNotice,
  changeMessages,
  confirmationMessages,
  paymentFailedMessages,
  shopNewBookingNotice,
  type MessageContext,
  type OutgoingMessage,
} from '../../domain/messages.ts';
import { UNPROVEN_TEXTS_PER_NUMBER_PER_DAY } from '../../domain/abuse-limits.ts';
import type { Tx } from '../db.ts';
import { loadBookingSettings } from '../settings.ts';
import { siteUrl } from '../site-url.ts';
import { spendFromTextBudget } from '../text-budget.ts';
import { messageBookingFrom } from './calendar.ts';
import { findBooking } from './view.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { partyMessage, partyOf } from './party-records.ts';
import { seriesToTell } from './series-records.ts';

/** 'confirmed_by_staff': a booking taken on the phone, so the shop needs no notice of its own. */
export type BookingNotice =
  'confirmed' | 'confirmed_by_staff' | 'cancelled' | 'moved' | 'payment_refunded' | 'payment_failed';

/**
 * Writes the messages of a booking event to the outbox in the caller's transaction, so they are
 * sent (with retries) if and only if the change commits. The words are the domain's templates.
 * Returns the outbox ids, so the caller can send them at once after the commit.
 *
 * A booking whose number was never proved texts that number only a little: a stranger who types
 * someone else's number cannot make the shop text them again and again (the e-mail still goes).
 * Its first confirmation also spends the shop's daily text budget (decision 069): once that is
 * spent the booking is confirmed by e-mail alone.
 */
export async function enqueueBookingNotices(
  tx: Tx,
  bookingId: string,
  notice: BookingNotice,
  extra: { previousStart?: Date; now?: Date; siteUrl?: string; refundPence?: number } = {},
): Promise<string[]> {
  const booking = await findBooking(tx, bookingId);
  if (!booking) return [];
  const settings = await loadBookingSettings(tx);
  const now = extra.now ?? new Date();
  const ctx: MessageContext = {
    siteUrl: extra.siteUrl ?? siteUrl(),
    timeZone: settings.timeZone,
    cancellationNoticeHours: settings.cancellationNoticeHours,
    minNoticeMinutes: settings.minNoticeMinutes,
    now,
  };
  // A booking of several dogs is told as one, every dog named (docs/decisions/082).
  const party = booking.party_id ? await partyOf(tx, booking.party_id) : null;
  const about = party ? partyMessage(messageBookingFrom(booking), party) : messageBookingFrom(booking);
  let messages: OutgoingMessage[];
  switch (notice) {
    case 'confirmed': {
      // A series is confirmed once, on its first visit, naming every visit (docs/decisions/085).
      const series = await seriesToTell(tx, booking.id);
      const alreadyAhead = booking.phone_proven
        ? undefined
        : await otherBookingAhead(tx, booking.id, booking.party_id, booking.phone, now);
      messages = [
        ...confirmationMessages(about, ctx, { alreadyAhead, series }),
        shopNewBookingNotice(about, ctx, series),
      ];
      break;
    }
    case 'confirmed_by_staff':
      messages = confirmationMessages(about, ctx, { series: await seriesToTell(tx, booking.id) });
      break;
    case 'moved':
      messages = changeMessages(about, extra.previousStart ?? booking.start_at, ctx);
      break;
    case 'cancelled': {
      // A refund being made counts as refunded: the customer is told what they will get back, with
      // the reason the money decision recorded (decision 102), never one worked out again here.
      const refunded = booking.deposit_refunded_pence + booking.refund_due_pence;
      const money = {
        refundedPence: refunded,
        keptPence: booking.deposit_paid_pence - refunded,
        reason: booking.cancel_money_reason ?? (refunded > 0 ? 'owner_in_free_period' : 'nothing_paid'),
      } as const;
      const by = booking.cancelled_by ?? 'owner';
      messages = [
        ...cancellationMessages(about, ctx, money, by),
        ...(by === 'owner' ? [shopCancellationNotice(about, ctx, money)] : []),
      ];
      break;
    }
    case 'payment_refunded':
      // Paid after the hold lapsed and the time had gone: the cancellation words, with the refund.
      messages = cancellationMessages(about, ctx, {
        refundedPence: booking.deposit_refunded_pence + booking.refund_due_pence,
        keptPence: 0,
        reason: 'shop_refunded',
      });
      break;
    case 'payment_failed':
      messages = paymentFailedMessages(about, ctx);
      break;
  }
  const ids: string[] = [];
  for (const message of messages) {
    if (message.channel === 'sms' && !booking.phone_proven) {
      if ((await textsToday(tx, message.recipient, now)) >= UNPROVEN_TEXTS_PER_NUMBER_PER_DAY) continue;
      if (notice === 'confirmed' && !(await spendFromTextBudget(tx, now))) continue;
    }
    const id = await enqueueMessage(tx, message);
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * The start of the next other booking ahead with this number, if any: an unproven booking's text
 * tells the number of it (docs/decisions/072). Its texts stay within the unproven cap below. What is
 * this booking is not another (docs/decisions/101): the other dogs of a booking of several (decision
 * 082), the later visits of the series it starts, and the booking that series was booked from (its
 * own page asked for it, so whoever holds that page made both).
 */
async function otherBookingAhead(
  tx: Tx,
  bookingId: string,
  partyId: string | null,
  phone: string | null,
  now: Date,
): Promise<Date | undefined> {
  if (!phone) return undefined;
  const {
    rows: [row],
  } = await tx.query<{ start_at: Date }>(
    `SELECT o.start_at FROM bookings o
      WHERE o.contact_phone = $1 AND o.id <> $2 AND o.series_id IS DISTINCT FROM $2
        AND ($3::text IS NULL OR o.party_id IS DISTINCT FROM $3)
        AND NOT EXISTS (
          SELECT 1 FROM booking_series s JOIN bookings f ON f.id = s.from_booking_id
           WHERE s.id = $2 AND (o.id = f.id OR o.party_id = f.party_id))
        AND o.status IN ('pending_payment', 'confirmed') AND o.end_at > $4
      ORDER BY o.start_at LIMIT 1`,
    [phone, bookingId, partyId, now],
  );
  return row?.start_at;
}

async function textsToday(tx: Tx, recipient: string, now: Date): Promise<number> {
  const {
    rows: [row],
  } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE channel = 'sms' AND recipient = $1 AND created_at > $2::timestamptz - interval '1 day'`,
    [recipient, now],
  );
  return row?.n ?? 0;
}
