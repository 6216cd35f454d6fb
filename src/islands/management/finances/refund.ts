import { formatPence, penceFromPounds } from '../../../domain/money.ts';

/**
 * A refund as typed (an amount in pounds, a reason) checked against what the deposit can still give
 * back: the request to send, or what to mend. The whole refundable amount is sent as no amount, so the
 * server refunds whatever is left.
 */
export type RefundCheck =
  { ok: true; request: { reason: string; amountPence?: number } } | { ok: false; amount?: string; reason?: string };

export function checkRefund(amount: string, reason: string, refundablePence: number): RefundCheck {
  const pence = penceFromPounds(amount);
  const amountWrong =
    pence === null || pence < 1 || pence > refundablePence
      ? `Please give an amount from £0.01 to ${formatPence(refundablePence)}`
      : undefined;
  const reasonWrong = reason.trim() ? undefined : 'Please say why, for the accounts';
  if (amountWrong || reasonWrong) return { ok: false, amount: amountWrong, reason: reasonWrong };
  return {
    ok: true,
    request: { reason: reason.trim(), ...(pence === refundablePence ? {} : { amountPence: pence! }) },
  };
}
