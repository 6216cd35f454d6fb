import type Stripe from 'stripe';
import { z } from 'zod';
import { BookingIdSchema } from '../../domain/booking-schemas.ts';
import { query, type Tx } from '../db.ts';
import { env } from '../env.ts';
import { describeIssues, HttpError } from '../http.ts';
import { isCapacityViolation } from '../bookings/db-errors.ts';
import { enqueueBookingNotices } from '../bookings/notices.ts';
import { bookingTransaction } from '../bookings/transaction.ts';
import { confirmPaid, noteOnStatus, releaseHold } from '../bookings/booking-life.ts';
import { refundDeposit } from './checkout.ts';
import { recordDisputeFunds } from './chargebacks.ts';
import { CLOSED_DISPUTE, recordRefund, refundOf } from './refunds.ts';
import { settleRefund } from './settle.ts';
import { staffCustomerLink, tellStaff } from './staff-alerts.ts';
import { FEE_PURPOSE, feeSessionEvent, keepSavedCard } from '../no-shows/fees.ts';
import { feeOfPayment, recordFeeDispute, recordFeeRefund } from '../no-shows/fee-refunds.ts';
import { BALANCE_PURPOSE, balanceSessionEvent } from '../schedule/balance-links.ts';
import { isLinkSessionEvent } from './link-sessions.ts';
import { bookingOfLinkPayment, recordLinkRefund, recordMoney } from '../money/ledger.ts';
import { STRIPE_WEBHOOK_EVENTS, stripeClient, verifyStripeEvent } from './stripe.ts';

const HANDLED = new Set<string>(STRIPE_WEBHOOK_EVENTS);

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
const eventOf = <T extends z.ZodType>(object: T) =>
  z.object({ id: stripeId('evt'), type: z.string(), data: z.object({ object }) });
const CheckoutEventSchema = eventOf(CheckoutSessionSchema);

const pence = z.number().int().min(0).max(100_000_000);
const idOrObject = (prefix: string) => z.union([stripeId(prefix), z.object({ id: stripeId(prefix) })]);
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** A refund, from refund.* events and from a charge's list: what recordRefund needs of it. */
const RefundSchema = z.object({
  id: stripeId('re'),
  amount: pence.min(1),
  status: z.string().max(64).nullish(),
  payment_intent: idOrObject('pi').nullish(),
  charge: idOrObject('ch').nullish(),
  metadata: z.record(z.string(), z.string().max(500)).nullish(),
  failure_reason: z.string().max(200).nullish(),
});
type RefundObject = z.infer<typeof RefundSchema>;
const RefundEventSchema = eventOf(RefundSchema);

/** A charge from charge.refunded: how much of it is refunded in all, and the refunds when the payload lists them. */
const ChargeEventSchema = eventOf(
  z.object({
    id: stripeId('ch'),
    amount_refunded: pence,
    payment_intent: idOrObject('pi').nullish(),
    metadata: z.record(z.string(), z.string().max(500)).nullish(),
    refunds: z.object({ data: z.array(RefundSchema).max(100), has_more: z.boolean() }).nullish(),
  }),
);

/** A chargeback (charge.dispute.*). */
const DisputeSchema = z.object({
  id: stripeId('dp'),
  amount: pence,
  status: z.string().max(64),
  reason: z.string().max(64).nullish(),
  charge: idOrObject('ch').nullish(),
  payment_intent: idOrObject('pi').nullish(),
  metadata: z.record(z.string(), z.string().max(500)).nullish(),
  evidence_details: z.object({ due_by: z.number().int().min(0).max(10_000_000_000).nullish() }).nullish(),
});
type Dispute = z.infer<typeof DisputeSchema>;
const DisputeEventSchema = eventOf(DisputeSchema);

function parseEvent<T extends z.ZodType>(schema: T, verified: unknown, type: string): z.infer<T> {
  const parsed = schema.safeParse(verified);
  if (!parsed.success) {
    // Signed by us, so either Stripe changed its shapes or our secret is out: someone must look.
    console.error(`Stripe ${type} event refused, it does not fit: ${describeIssues(parsed.error)}`);
    throw new HttpError(400, `Unexpected ${type} event: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}

/** Writes the event's row; false when it was handled before (a replay). */
async function firstTime(tx: Tx, id: string, type: string, bookingId: string | null): Promise<boolean> {
  const { rows } = await tx.query(
    'INSERT INTO stripe_events (id, type, booking_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
    [id, type, bookingId],
  );
  return rows.length > 0;
}
const recordOutcome = (tx: Tx, id: string, outcome: string) =>
  tx.query('UPDATE stripe_events SET outcome = $2 WHERE id = $1', [id, outcome]);

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
  // A no-show fee's payment page (decision 081) is not a booking's deposit.
  if (isLinkSessionEvent(verified, FEE_PURPOSE))
    return { received: true, outcome: await feeSessionEvent(verified, now) };
  // Nor is the balance's payment link (decision 096).
  if (isLinkSessionEvent(verified, BALANCE_PURPOSE))
    return { received: true, outcome: await balanceSessionEvent(verified, now, siteUrl) };
  if (type.startsWith('refund.')) return { received: true, outcome: await refundEvent(verified, type, now, siteUrl) };
  if (type === 'charge.refunded')
    return { received: true, outcome: await chargeRefunded(verified, type, now, siteUrl) };
  if (type === 'charge.dispute.funds_withdrawn' || type === 'charge.dispute.funds_reinstated')
    return { received: true, outcome: await disputeFundsEvent(verified, type, now) };
  if (type.startsWith('charge.dispute.'))
    return { received: true, outcome: await disputeEvent(verified, type, now, siteUrl) };

  const event = parseEvent(CheckoutEventSchema, verified, type);
  const session = event.data.object;
  const bookingId = bookingIdOf(session);

  const outcome = await bookingTransaction(async (tx) => {
    if (!(await firstTime(tx, event.id, event.type, bookingId))) return 'duplicate';
    const result =
      event.type === 'checkout.session.expired'
        ? await sessionExpired(tx, session, now)
        : event.type === 'checkout.session.async_payment_failed'
          ? await sessionPaymentFailed(tx, session, now, siteUrl)
          : await sessionPaid(tx, session, now, siteUrl);
    await recordOutcome(tx, event.id, result);
    return result;
  });
  await settleAfterCommit(outcome, session, now);
  if (outcome.startsWith('confirmed') || outcome === 'already_confirmed') await keepSavedCard(bookingId);
  return { received: true, outcome };
}

/** The booking a payment belongs to: by its payment intent, else by the booking id our metadata carries. */
async function bookingOfPayment(
  tx: Tx,
  paymentIntent: string | null,
  bookingId: string | null,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM bookings WHERE stripe_payment_intent = $1 OR id = $2
      ORDER BY (stripe_payment_intent = $1) DESC NULLS LAST LIMIT 1`,
    [paymentIntent, bookingId],
  );
  return rows[0]?.id ?? null;
}

const metadataBooking = (r: RefundObject) => {
  const id = BookingIdSchema.safeParse(r.metadata?.booking_id ?? null);
  return id.success ? id.data : null;
};

/**
 * refund.created / refund.updated / refund.failed: one refund, ours or made in Stripe's Dashboard,
 * counted once by its id; a failed one is taken back out and staff are told (decision 064).
 */
async function refundEvent(verified: unknown, type: string, now: Date, siteUrl?: string): Promise<string> {
  const event = parseEvent(RefundEventSchema, verified, type);
  const refund = event.data.object;
  return bookingTransaction(async (tx) => {
    // A no-show fee's payment is the fee's (decision 081), never the deposit's.
    const fee = await feeOfPayment(tx, idOf(refund.payment_intent), refund.metadata);
    if (fee) {
      if (!(await firstTime(tx, event.id, event.type, fee.bookingId))) return 'duplicate';
      const outcome = fee.bookingId
        ? await recordFeeRefund(tx, fee.bookingId, refundOf(refund), now, siteUrl)
        : 'fee_unknown';
      await recordOutcome(tx, event.id, outcome);
      return outcome;
    }
    // A balance paid by link (decision 096) is refunded on the ledger, never against the deposit.
    const linkBooking = await bookingOfLinkPayment(tx, idOf(refund.payment_intent));
    if (linkBooking) {
      if (!(await firstTime(tx, event.id, event.type, linkBooking))) return 'duplicate';
      const outcome = await recordLinkRefund(tx, linkBooking, refundOf(refund), now);
      await recordOutcome(tx, event.id, outcome);
      return outcome;
    }
    const bookingId = await bookingOfPayment(tx, idOf(refund.payment_intent), metadataBooking(refund));
    if (!(await firstTime(tx, event.id, event.type, bookingId))) return 'duplicate';
    const outcome = bookingId ? await recordRefund(tx, bookingId, refundOf(refund), now, siteUrl) : 'unknown_booking';
    await recordOutcome(tx, event.id, outcome);
    return outcome;
  });
}

/**
 * charge.refunded: a charge refunded in part or in full. Its refunds are counted by their ids; when
 * the charge says more is refunded than we have counted and its payload does not list them (Stripe
 * no longer includes the list), they are read from Stripe first, outside the transaction.
 */
async function chargeRefunded(verified: unknown, type: string, now: Date, siteUrl?: string): Promise<string> {
  const event = parseEvent(ChargeEventSchema, verified, type);
  const charge = event.data.object;
  const paymentIntent = idOf(charge.payment_intent);
  const [seen] = await query<{ id: string }>('SELECT id FROM stripe_events WHERE id = $1', [event.id]);
  if (seen) return 'duplicate';
  let refunds: Array<RefundObject | Stripe.Refund> = charge.refunds?.data ?? [];
  // What is counted of this payment already, a deposit's or a no-show fee's (never both).
  const [known] = await query<{ counted: number }>(
    `SELECT coalesce(sum(counted), 0)::int AS counted FROM (
       SELECT r.counted_pence AS counted FROM stripe_refunds r
         JOIN bookings b ON b.id = r.booking_id WHERE b.stripe_payment_intent = $1
       UNION ALL
       SELECT r.counted_pence FROM no_show_fee_refunds r
         JOIN no_show_fees f ON f.booking_id = r.booking_id WHERE f.payment_intent = $1) counted`,
    [paymentIntent],
  );
  const listed = refunds.reduce((sum, r) => sum + (r.status === 'failed' || r.status === 'canceled' ? 0 : r.amount), 0);
  if (charge.amount_refunded > (known?.counted ?? 0) && (charge.refunds?.has_more || listed < charge.amount_refunded)) {
    const stripe = stripeClient();
    if (stripe) {
      try {
        refunds = (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data;
      } catch (error) {
        // Stripe calls the webhook again later: by then it answers, or the refunds' own events have come.
        console.error(
          `Could not read the refunds of charge ${charge.id}:`,
          error instanceof Error ? error.message : error,
        );
        throw new HttpError(503, 'Stripe could not be asked about this refund just now; send it again later');
      }
    }
  }
  return bookingTransaction(async (tx) => {
    const linkBooking = await bookingOfLinkPayment(tx, paymentIntent);
    if (linkBooking) {
      if (!(await firstTime(tx, event.id, event.type, linkBooking))) return 'duplicate';
      const results = new Set<string>();
      for (const refund of refunds) results.add(await recordLinkRefund(tx, linkBooking, refundOf(refund), now));
      const outcome = results.has('balance_refund_recorded') ? 'balance_refund_recorded' : 'balance_refund_known';
      await recordOutcome(tx, event.id, outcome);
      return outcome;
    }
    const fee = await feeOfPayment(tx, paymentIntent, charge.metadata);
    const bookingId = fee ? fee.bookingId : await bookingOfPayment(tx, paymentIntent, null);
    if (!(await firstTime(tx, event.id, event.type, bookingId))) return 'duplicate';
    let outcome = fee ? 'fee_unknown' : 'unknown_booking';
    if (bookingId) {
      const results = new Set<string>();
      for (const refund of refunds) {
        // A no-show fee's refunds are the fee's (decision 081); said as the deposit's outcomes, prefixed.
        results.add(
          fee
            ? (await recordFeeRefund(tx, bookingId, refundOf(refund), now, siteUrl)).replace(/^fee_/, '')
            : await recordRefund(tx, bookingId, refundOf(refund), now, siteUrl),
        );
      }
      outcome = results.has('refund_failed')
        ? 'refund_failed'
        : results.has('refund_recorded')
          ? 'refund_recorded'
          : refunds.length || charge.amount_refunded <= (known?.counted ?? 0)
            ? 'refund_known'
            : 'refunds_not_listed';
      if (fee) outcome = `fee_${outcome}`;
    }
    await recordOutcome(tx, event.id, outcome);
    return outcome;
  });
}

/**
 * charge.dispute.created / .closed: a chargeback. The booking carries it for staff to see (the
 * schedule and the customer's page), and every member of staff is told, once per dispute and stage;
 * a dispute on a payment we cannot match is still told, with the Dashboard to look in.
 */
async function disputeEvent(verified: unknown, type: string, now: Date, siteUrl?: string): Promise<string> {
  const event = parseEvent(DisputeEventSchema, verified, type);
  const dispute = event.data.object;
  const closing = type === 'charge.dispute.closed';
  return bookingTransaction(async (tx) => {
    const fee = await feeOfPayment(tx, idOf(dispute.payment_intent), dispute.metadata);
    if (fee?.bookingId) {
      if (!(await firstTime(tx, event.id, event.type, fee.bookingId))) return 'duplicate';
      const outcome = await recordFeeDispute(
        tx,
        fee.bookingId,
        { ...dispute, reason: dispute.reason ?? null, respondBy: respondBy(dispute) },
        closing,
        siteUrl,
      );
      await recordOutcome(tx, event.id, outcome);
      return outcome;
    }
    const bookingId = fee ? null : await bookingOfPayment(tx, idOf(dispute.payment_intent), null);
    if (!(await firstTime(tx, event.id, event.type, bookingId))) return 'duplicate';
    const booking = bookingId
      ? (
          await tx.query<{
            customer_id: string;
            contact_name: string;
            dispute_id: string | null;
            dispute_status: string | null;
          }>('SELECT customer_id, contact_name, dispute_id, dispute_status FROM bookings WHERE id = $1 FOR UPDATE', [
            bookingId,
          ])
        ).rows[0]
      : undefined;
    // A late "created" after its "closed" leaves the outcome standing.
    const staleOpening =
      !closing && booking?.dispute_id === dispute.id && CLOSED_DISPUTE.has(booking.dispute_status ?? '');
    if (booking && !staleOpening) {
      await tx.query(
        `UPDATE bookings SET dispute_id = $2, dispute_status = $3, dispute_reason = $4, dispute_pence = $5,
                dispute_respond_by = $6, updated_at = $7
          WHERE id = $1`,
        [bookingId, dispute.id, dispute.status, dispute.reason ?? null, dispute.amount, respondBy(dispute), now],
      );
    }
    const common = {
      pence: dispute.amount,
      customer: booking?.contact_name ?? null,
      bookingLink: booking ? staffCustomerLink(booking.customer_id, siteUrl) : null,
    };
    if (!staleOpening) {
      await tellStaff(
        tx,
        closing
          ? { kind: 'dispute_closed', status: dispute.status, ...common }
          : { kind: 'dispute_opened', reason: dispute.reason ?? 'general', respondBy: respondBy(dispute), ...common },
        `dispute:${dispute.id}:${closing ? 'closed' : 'opened'}`,
        bookingId,
      );
    }
    const outcome = !booking
      ? 'unknown_booking_staff_told'
      : staleOpening
        ? 'dispute_already_closed'
        : closing
          ? `dispute_${dispute.status}`
          : 'dispute_flagged';
    await recordOutcome(tx, event.id, outcome);
    return outcome;
  });
}

/**
 * charge.dispute.funds_withdrawn / .funds_reinstated: the money a chargeback took from the shop's
 * balance, or gave back when the shop won, on the accounts of the booking whose deposit or no-show fee
 * was disputed. Staff were told of the dispute itself by charge.dispute.created.
 */
async function disputeFundsEvent(verified: unknown, type: string, now: Date): Promise<string> {
  const event = parseEvent(DisputeEventSchema, verified, type);
  const dispute = event.data.object;
  return bookingTransaction(async (tx) => {
    const fee = await feeOfPayment(tx, idOf(dispute.payment_intent), dispute.metadata);
    const bookingId = fee?.bookingId ?? (await bookingOfPayment(tx, idOf(dispute.payment_intent), null));
    if (!(await firstTime(tx, event.id, event.type, bookingId))) return 'duplicate';
    const outcome = bookingId
      ? await recordDisputeFunds(
          tx,
          bookingId,
          dispute,
          type === 'charge.dispute.funds_withdrawn' ? 'withdrawn' : 'reinstated',
          now,
        )
      : 'unknown_booking';
    await recordOutcome(tx, event.id, outcome);
    return outcome;
  });
}

function respondBy(dispute: Dispute): Date | null {
  const due = dispute.evidence_details?.due_by;
  return due ? new Date(due * 1000) : null;
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
  if (outcome.startsWith('confirmed') || outcome === 'already_confirmed') await keepSavedCard(bookingIdOf(session));
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
  await releaseHold(tx, booking.id, 'payment page expired', now, 'stripe');
  return 'expired';
}

/**
 * A delayed payment (a bank debit) that failed after the customer finished the Checkout page: the hold
 * is released (the capacity trigger frees the tables) and the customer told the time is not booked.
 * A hold that had lapsed already is told too: they left the page believing they had booked.
 */
async function sessionPaymentFailed(tx: Tx, session: CheckoutSession, now: Date, siteUrl?: string): Promise<string> {
  const booking = await lockBooking(tx, session, bookingIdOf(session));
  if (!booking) return 'unknown_booking';
  if (booking.status !== 'pending_payment' && booking.status !== 'expired') return `unchanged_${booking.status}`;
  await releaseHold(tx, booking.id, 'the bank payment of the deposit failed', now, 'stripe');
  await enqueueBookingNotices(tx, booking.id, 'payment_failed', { now, ...(siteUrl ? { siteUrl } : {}) });
  return booking.status === 'pending_payment' ? 'payment_failed_released' : 'payment_failed_told';
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
  await recordMoney(tx, {
    bookingId: id,
    kind: 'deposit',
    method: 'online',
    pence: paid,
    at: now,
    stripeRef: paymentIntent,
  });
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
      await recordMoney(tx, {
        bookingId: booking.id,
        kind: 'deposit',
        method: 'online',
        pence: paid,
        at: now,
        stripeRef: paymentIntent,
      });
    }
    return 'already_confirmed';
  }
  if (booking.status === 'pending_payment' || booking.status === 'expired') {
    // An expired hold is confirmed too if its time is still free: the customer has paid. The
    // capacity trigger decides, inside a savepoint so a full slot leaves the rest standing.
    await tx.query('SAVEPOINT confirm_paid');
    try {
      await tx.query('UPDATE bookings SET deposit_paid_pence = $2, stripe_payment_intent = $3 WHERE id = $1', [
        booking.id,
        paid,
        paymentIntent,
      ]);
      await confirmPaid(tx, booking.id, now);
      await tx.query('RELEASE SAVEPOINT confirm_paid');
      await recordMoney(tx, {
        bookingId: booking.id,
        kind: 'deposit',
        method: 'online',
        pence: paid,
        at: now,
        stripeRef: paymentIntent,
      });
    } catch (error) {
      if (!isCapacityViolation(error)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT confirm_paid');
      await oweRefund(tx, booking.id, paid, paymentIntent, 'paid after the hold lapsed and the time was taken', now);
      await noteOnStatus(tx, booking.id, 'paid after the hold lapsed and the time had been taken; deposit refunded');
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
