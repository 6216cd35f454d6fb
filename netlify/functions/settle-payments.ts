import type { Config } from '@netlify/functions';
import { reconcilePayments } from '../../src/server/payments/reconcile.ts';

/**
 * Every five minutes: unpaid holds past their time give their tables back (after asking Stripe
 * whether a payment went through unseen), and refunds still owed are made (docs/decisions/051).
 */
export default async () => {
  const run = await reconcilePayments();
  if (run.released || run.confirmed || run.refunded || run.refundsFailed) {
    console.log(
      `settle-payments: ${run.released} holds released, ${run.confirmed} confirmed, ${run.refunded} refunds made, ${run.refundsFailed} refunds to retry`,
    );
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
