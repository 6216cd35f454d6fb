import type Stripe from 'stripe';
import type { Tx } from '../db.ts';
import { env } from '../env.ts';
import { HttpError } from '../http.ts';
import { isCapacityViolation } from '../bookings/db-errors.ts';
import { enqueueBookingNotices } from '../bookings/notices.ts';
import { bookingTransaction } from '../bookings/transaction.ts';
import { refundDeposit } from './checkout.ts';
import { settleRefund } from './settle.ts';
import { stripeClient, verifyStripeEvent } from './stripe.ts';

const HANDLED = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired']);

/**
 * Stripe's webhook. The signature is checked on the raw body; each event id is handled once (the
 * stripe_events row is written in the same transaction as its effect, so a failure leaves it to
 * Stripe's retry); and every handler looks at the booking as it is now, so events may come in any
 * order, any number of times. Money owed back is recorded in the transaction and refunded after it
 * commits, never while it holds locks (docs/decisions/027 and 051).
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null, now = new Date(), siteUrl?: string): Promise<{ received: true; outcome: string }> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new HttpError(400, 'Payments are not configured on this site');
  let event: Stripe.Event;
  try {
    event = verifyStripeEvent(rawBody, signature, secret);
  } catch {
    throw new HttpError(400, 'Invalid Stripe signature');
  }
  if (!HANDLED.has(event.type)) return { received: true, outcome: 'ignored' };
  const session = event.data.object as Stripe.Checkout.Session;
  const bookingId = bookingIdOf(session);

  const outcome = await bookingTransaction(async (tx) => {
    const { rows: fresh } = await tx.query(
      'INSERT INTO stripe_events (id, type, booking_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
      [event.id, event.type, bookingId],
    );
    if (fresh.length === 0) return 'duplicate';
    const result = event.type === 'checkout.session.expired'
      ? await sessionExpired(tx, session, now)
      : await sessionPaid(tx, session, now, siteUrl);
    await tx.query('UPDATE stripe_events SET outcome = $2 WHERE id = $1', [event.id, result]);
    return result;
  });
  await settleAfterCommit(outcome, session, now);
  return { received: true, outcome };
}

/** The refund an outcome owes, made once its transaction has committed. */
async function settleAfterCommit(outcome: string, session: Stripe.Checkout.Session, now: Date): Promise<void> {
  const bookingId = bookingIdOf(session);
  if (!bookingId || !outcome.startsWith('refund')) return;
  if (outcome !== 'refund_unknown_booking') {
    await settleRefund(stripeClient(), bookingId, now);
    return;
  }
  // No booking row to record the debt on: refund straight away, or leave it to a person.
  const stripe = stripeClient();
  const paymentIntent = paymentIntentOf(session);
  const paid = session.amount_total ?? 0;
  try {
    if (!stripe || !paymentIntent) throw new Error('no Stripe key or payment intent');
    await refundDeposit(stripe, bookingId, paymentIntent, paid, 'payment for a booking that does not exist');
  } catch (error) {
    console.error(`Stripe paid ${paid}p for booking ${bookingId}, which does not exist, and the refund failed (${error instanceof Error ? error.message : error}): refund payment ${paymentIntent} in the Stripe dashboard.`);
  }
}

/**
 * A paid Checkout session found by the reconciler (its webhook never came): the same effect as the
 * webhook's, in its own transaction, then any refund it owes.
 */
export async function applyPaidSession(session: Stripe.Checkout.Session, now = new Date(), siteUrl?: string): Promise<string> {
  const outcome = await bookingTransaction((tx) => sessionPaid(tx, session, now, siteUrl));
  await settleAfterCommit(outcome, session, now);
  return outcome;
}

function bookingIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.booking_id ?? session.client_reference_id ?? null;
}

interface HeldBooking {
  id: string;
  status: string;
  deposit_paid_pence: number;
  deposit_refunded_pence: number;
}

async function lockBooking(tx: Tx, session: Stripe.Checkout.Session, bookingId: string | null): Promise<HeldBooking | null> {
  const { rows } = await tx.query<HeldBooking>(
    `SELECT id, status, deposit_paid_pence, deposit_refunded_pence FROM bookings
      WHERE stripe_session_id = $1 OR id = $2 ORDER BY (stripe_session_id = $1) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
    [session.id, bookingId],
  );
  return rows[0] ?? null;
}

async function sessionExpired(tx: Tx, session: Stripe.Checkout.Session, now: Date): Promise<string> {
  const booking = await lockBooking(tx, session, bookingIdOf(session));
  if (!booking) return 'unknown_booking';
  if (booking.status !== 'pending_payment') return `unchanged_${booking.status}`;
  // The capacity trigger frees the tables.
  await tx.query(
    `UPDATE bookings SET status = 'expired', status_note = 'payment page expired', updated_at = $2 WHERE id = $1`,
    [booking.id, now],
  );
  return 'expired';
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const pi = session.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}

/** Records a refund owed on a booking; settleRefund makes it once the transaction has committed. */
async function oweRefund(tx: Tx, id: string, paid: number, paymentIntent: string | null, why: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE bookings SET deposit_paid_pence = $2, stripe_payment_intent = COALESCE($3, stripe_payment_intent),
            refund_due_pence = $2 - deposit_refunded_pence, refund_reason = $4, updated_at = $5
      WHERE id = $1`,
    [id, paid, paymentIntent, why, now],
  );
}

async function sessionPaid(tx: Tx, session: Stripe.Checkout.Session, now: Date, siteUrl?: string): Promise<string> {
  // Delayed payment methods complete the session unpaid; their async_payment_succeeded comes later.
  if (session.payment_status !== 'paid') return 'awaiting_payment';
  const paid = session.amount_total ?? 0;
  const paymentIntent = paymentIntentOf(session);
  const bookingId = bookingIdOf(session);
  const booking = await lockBooking(tx, session, bookingId);

  // Nothing to attach the money to: refunded after the commit (settleAfterCommit).
  if (!booking) return bookingId ? 'refund_unknown_booking' : 'unknown_booking';
  if (booking.status === 'confirmed') {
    if (booking.deposit_paid_pence === 0) {
      await tx.query('UPDATE bookings SET deposit_paid_pence = $2, stripe_payment_intent = $3, updated_at = $4 WHERE id = $1', [booking.id, paid, paymentIntent, now]);
    }
    return 'already_confirmed';
  }
  if (booking.status === 'pending_payment' || booking.status === 'expired') {
    // An expired hold is confirmed too if its time is still free: the customer has paid. The
    // capacity trigger decides, inside a savepoint so a full slot leaves the rest standing.
    await tx.query('SAVEPOINT confirm_paid');
    try {
      await tx.query(
        `UPDATE bookings SET status = 'confirmed', confirmed_at = $2, updated_at = $2, hold_expires_at = NULL,
                deposit_paid_pence = $3, stripe_payment_intent = $4, status_note = NULL
          WHERE id = $1`,
        [booking.id, now, paid, paymentIntent],
      );
      await tx.query('RELEASE SAVEPOINT confirm_paid');
    } catch (error) {
      if (!isCapacityViolation(error)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT confirm_paid');
      await oweRefund(tx, booking.id, paid, paymentIntent, 'paid after the hold lapsed and the time was taken', now);
      await tx.query(
        `UPDATE bookings SET status_note = 'paid after the hold lapsed and the time had been taken; deposit refunded' WHERE id = $1`,
        [booking.id],
      );
      await enqueueBookingNotices(tx, booking.id, 'payment_refunded', { now, ...(siteUrl ? { siteUrl } : {}) });
      return 'refund_due_slot_taken';
    }
    await enqueueBookingNotices(tx, booking.id, 'confirmed', { now, ...(siteUrl ? { siteUrl } : {}) });
    return booking.status === 'expired' ? 'confirmed_after_expiry' : 'confirmed';
  }
  // Cancelled while the payment page was open, then paid: give the money back.
  await oweRefund(tx, booking.id, paid, paymentIntent, 'paid for a cancelled booking', now);
  return 'refund_due_cancelled';
}
