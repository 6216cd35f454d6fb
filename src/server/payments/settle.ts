import type Stripe from 'stripe';
import { query } from '../db.ts';
import { refundDeposit } from './checkout.ts';

/**
 * Money and holds settled outside any transaction (docs/decisions/051-money-outside-transactions.md).
 * A change that owes money back records `refund_due_pence` in its own transaction; the refund is made
 * here afterwards, and again by the reconciler until Stripe has confirmed it. Stripe's idempotency key
 * (one per booking) and the guarded update below make a repeat, or two runs at once, refund once.
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
  let refundId: string | null;
  try {
    refundId = await refundDeposit(
      stripe,
      bookingId,
      booking.stripe_payment_intent,
      due,
      booking.refund_reason ?? 'refund',
    );
  } catch (error) {
    // Refunded already (an earlier attempt reached Stripe but not our table): record it, do not repeat it.
    if ((error as { code?: string }).code !== 'charge_already_refunded') {
      console.error(
        `Refund of ${due}p for booking ${bookingId} failed; the reconciler will try again:`,
        error instanceof Error ? error.message : error,
      );
      return 'failed';
    }
    refundId = null;
  }
  await query(
    `UPDATE bookings SET deposit_refunded_pence = deposit_refunded_pence + $2, refund_due_pence = refund_due_pence - $2,
            stripe_refund_id = COALESCE($3, stripe_refund_id), updated_at = $4
      WHERE id = $1 AND refund_due_pence >= $2`,
    [bookingId, due, refundId, now],
  );
  return 'refunded';
}
