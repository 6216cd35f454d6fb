import type Stripe from 'stripe';
import { query, transaction } from '../db.ts';
import { refundDeposit } from './checkout.ts';
import { recordRefund, refundOf } from './refunds.ts';

/**
 * Money and holds settled outside any transaction (docs/decisions/051-money-outside-transactions.md).
 * A change that owes money back records `refund_due_pence` in its own transaction; the refund is made
 * here afterwards, and again by the reconciler until Stripe has confirmed it. Stripe's idempotency key
 * (one per booking) and the refund's own id (recordRefund, decision 064) make a repeat, two runs at
 * once, or the webhook reporting the same refund, count it once.
 */
export type RefundOutcome = 'refunded' | 'nothing_due' | 'no_payment' | 'failed';

export async function settleRefund(stripe: Stripe | null, bookingId: string, now = new Date()): Promise<RefundOutcome> {
  const [booking] = await query<{
    refund_due_pence: number;
    stripe_payment_intent: string | null;
    refund_reason: string | null;
  }>('SELECT refund_due_pence, stripe_payment_intent, refund_reason FROM bookings WHERE id = $1', [bookingId]);
  if (!booking || booking.refund_due_pence === 0) return 'nothing_due';
  const due = booking.refund_due_pence;
  if (!stripe || !booking.stripe_payment_intent) {
    console.error(
      `Booking ${bookingId} is owed a refund of ${due}p but online payments are not configured: refund it by hand.`,
    );
    return 'no_payment';
  }
  let made: Stripe.Refund[];
  let refundedInFull = false;
  try {
    made = [
      await refundDeposit(stripe, bookingId, booking.stripe_payment_intent, due, booking.refund_reason ?? 'refund'),
    ];
  } catch (error) {
    if ((error as { code?: string }).code !== 'charge_already_refunded') {
      console.error(
        `Refund of ${due}p for booking ${bookingId} failed; the reconciler will try again:`,
        error instanceof Error ? error.message : error,
      );
      return 'failed';
    }
    // Refunded in full already (by hand in the Dashboard, its webhook not yet here): record those
    // refunds by their ids, so the webhook counts nothing twice, and owe nothing more.
    refundedInFull = true;
    try {
      made = (await stripe.refunds.list({ payment_intent: booking.stripe_payment_intent, limit: 100 })).data;
    } catch (listError) {
      console.error(
        `Booking ${bookingId}'s payment is refunded already, but its refunds could not be read; the reconciler will try again:`,
        listError instanceof Error ? listError.message : listError,
      );
      return 'failed';
    }
  }
  await transaction(async (tx) => {
    for (const refund of made) await recordRefund(tx, bookingId, refundOf(refund), now);
    if (refundedInFull) {
      await tx.query(
        'UPDATE bookings SET refund_due_pence = 0, updated_at = $2 WHERE id = $1 AND refund_due_pence > 0',
        [bookingId, now],
      );
    }
  });
  return 'refunded';
}
