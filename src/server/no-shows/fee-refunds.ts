import type { NoShowFeeResponse } from '../../domain/no-show-staff.ts';
import { audit } from '../audit.ts';
import { transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import { paidMethod, recordMoney } from '../money/ledger.ts';
import { CLOSED_DISPUTE, refundOf, tallyRefund, type StripeRefund } from '../payments/refunds.ts';
import { staffCustomerLink, tellStaff } from '../payments/staff-alerts.ts';
import { stripeClient, type Stripe } from '../payments/stripe.ts';
import type { StaffMember } from '../staff.ts';
import { FEE_PURPOSE, noShowFeeState } from './fees.ts';

/**
 * A no-show fee given back (decision 081, "Refunding a fee"): by staff from the schedule, claimed like
 * the charge (one refund whoever taps twice) and asked of Stripe after the commit under the key
 * `no-show-fee-refund-{booking}-{attempt}`; or in Stripe's Dashboard, which the webhook brings here.
 * Each Stripe refund of the fee's payment is counted once by its id, never more than the fee, never
 * against the deposit, and written as money out (`fee_refund`). A refund Stripe refuses or reports
 * failed is shown to staff and tried again only when a person asks.
 */

/** A staff refund still "refunding" after this is one whose answer was lost: a tap asks again, same key. */
const STALE_MS = 60_000;

const refuse = (message: string) => new HttpError(409, message, { code: 'policy' });

export async function refundNoShowFee(
  id: string,
  staff: Pick<StaffMember, 'customerId'>,
  now = new Date(),
): Promise<NoShowFeeResponse> {
  const stripe = stripeClient();
  if (!stripe) throw refuse('Online payments are not set up: give the fee back in person.');
  const claimed = await transaction(async (tx) => {
    const {
      rows: [fee],
    } = await tx.query<{
      pence: number;
      status: string;
      refunded_pence: number;
      refund_status: 'refunding' | 'failed' | null;
      refund_attempt: number;
      refund_updated_at: Date | null;
      payment_intent: string | null;
    }>(
      `SELECT pence, status, refunded_pence, refund_status, refund_attempt, refund_updated_at, payment_intent
         FROM no_show_fees WHERE booking_id = $1 FOR UPDATE`,
      [id],
    );
    if (!fee) {
      const { rows } = await tx.query('SELECT 1 FROM bookings WHERE id = $1', [id]);
      if (!rows[0]) throw new HttpError(404, 'We could not find that booking.', { code: 'not_found' });
      throw refuse('No no-show fee was taken for this booking, so there is nothing to refund.');
    }
    if (fee.status === 'refunded') return { go: false as const };
    if (fee.status !== 'paid') throw refuse('Only a no-show fee that was paid can be refunded.');
    if (
      fee.refund_status === 'refunding' &&
      fee.refund_updated_at &&
      now.getTime() - fee.refund_updated_at.getTime() < STALE_MS
    )
      return { go: false as const };
    if (!fee.payment_intent) throw refuse("This fee's payment is not known here: refund it in Stripe's Dashboard.");
    // A lost answer is asked again under the same key (Stripe answers as before); a failure is a new attempt.
    const resume = fee.refund_status === 'refunding';
    const attempt = resume ? fee.refund_attempt : fee.refund_attempt + 1;
    const pence = fee.pence - fee.refunded_pence;
    await tx.query(
      `UPDATE no_show_fees SET refund_status = 'refunding', refund_attempt = $2, refund_failure = NULL,
              refund_staff_id = $3, refund_updated_at = $4
        WHERE booking_id = $1`,
      [id, attempt, staff.customerId, now],
    );
    await audit(tx, staff, 'booking.no_show_fee_refund', 'booking', id, {
      before: { status: fee.status, refundedPence: fee.refunded_pence, refund: fee.refund_status },
      after: { refund: 'refunding', pence, attempt },
    });
    return { go: true as const, paymentIntent: fee.payment_intent, pence, attempt };
  });
  if (claimed.go) await askStripe(stripe, id, claimed.paymentIntent, claimed.pence, claimed.attempt, now);
  return noShowFeeState(id);
}

async function askStripe(
  stripe: Stripe,
  id: string,
  paymentIntent: string,
  pence: number,
  attempt: number,
  now: Date,
): Promise<void> {
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: pence,
        reason: 'requested_by_customer',
        metadata: { booking_id: id, purpose: FEE_PURPOSE },
      },
      { idempotencyKey: `no-show-fee-refund-${id}-${attempt}` },
    );
  } catch (error) {
    const e = error as { statusCode?: number; message?: string };
    if (e.statusCode && e.statusCode < 500) {
      // Stripe said no: shown to staff as it said it, not tried again unless a person asks.
      await transaction((tx) =>
        tx.query(
          `UPDATE no_show_fees SET refund_status = CASE WHEN status = 'refunded' THEN NULL ELSE 'failed' END,
                  refund_failure = $2, refund_updated_at = $3
            WHERE booking_id = $1 AND refund_status = 'refunding'`,
          [id, e.message?.slice(0, 500) ?? null, now],
        ),
      );
      return;
    }
    // No answer or a 5xx: unknown whether it went. It stays "refunding"; a tap after a minute asks again, same key.
    console.error(`No-show fee refund for booking ${id}: Stripe did not answer:`, e.message ?? error);
    return;
  }
  await transaction((tx) => recordFeeRefund(tx, id, refundOf(refund), now));
}

export type FeeRefundRecorded = 'fee_refund_recorded' | 'fee_refund_known' | 'fee_refund_stale' | 'fee_refund_failed';

/**
 * One Stripe refund of a fee's payment, ours or the Dashboard's, from our call's answer or the webhook,
 * in any order and any number of times: counted once by its id, at most what is left of the fee.
 */
export async function recordFeeRefund(
  tx: Tx,
  bookingId: string,
  refund: StripeRefund,
  now: Date,
  siteUrl?: string,
): Promise<FeeRefundRecorded> {
  const {
    rows: [fee],
  } = await tx.query<{ pence: number; refunded_pence: number; contact_name: string; customer_id: string }>(
    `SELECT f.pence, f.refunded_pence, b.contact_name, b.customer_id
       FROM no_show_fees f JOIN bookings b ON b.id = f.booking_id WHERE f.booking_id = $1 FOR UPDATE OF f`,
    [bookingId],
  );
  if (!fee) throw new Error(`recordFeeRefund: no fee on booking ${bookingId}`);
  const {
    rows: [known],
  } = await tx.query<{ status: string; counted_pence: number }>(
    'SELECT status, counted_pence FROM no_show_fee_refunds WHERE id = $1 FOR UPDATE',
    [refund.id],
  );
  const tally = tallyRefund(refund, known, fee.pence - fee.refunded_pence);
  if (tally.verdict !== 'counts') return tally.verdict === 'known' ? 'fee_refund_known' : 'fee_refund_stale';
  const { counted, delta, failedPence } = tally;
  await tx.query(
    `INSERT INTO no_show_fee_refunds (id, booking_id, pence, status, counted_pence, by_us, failure_reason, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     ON CONFLICT (id) DO UPDATE SET status = $4, counted_pence = $5,
       failure_reason = COALESCE($7, no_show_fee_refunds.failure_reason), updated_at = $8`,
    [refund.id, bookingId, refund.pence, refund.status, counted, refund.byUs, refund.failureReason ?? null, now],
  );
  const refunded = fee.refunded_pence + delta;
  // Our own refund settles the staff request either way: through (cleared) or failed (shown to staff).
  const ours = refund.byUs ? (failedPence > 0 ? 'failed' : 'through') : 'theirs';
  await tx.query(
    `UPDATE no_show_fees SET refunded_pence = $2,
            status = CASE WHEN $2 >= pence THEN 'refunded' WHEN status = 'refunded' THEN 'paid' ELSE status END,
            refund_status = CASE WHEN $3 = 'through' OR $2 >= pence THEN NULL WHEN $3 = 'failed' THEN 'failed' ELSE refund_status END,
            refund_failure = CASE WHEN $3 = 'through' THEN NULL WHEN $3 = 'failed' THEN $4 ELSE refund_failure END,
            refunded_at = CASE WHEN $5 > 0 THEN $6 ELSE refunded_at END, refund_updated_at = $6
      WHERE booking_id = $1`,
    [bookingId, refunded, ours, refund.failureReason ?? 'Stripe reported the refund failed', delta, now],
  );
  await recordMoney(tx, {
    bookingId,
    kind: 'fee_refund',
    method: await paidMethod(tx, bookingId, 'fee'),
    pence: -delta,
    at: now,
    stripeRef: refund.id,
  });
  if (failedPence > 0) {
    await tellStaff(
      tx,
      {
        kind: 'refund_failed',
        paidFor: 'no-show fee',
        pence: failedPence,
        failure: refund.failureReason ?? null,
        customer: fee.contact_name,
        bookingLink: staffCustomerLink(fee.customer_id, siteUrl),
      },
      `refund_failed:${refund.id}`,
      bookingId,
    );
    return 'fee_refund_failed';
  }
  return delta === 0 ? 'fee_refund_known' : 'fee_refund_recorded';
}

/**
 * The fee a Stripe refund, charge or dispute is about: by the fee's payment intent, else by our
 * metadata (`purpose: no_show_fee`). Undefined when it is not a fee's (the deposit's path decides);
 * `{ bookingId: null }` when the metadata says fee but no fee of ours matches: never the deposit's.
 */
export async function feeOfPayment(
  tx: Tx,
  paymentIntent: string | null,
  metadata: Record<string, string> | null | undefined,
): Promise<{ bookingId: string | null } | undefined> {
  if (paymentIntent) {
    const { rows } = await tx.query<{ booking_id: string }>(
      'SELECT booking_id FROM no_show_fees WHERE payment_intent = $1 LIMIT 1',
      [paymentIntent],
    );
    if (rows[0]) return { bookingId: rows[0].booking_id };
  }
  if (metadata?.purpose !== FEE_PURPOSE) return undefined;
  const { rows } = await tx.query<{ booking_id: string }>(
    'SELECT booking_id FROM no_show_fees WHERE booking_id = $1 AND payment_intent IS NOT NULL',
    [metadata.booking_id ?? ''],
  );
  return { bookingId: rows[0]?.booking_id ?? null };
}

/**
 * A chargeback on a fee's payment: kept on the fee and every member of staff told, naming the no-show
 * fee and the customer, once per dispute and stage (a late "created" after its "closed" says nothing).
 */
export async function recordFeeDispute(
  tx: Tx,
  bookingId: string,
  dispute: { id: string; status: string; amount: number; reason: string | null; respondBy: Date | null },
  closing: boolean,
  siteUrl?: string,
): Promise<string> {
  const {
    rows: [fee],
  } = await tx.query<{
    dispute_id: string | null;
    dispute_status: string | null;
    contact_name: string;
    customer_id: string;
  }>(
    `SELECT f.dispute_id, f.dispute_status, b.contact_name, b.customer_id
       FROM no_show_fees f JOIN bookings b ON b.id = f.booking_id WHERE f.booking_id = $1 FOR UPDATE OF f`,
    [bookingId],
  );
  if (!fee) throw new Error(`recordFeeDispute: no fee on booking ${bookingId}`);
  if (!closing && fee.dispute_id === dispute.id && CLOSED_DISPUTE.has(fee.dispute_status ?? ''))
    return 'fee_dispute_already_closed';
  await tx.query('UPDATE no_show_fees SET dispute_id = $2, dispute_status = $3 WHERE booking_id = $1', [
    bookingId,
    dispute.id,
    dispute.status,
  ]);
  const common = {
    paidFor: 'no-show fee' as const,
    pence: dispute.amount,
    customer: fee.contact_name,
    bookingLink: staffCustomerLink(fee.customer_id, siteUrl),
  };
  await tellStaff(
    tx,
    closing
      ? { kind: 'dispute_closed', status: dispute.status, ...common }
      : { kind: 'dispute_opened', reason: dispute.reason ?? 'general', respondBy: dispute.respondBy, ...common },
    `dispute:${dispute.id}:${closing ? 'closed' : 'opened'}`,
    bookingId,
  );
  return closing ? `fee_dispute_${dispute.status}` : 'fee_dispute_flagged';
}
