import type { Tx } from '../db.ts';
import { recordMoney } from '../money/ledger.ts';

/** Which way a dispute's money went (charge.dispute.funds_withdrawn / .funds_reinstated). */
export type DisputeFunds = 'withdrawn' | 'reinstated';

/**
 * The money a dispute took from the shop, or gave back, as a row of the accounts (migration
 * 20261128070000_chargebacks.sql): money out when withdrawn, in when reinstated, dated `now` (when
 * Stripe told us). Once per dispute and way, whatever number of events carry it.
 */
export async function recordDisputeFunds(
  tx: Tx,
  bookingId: string,
  dispute: { id: string; amount: number },
  funds: DisputeFunds,
  now: Date,
): Promise<'chargeback_recorded' | 'chargeback_reversed' | 'chargeback_known'> {
  const withdrawn = funds === 'withdrawn';
  const written = await recordMoney(tx, {
    bookingId,
    kind: withdrawn ? 'chargeback' : 'chargeback_reversal',
    method: 'online',
    pence: withdrawn ? -dispute.amount : dispute.amount,
    at: now,
    stripeRef: dispute.id,
  });
  if (!written) return 'chargeback_known';
  return withdrawn ? 'chargeback_recorded' : 'chargeback_reversed';
}
