import type { BalanceLink } from '../../../domain/balance-link.ts';
import { formatPence } from '../../../domain/money.ts';
import { formatClock } from '../format.ts';

/**
 * What the booking dialog says of the balance's payment link (decision 096), and whether staff may
 * send it again: "Payment link sent at 14:20 — £45.00, not paid yet", then "Paid online at 14:31".
 */
export function balanceLinkWords(link: BalanceLink): { text: string; tone: 'ok' | 'error' | ''; again: boolean } {
  const amount = formatPence(link.pence);
  switch (link.status) {
    case 'creating':
      return { text: `Making the payment link for ${amount}…`, tone: '', again: false };
    case 'sent':
      return {
        text: `Payment link sent at ${formatClock(link.sentAt ?? link.createdAt)} — ${amount}, not paid yet.`,
        tone: '',
        again: true,
      };
    case 'paid':
      return link.paidTwice
        ? {
            text: `Paid online at ${formatClock(link.paidAt ?? link.createdAt)} — ${amount}, after it was taken at the counter. Refund one of them: the team has been told.`,
            tone: 'error',
            again: false,
          }
        : {
            text: `Paid online at ${formatClock(link.paidAt ?? link.createdAt)} — ${amount}.`,
            tone: 'ok',
            again: false,
          };
    case 'expired':
      return {
        text: `The payment link sent at ${formatClock(link.sentAt ?? link.createdAt)} expired unpaid (${amount}).`,
        tone: 'error',
        again: true,
      };
    case 'failed':
      return { text: `Stripe could not make the payment link for ${amount}.`, tone: 'error', again: true };
    case 'cancelled':
      return {
        text: `The payment link for ${amount} was closed: the balance was taken at the counter.`,
        tone: '',
        again: false,
      };
  }
}
