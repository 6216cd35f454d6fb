import type Stripe from 'stripe';
import { z } from 'zod';
import { BookingIdSchema } from '../../domain/booking-schemas.ts';
import type { Tx } from '../db.ts';
import { env } from '../env.ts';
import { describeIssues, HttpError } from '../http.ts';
import { isCapacityViolation } from '../bookings/db-errors.ts';
import { enqueueBookingNotices } from '../bookings/notices.ts';
import { bookingTransaction } from '../bookings/transaction.ts';
import { refundDeposit } from './checkout.ts';
import { settleRefund } from './settle.ts';
import { stripeClient, verifyStripeEvent } from './stripe.ts';

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
]);

// Stripe's ids are a prefix and letters, digits and underscores; hyphens are let through too, as
// they cost nothing and ids made up elsewhere (tests, the CLI's fixtures) carry them.
const stripeId = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_-]{1,250}$`), `must be a Stripe ${prefix}_ id`);

/**
 * What this handler reads of a Checkout Session, checked before any of it reaches the database: a
 * signature proves the sender, not that every field is what Stripe documents, and a field the tables
 * cannot hold (a NUL, a negative or huge amount) must be a 400, not a 500 that Stripe retries for
 * days. Everything else Stripe sends is ignored.
 */
const CheckoutSessionSchema = z.object({
  id: stripeId('cs'),
  status: z.string().max(64).nullish(),
  payment_status: z.string().max(64).nullish(),
  amount_total: z.number().int().min(0).max(100_000_000).nullish(),
  payment_intent: z.union([stripeId('pi'), z.object({ id: stripeId('pi') })]).nullish(),
  client_reference_id: z.string().max(500).nullish(),
  metadata: z.record(z.string(), z.string().max(500)).nullish(),
});
type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;
const CheckoutEventSchema = z.object({
  id: stripeId('evt'),
  type: z.string(),
  data: z.object({ object: CheckoutSessionSchema }),
});

/**
 * Stripe's webhook. The signature is checked on the raw body; each event id is handled once (the
 * stripe_events row is written in the same transaction as its effect, so a failure leaves it to
 * Stripe's retry); and every handler looks at the booking as it is now, so events may come in any
 * order, any number of times. Money owed back is recorded in the transaction and refunded after it
 * commits, never while it holds locks (docs/decisions/027 and 051).
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
  now = new Date(),
  siteUrl?: string,
): Promise<{ received: true; outcome: string }> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new HttpError(400, 'Payments are not configured on this site');
  let verified: unknown;
  try {
    verified = verifyStripeEvent(rawBody, signature, secret);
  } catch {
    throw new HttpError(400, 'Invalid Stripe signature');
  }
  const type = (verified as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') throw new HttpError(400, 'Not a Stripe event');
  if (!HANDLED.has(type)) return { received: true, outcome: 'ignored' };
  const parsed = CheckoutEventSchema.safeParse(verified);
  if (!parsed.success) {
    // Signed by us, so either Stripe changed its shapes or our secret is out: someone must look.
    console.error(`Stripe ${type} event refused, it does not fit: ${describeIssues(parsed.error)}`);
    throw new HttpError(400, `Unexpected ${type} event: ${describeIssues(parsed.error)}`);
  }
  const event = parsed.data;
  const session = event.data.object;
  const bookingId = bookingIdOf(session);

  const outcome = await bookingTransaction(async (tx) => {
    const { rows: fresh } = await tx.query(
      'INSERT INTO stripe_events (id, type, booking_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
      [event.id, event.type, bookingId],
    );
    if (fresh.length === 0) return 'duplicate';
    const result =
      event.type === 'checkout.session.expired'
        ? await sessionExpired(tx, session, now)
        : await sessionPaid(tx, session, now, siteUrl);
    await tx.query('UPDATE stripe_events SET outcome = $2 WHERE id = $1', [event.id, result]);
    return result;
  });
  await settleAfterCommit(outcome, session, now);
  return { received: true, outcome };
}

/** The refund an outcome owes, made once its transaction has committed. */
async function settleAfterCommit(outcome: string, session: CheckoutSession, now: Date): Promise<void> {
  const bookingId = bookingIdOf(session);
  if (!outcome.startsWith('refund')) return;
  if (outcome !== 'refund_unknown_booking') {
    if (bookingId) await settleRefund(stripeClient(), bookingId, now);
    return;
  }
  // No booking row to record the debt on: refund straight away, or leave it to a person.
  const stripe = stripeClient();
  const paymentIntent = paymentIntentOf(session);
  const paid = session.amount_total ?? 0;
  try {
    if (!stripe || !paymentIntent) throw new Error('no Stripe key or payment intent');
    // Keyed by the session when the id is not one of ours: still refunded once, however often Stripe calls.
    await refundDeposit(
      stripe,
      bookingId ?? `session-${session.id}`,
      paymentIntent,
      paid,
      'payment for a booking that does not exist',
    );
  } catch (error) {
    console.error(
      `Stripe paid ${paid}p for booking ${bookingId}, which does not exist, and the refund failed (${error instanceof Error ? error.message : error}): refund payment ${paymentIntent} in the Stripe dashboard.`,
    );
  }
}

/**
 * A paid Checkout session found by the reconciler (its webhook never came): the same effect as the
 * webhook's, in its own transaction, then any refund it owes.
 */
export async function applyPaidSession(
  retrieved: Stripe.Checkout.Session,
  now = new Date(),
  siteUrl?: string,
): Promise<string> {
  const parsed = CheckoutSessionSchema.safeParse(retrieved);
  if (!parsed.success) throw new Error(`Stripe session ${retrieved.id} does not fit: ${describeIssues(parsed.error)}`);
  const session = parsed.data;
  const outcome = await bookingTransaction((tx) => sessionPaid(tx, session, now, siteUrl));
  await settleAfterCommit(outcome, session, now);
  return outcome;
}

/** Our booking id from the session, or null when what it carries cannot be one of ours. */
function bookingIdOf(session: CheckoutSession): string | null {
  const id = BookingIdSchema.safeParse(session.metadata?.booking_id ?? session.client_reference_id ?? null);
  return id.success ? id.data : null;
}

interface HeldBooking {
  id: string;
  status: string;
  deposit_paid_pence: number;
  deposit_refunded_pence: number;
}

async function lockBooking(tx: Tx, session: CheckoutSession, bookingId: string | null): Promise<HeldBooking | null> {
  const { rows } = await tx.query<HeldBooking>(
    `SELECT id, status, deposit_paid_pence, deposit_refunded_pence FROM bookings
      WHERE stripe_session_id = $1 OR id = $2 ORDER BY (stripe_session_id = $1) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
    [session.id, bookingId],
  );
  return rows[0] ?? null;
}

async function sessionExpired(tx: Tx, session: CheckoutSession, now: Date): Promise<string> {
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

function paymentIntentOf(session: CheckoutSession): string | null {
  const pi = session.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}

/** Records a refund owed on a booking; settleRefund makes it once the transaction has committed. */
async function oweRefund(
  tx: Tx,
  id: string,
  paid: number,
  paymentIntent: string | null,
  why: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE bookings SET deposit_paid_pence = $2, stripe_payment_intent = COALESCE($3, stripe_payment_intent),
            refund_due_pence = $2 - deposit_refunded_pence, refund_reason = $4, updated_at = $5
      WHERE id = $1`,
    [id, paid, paymentIntent, why, now],
  );
}

async function sessionPaid(tx: Tx, session: CheckoutSession, now: Date, siteUrl?: string): Promise<string> {
  // Delayed payment methods complete the session unpaid; their async_payment_succeeded comes later.
  if (session.payment_status !== 'paid') return 'awaiting_payment';
  const paid = session.amount_total ?? 0;
  const paymentIntent = paymentIntentOf(session);
  const bookingId = bookingIdOf(session);
  const booking = await lockBooking(tx, session, bookingId);

  // Nothing to attach the money to: refunded after the commit (settleAfterCommit).
  if (!booking) return 'refund_unknown_booking';
  if (booking.status === 'confirmed') {
    if (booking.deposit_paid_pence === 0) {
      await tx.query(
        'UPDATE bookings SET deposit_paid_pence = $2, stripe_payment_intent = $3, updated_at = $4 WHERE id = $1',
        [booking.id, paid, paymentIntent, now],
      );
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
