import { describe, expect, it } from 'vitest';
import { feeBlocksUndo, type FeeForUndo } from './no-show-fee-undo.ts';

const fee = (status: FeeForUndo['status'], more: Partial<FeeForUndo> = {}): FeeForUndo => ({
  status,
  pence: 1500,
  refundedPence: 0,
  refundStatus: null,
  ...more,
});

describe('feeBlocksUndo: a no-show is taken back only once its fee is given back or never taken', () => {
  it.each<[string, FeeForUndo | null, RegExp | null]>([
    ['no fee', null, null],
    ['a failed charge (history)', fee('failed'), null],
    ['a fee refunded in full', fee('refunded', { refundedPence: 1500 }), null],
    ['a paid fee', fee('paid'), /^This no-show fee of £15\.00 was paid\. Refund it before undoing the no-show\.$/],
    ['a paid fee whose refund failed', fee('paid', { refundStatus: 'failed' }), /of £15\.00 was paid\. Refund it/],
    ['a fee part refunded in the Dashboard', fee('paid', { refundedPence: 500 }), /of £10\.00 was paid/],
    [
      'a refund on its way',
      fee('paid', { refundStatus: 'refunding' }),
      /refund of the no-show fee of £15\.00 is on its way/,
    ],
    ['a charge without its answer yet', fee('charging'), /of £15\.00 is being charged to the card just now/],
    ['a payment link with the owner', fee('link_sent'), /payment link for the no-show fee of £15\.00 was sent/],
  ])('%s', (_, given, said) => {
    const answer = feeBlocksUndo(given);
    if (said === null) expect(answer).toBeNull();
    else expect(answer).toMatch(said);
  });
});
