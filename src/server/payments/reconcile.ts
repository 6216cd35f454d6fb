import type Stripe from 'stripe';
import { db, query } from '../db.ts';
import { expireCheckout } from './checkout.ts';
import { settleRefund } from './settle.ts';
import { stripeClient } from './stripe.ts';
import { applyPaidSession } from './webhook.ts';
import { expireLapsedHolds } from '../bookings/booking-life.ts';
import { lapsedHoldSql } from '../bookings/holds.ts';

export interface Reconciliation {
  released: number;
  confirmed: number;
  refunded: number;
  refundsFailed: number;
}

const BATCH = 50;

/**
 * The reconciler (a scheduled function): unpaid holds past their time give their tables back (after
 * asking Stripe whether the payment went through, in case its webhook was lost), and refunds still
 * owed are made. Every step is safe to repeat and to run beside a webhook.
 */
export async function reconcilePayments(
  options: { now?: Date; stripe?: Stripe | null; siteUrl?: string } = {},
): Promise<Reconciliation> {
  const now = options.now ?? new Date();
  const stripe = options.stripe === undefined ? stripeClient() : options.stripe;
  const result: Reconciliation = { released: 0, confirmed: 0, refunded: 0, refundsFailed: 0 };

  const lapsed = await query<{ id: string; stripe_session_id: string | null }>(
    `SELECT id, stripe_session_id FROM bookings WHERE ${lapsedHoldSql('$1')} ORDER BY hold_expires_at LIMIT ${BATCH}`,
    [now],
  );
  for (const hold of lapsed) {
    if (stripe && hold.stripe_session_id) {
      let session: Stripe.Checkout.Session | null = null;
      try {
        session = await stripe.checkout.sessions.retrieve(hold.stripe_session_id);
      } catch (error) {
        // Stripe unreachable: release anyway. A payment that did go through reaches the webhook, which
        // confirms the booking if its time is still free and refunds it otherwise.
        console.warn(
          `reconciler: could not ask Stripe about session ${hold.stripe_session_id}:`,
          error instanceof Error ? error.message : error,
        );
      }
      if (session?.payment_status === 'paid') {
        // Paid, and the webhook never came: do what it would have done.
        const outcome = await applyPaidSession(session, now, options.siteUrl);
        if (outcome.startsWith('confirmed')) result.confirmed++;
        continue;
      }
      if (session?.status === 'open') await expireCheckout(stripe, session.id);
    }
    result.released += (await expireLapsedHolds(db(), now, { id: hold.id })).length;
  }

  const owed = await query<{ id: string }>(
    `SELECT id FROM bookings WHERE refund_due_pence > 0 ORDER BY updated_at LIMIT ${BATCH}`,
  );
  for (const { id } of owed) {
    const outcome = await settleRefund(stripe, id, now);
    if (outcome === 'refunded') result.refunded++;
    else if (outcome === 'failed') result.refundsFailed++;
  }
  return result;
}
