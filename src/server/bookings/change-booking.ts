import type { BookingView } from '../../domain/booking-schemas.ts';
import { canChange } from '../../domain/cancellation-policy.ts';
import { HttpError } from '../http.ts';
import { expireCheckout, refundDeposit } from '../payments/checkout.ts';
import { stripeClient } from '../payments/stripe.ts';
import { loadBookingSettings } from '../settings.ts';
import { freshSlotsOfDay } from './availability.ts';
import { assertSlotBookable, slotTaken } from './slot-check.ts';
import { isCapacityViolation } from './db-errors.ts';
import { enqueueBookingNotices } from './notices.ts';
import { bookingTransaction } from './transaction.ts';
import { bookingView, findBooking, notFound } from './view.ts';

const MINUTE = 60_000;

/**
 * Cancels within the policy (src/domain/cancellation-policy.ts): the table is freed by the capacity
 * trigger, a deposit is refunded through Stripe when the policy says so, and an unpaid Checkout
 * page is closed. All in one transaction: if the refund fails nothing changes and the customer can
 * try again (the refund's idempotency key makes a retry refund once).
 */
export async function cancelBooking(id: string, reason: string | undefined, now = new Date()): Promise<BookingView> {
  const stripe = stripeClient();
  return bookingTransaction(async (tx) => {
    const settings = await loadBookingSettings(tx);
    const booking = await findBooking(tx, id, { lock: true });
    if (!booking) throw notFound();
    const policy = canChange({ appointmentStart: booking.start_at, now, settings, status: booking.status });
    if (!policy.canCancel) throw new HttpError(409, policy.message, { code: 'policy' });

    const held = booking.deposit_paid_pence - booking.deposit_refunded_pence;
    let refundId: string | null = null;
    let refunded = 0;
    if (policy.refundDeposit && held > 0) {
      if (!stripe || !booking.stripe_payment_intent) {
        throw new HttpError(409, 'We cannot refund your deposit online just now. Please call or message us and we will sort it out.', { code: 'payment_unavailable' });
      }
      try {
        refundId = await refundDeposit(stripe, booking.id, booking.stripe_payment_intent, held, 'cancelled within the free period');
      } catch (error) {
        console.error(`Refund for booking ${booking.id} failed:`, error instanceof Error ? error.message : error);
        throw new HttpError(409, 'We could not refund your deposit just now, so nothing has changed. Please try again in a moment, or call us.', { code: 'payment_unavailable' });
      }
      refunded = held;
    }
    if (booking.status === 'pending_payment' && stripe && booking.stripe_session_id) await expireCheckout(stripe, booking.stripe_session_id);

    await tx.query(
      `UPDATE bookings SET status = 'cancelled', cancelled_at = $2, revision = revision + 1, updated_at = $2, status_note = $3,
              deposit_refunded_pence = deposit_refunded_pence + $4, stripe_refund_id = COALESCE($5, stripe_refund_id)
        WHERE id = $1`,
      [booking.id, now, reason ? `cancelled by the customer: ${reason}` : 'cancelled by the customer', refunded, refundId],
    );
    const after = (await findBooking(tx, id))!;
    if (booking.status === 'confirmed') await enqueueBookingNotices(tx, id, 'cancelled');
    return bookingView(after, settings, now);
  });
}

/**
 * Moves to another start within the policy, re-checking capacity without the booking itself: the
 * trigger frees its cells and claims the new ones in the same statement, so a full new time leaves
 * the old one in place.
 */
export async function moveBooking(id: string, startIso: string, now = new Date()): Promise<BookingView> {
  const start = new Date(startIso);
  let serviceId: string | undefined;
  try {
    return await bookingTransaction(async (tx) => {
      const settings = await loadBookingSettings(tx);
      const booking = await findBooking(tx, id, { lock: true });
      if (!booking) throw notFound();
      serviceId = booking.service_id;
      const policy = canChange({ appointmentStart: booking.start_at, now, settings, status: booking.status });
      if (!policy.canMove) throw new HttpError(409, policy.message, { code: 'policy' });
      if (start.getTime() === booking.start_at.getTime()) return bookingView(booking, settings, now);

      const end = new Date(start.getTime() + booking.duration_min * MINUTE);
      await assertSlotBookable(tx, { now, settings, start, end, excludeId: booking.id });
      await tx.query('UPDATE bookings SET start_at = $2, end_at = $3, updated_at = $4, revision = revision + 1 WHERE id = $1', [booking.id, start, end, now]);
      await enqueueBookingNotices(tx, id, 'moved', { previousStart: booking.start_at });
      return bookingView((await findBooking(tx, id))!, settings, now);
    });
  } catch (error) {
    if (serviceId && (isCapacityViolation(error) || (error instanceof HttpError && error.extra.code === 'slot_taken'))) {
      throw slotTaken(await freshSlotsOfDay(serviceId, start, now, id).catch(() => []));
    }
    throw error;
  }
}
