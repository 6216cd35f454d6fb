import { describe, expect, it } from 'vitest';
import { checkRefund, type RefundCheck } from './refund.ts';

const AMOUNT = 'Please give an amount from £0.01 to £10.00';
const REASON = 'Please say why, for the accounts';

describe('checkRefund (a £10.00 deposit)', () => {
  it.each<[string, string, RefundCheck]>([
    ['10.00', 'Groomer off sick', { ok: true, request: { reason: 'Groomer off sick' } }],
    ['10', '  Illness  ', { ok: true, request: { reason: 'Illness' } }],
    ['4.50', 'Part', { ok: true, request: { reason: 'Part', amountPence: 450 } }],
    ['0.01', 'Least', { ok: true, request: { reason: 'Least', amountPence: 1 } }],
    ['10.00', '', { ok: false, reason: REASON }],
    ['10.00', '   ', { ok: false, reason: REASON }],
    ['10.01', 'Too much', { ok: false, amount: AMOUNT }],
    ['0', 'Nothing', { ok: false, amount: AMOUNT }],
    ['ten', 'Words', { ok: false, amount: AMOUNT }],
    ['', '', { ok: false, amount: AMOUNT, reason: REASON }],
  ])('£%s because "%s"', (amount, reason, check) => {
    expect(checkRefund(amount, reason, 1000)).toEqual(check);
  });
});
