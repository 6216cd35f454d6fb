import { formatPence } from './money.ts';

/**
 * Whether a no-show may be taken back (attendance set to anything else) given its fee (decision 081,
 * "Refunding a fee"): a customer must not keep paying for a no-show that did not happen, so a fee
 * taken, being taken, or offered on a payment link is given back or settled first. A failed charge
 * or a fee given back in full is history and blocks nothing. Null: it may be undone.
 */
export interface FeeForUndo {
  status: 'charging' | 'paid' | 'link_sent' | 'failed' | 'refunded';
  pence: number;
  refundedPence: number;
  refundStatus: 'refunding' | 'failed' | null;
}

export function feeBlocksUndo(fee: FeeForUndo | null): string | null {
  if (!fee) return null;
  const held = formatPence(fee.pence - fee.refundedPence);
  switch (fee.status) {
    case 'failed':
    case 'refunded':
      return null;
    case 'charging':
      return `A no-show fee of ${held} is being charged to the card just now. Open the booking again in a minute to see how it went, then refund it if it was taken, before undoing the no-show.`;
    case 'link_sent':
      return `A payment link for the no-show fee of ${held} was sent to the owner and can still be paid, so the no-show cannot be undone. If it is paid, refund it first.`;
    case 'paid':
      return fee.refundStatus === 'refunding'
        ? `The refund of the no-show fee of ${held} is on its way. Undo the no-show once Stripe has confirmed it.`
        : `This no-show fee of ${held} was paid. Refund it before undoing the no-show.`;
  }
}
