import { describe, expect, it } from 'vitest';
import type { BalanceLink } from '../../../domain/balance-link.ts';
import { balanceLinkWords } from './balance-link-words.ts';

const link = (over: Partial<BalanceLink>): BalanceLink => ({
  pence: 4500,
  status: 'sent',
  url: 'https://checkout.stripe.com/c/pay/cs_1',
  createdAt: '2026-12-01T14:20:00Z',
  sentAt: '2026-12-01T14:20:00Z',
  paidAt: null,
  paidTwice: false,
  ...over,
});

describe('balanceLinkWords', () => {
  it.each([
    [link({}), 'Payment link sent at 14:20 — £45.00, not paid yet.', true],
    [link({ status: 'paid', paidAt: '2026-12-01T14:31:00Z' }), 'Paid online at 14:31 — £45.00.', false],
    [link({ status: 'expired' }), 'The payment link sent at 14:20 expired unpaid (£45.00).', true],
    [link({ status: 'failed', sentAt: null }), 'Stripe could not make the payment link for £45.00.', true],
    [link({ status: 'creating', sentAt: null }), 'Making the payment link for £45.00…', false],
  ])('%#: says %s', (l, text, again) => {
    expect(balanceLinkWords(l)).toMatchObject({ text, again });
  });

  it('says a payment after the counter’s plainly, as a problem', () => {
    const w = balanceLinkWords(link({ status: 'paid', paidAt: '2026-12-01T14:31:00Z', paidTwice: true }));
    expect(w.tone).toBe('error');
    expect(w.text).toMatch(/after it was taken at the counter/);
  });
});
