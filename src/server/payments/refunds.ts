import type { Tx } from '../db.ts';
import { recordMoney } from '../money/ledger.ts';
import { staffCustomerLink, tellStaff } from './staff-alerts.ts';

/**
 * One Stripe refund as this site records it, whoever made it (docs/decisions/064). Our own refunds
 * (settleRefund) and Stripe's webhook both come here, in either order and any number of times: each
 * refund id is counted in the booking's deposit_refunded_pence once while it is pending or succeeded,
 * and taken out again if it fails, and staff are told to pay the customer back another way. A refund
 * also settles as much as it covers of a refund we owe (one made by hand in the Dashboard counts).
 */
export interface StripeRefund {
  id: string;
  pence: number;
  /** Stripe's status: pending, requires_action, succeeded, failed or canceled. */
  status: string;
  /** Made by this site (its metadata names the booking), not by a person in the Dashboard. */
  byUs: boolean;
  failureReason?: string | null;
}

/** What we record of a Stripe refund, as the SDK answers it or as a webhook event carries it. */
export function refundOf(refund: {
  id: string;
  amount: number;
  status?: string | null;
  metadata?: Record<string, string> | null;
  failure_reason?: string | null;
}): StripeRefund {
  return {
    id: refund.id,
    pence: refund.amount,
    status: refund.status ?? 'pending',
    byUs: Boolean(refund.metadata?.booking_id),
    failureReason: refund.failure_reason ?? null,
  };
}

const COUNTED = new Set(['pending', 'requires_action', 'succeeded']);
// Statuses only move forward (a succeeded refund can still fail later): an older report never undoes a newer one.
const STAGE: Record<string, number> = { pending: 0, requires_action: 0, succeeded: 1, failed: 2, canceled: 2 };
const stage = (status: string) => STAGE[status] ?? 0;

/** A charge's chargeback is over: a later "created" event for it leaves the outcome standing. */
export const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed', 'prevented']);

export type RefundTally =
  | { verdict: 'known' | 'stale' }
  | {
      verdict: 'counts';
      /** What was counted of this refund before this report. */
      before: number;
      /** What is counted of it now. */
      counted: number;
      /** The change to the money given back. */
      delta: number;
      /** A refund that failed: what was counted of it, or all of it when we first hear of it as failed. */
      failedPence: number;
    };

/**
 * What one report of a refund changes, counted once by the refund's id whatever the order and number
 * of reports: `known` is what we recorded of it before, `leftPence` what is left to give back of the
 * payment (a deposit, a no-show fee) before this report. Never more than that, whatever Stripe's figure.
 */
export function tallyRefund(
  refund: StripeRefund,
  known: { status: string; counted_pence: number } | undefined,
  leftPence: number,
): RefundTally {
  if (known && known.status === refund.status) return { verdict: 'known' };
  if (known && stage(refund.status) < stage(known.status)) return { verdict: 'stale' };
  const before = known?.counted_pence ?? 0;
  const room = leftPence + before;
  const counted = COUNTED.has(refund.status) ? Math.min(refund.pence, Math.max(0, room)) : 0;
  const failedPence = stage(refund.status) === 2 ? (known ? before : refund.pence) : 0;
  return { verdict: 'counts', before, counted, delta: counted - before, failedPence };
}

export type RefundRecorded = 'refund_recorded' | 'refund_known' | 'refund_stale' | 'refund_failed';

export async function recordRefund(
  tx: Tx,
  bookingId: string,
  refund: StripeRefund,
  now: Date,
  siteUrl?: string,
): Promise<RefundRecorded> {
  const {
    rows: [booking],
  } = await tx.query<{
    deposit_paid_pence: number;
    deposit_refunded_pence: number;
    contact_name: string;
    customer_id: string;
  }>(
    'SELECT deposit_paid_pence, deposit_refunded_pence, contact_name, customer_id FROM bookings WHERE id = $1 FOR UPDATE',
    [bookingId],
  );
  if (!booking) throw new Error(`recordRefund: no booking ${bookingId}`);
  const {
    rows: [known],
  } = await tx.query<{ status: string; counted_pence: number }>(
    'SELECT status, counted_pence FROM stripe_refunds WHERE id = $1 FOR UPDATE',
    [refund.id],
  );
  // Never more than the deposit we recorded (the table's own rule).
  const tally = tallyRefund(refund, known, booking.deposit_paid_pence - booking.deposit_refunded_pence);
  if (tally.verdict !== 'counts') return tally.verdict === 'known' ? 'refund_known' : 'refund_stale';
  const { counted, delta, failedPence } = tally;
  // A refund owed is settled by a refund that went out, and by one of ours that failed: retrying it
  // cannot reach a closed card, so the debt passes to staff as refund_failed_pence.
  const settled = Math.max(delta, 0) + (!known && refund.byUs ? failedPence : 0);

  await tx.query(
    `INSERT INTO stripe_refunds (id, booking_id, pence, status, counted_pence, by_us, failure_reason, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     ON CONFLICT (id) DO UPDATE SET status = $4, counted_pence = $5, failure_reason = COALESCE($7, stripe_refunds.failure_reason), updated_at = $8`,
    [refund.id, bookingId, refund.pence, refund.status, counted, refund.byUs, refund.failureReason ?? null, now],
  );
  if (delta !== 0 || failedPence > 0 || settled > 0) {
    await tx.query(
      `UPDATE bookings SET deposit_refunded_pence = deposit_refunded_pence + $2,
              refund_due_pence = GREATEST(0, refund_due_pence - $3),
              refund_failed_pence = refund_failed_pence + $4,
              stripe_refund_id = CASE WHEN $2 > 0 THEN $5 ELSE stripe_refund_id END, updated_at = $6
        WHERE id = $1`,
      [bookingId, delta, settled, failedPence, refund.id, now],
    );
  }
  // Money out as the refund is counted, back in if it fails (src/server/money/ledger.ts).
  await recordMoney(tx, { bookingId, kind: 'refund', method: 'online', pence: -delta, at: now, stripeRef: refund.id });
  if (failedPence > 0) {
    await tellStaff(
      tx,
      {
        kind: 'refund_failed',
        pence: failedPence,
        failure: refund.failureReason ?? null,
        customer: booking.contact_name,
        // The staff area's page of the customer, not their /b/ link, which is the customer's own key.
        bookingLink: staffCustomerLink(booking.customer_id, siteUrl),
      },
      `refund_failed:${refund.id}`,
      bookingId,
    );
    return 'refund_failed';
  }
  return delta === 0 ? 'refund_known' : 'refund_recorded';
}
