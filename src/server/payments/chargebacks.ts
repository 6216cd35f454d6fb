import type { Tx } from '../db.ts';

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
  const { rowCount } = await tx.query(
    `INSERT INTO money_movements (booking_id, kind, method, pence, at, stripe_dispute)
     VALUES ($1, $2, 'online', $3, $4, $5)
     ON CONFLICT (stripe_dispute, kind) WHERE stripe_dispute IS NOT NULL DO NOTHING`,
    [
      bookingId,
      withdrawn ? 'chargeback' : 'chargeback_reversal',
      withdrawn ? -dispute.amount : dispute.amount,
      now,
      dispute.id,
    ],
  );
  if (!rowCount) return 'chargeback_known';
  return withdrawn ? 'chargeback_recorded' : 'chargeback_reversed';
}
