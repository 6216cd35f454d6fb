import site from '../../content/site.json' with { type: 'json' };
import { formatPence } from './money.ts';
import { writtenDay } from './written-dates.ts';

/**
 * What staff are told when Stripe reports something about a payment that needs a person: a
 * chargeback opened or closed, a refund that failed. Pure words; the server sends them to every
 * member of staff through the outbox (src/server/payments/staff-alerts.ts, docs/decisions/064).
 */
export type PaymentAlert = (
  | {
      kind: 'dispute_opened';
      pence: number;
      reason: string;
      respondBy: Date | null;
      customer: string | null;
      bookingLink: string | null;
    }
  | { kind: 'dispute_closed'; pence: number; status: string; customer: string | null; bookingLink: string | null }
  | {
      kind: 'refund_failed';
      pence: number;
      failure: string | null;
      customer: string | null;
      bookingLink: string | null;
    }
  | {
      /** The owner paid the balance's link after the counter took it (decision 096): one must go back. */
      kind: 'balance_paid_twice';
      pence: number;
      method: string;
      customer: string | null;
      bookingLink: string | null;
    }
) & {
  /** What the payment was for: a booking's deposit (the default) or a no-show fee (decision 081). */
  paidFor?: 'deposit' | 'no-show fee';
};

export interface AlertWords {
  subject: string;
  text: string;
}

const reasonWords: Record<string, string> = {
  fraudulent: 'they did not make this payment',
  product_not_received: 'they say the service was not provided',
  duplicate: 'they say they paid twice',
  credit_not_processed: 'they say a refund they were promised never came',
  subscription_canceled: 'they say they cancelled',
  product_unacceptable: 'they were unhappy with the service',
  unrecognized: 'they do not recognise the payment',
  general: 'no particular reason given',
};

/** "Tuesday 1 December". */
const dateWords = (d: Date, timeZone: string) => writtenDay(d, timeZone, { weekday: 'long' });

export function paymentAlertWords(alert: PaymentAlert, timeZone: string): AlertWords {
  const who = alert.customer ? ` (${alert.customer})` : '';
  const paidFor = alert.paidFor ?? 'deposit';
  const where = alert.bookingLink
    ? ` Booking: ${alert.bookingLink}`
    : ' No booking of ours matches this payment: look it up in the Stripe Dashboard.';
  switch (alert.kind) {
    case 'dispute_opened': {
      const by = alert.respondBy
        ? ` Answer in the Stripe Dashboard by ${dateWords(alert.respondBy, timeZone)},`
        : ' Answer in the Stripe Dashboard';
      return {
        subject: `Chargeback: ${formatPence(alert.pence)} ${paidFor} disputed`,
        text: `${site.name}: a customer${who} disputed a ${formatPence(alert.pence)} ${paidFor} with their bank: ${reasonWords[alert.reason] ?? alert.reason}. Stripe has taken the money back for now.${by} with the booking and any messages, or the bank keeps it.${where}`,
      };
    }
    case 'dispute_closed': {
      const outcome =
        alert.status === 'won'
          ? 'it was decided in our favour and the money comes back'
          : alert.status === 'lost'
            ? 'the bank decided for the customer and keeps the money'
            : `it closed as ${alert.status.replace(/_/g, ' ')}`;
      return {
        subject: `Chargeback closed: ${formatPence(alert.pence)} ${alert.status === 'won' ? 'won' : alert.status === 'lost' ? 'lost' : 'closed'}`,
        text: `${site.name}: the dispute over a ${formatPence(alert.pence)} ${paidFor}${who} is closed: ${outcome}.${where}`,
      };
    }
    case 'refund_failed':
      return {
        subject: `Refund failed: ${formatPence(alert.pence)} did not reach the customer`,
        text: `${site.name}: a refund of ${formatPence(alert.pence)}${alert.paidFor === 'no-show fee' ? ' of a no-show fee' : ''}${who} failed${alert.failure ? ` (${alert.failure.replace(/_/g, ' ')})` : ''}, so the customer has not been paid back. Pay them another way (cash or bank transfer) and note it on the booking.${where}`,
      };
    case 'balance_paid_twice':
      return {
        subject: `Balance paid twice: ${formatPence(alert.pence)} online after ${alert.method}`,
        text: `${site.name}: a customer${who} paid the ${formatPence(alert.pence)} balance by the payment link after it was taken at the counter by ${alert.method}. Only the counter's is counted: refund the online payment in the Stripe Dashboard, or give the ${alert.method} back.${where}`,
      };
  }
}
