import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingMoney,
  columnOf,
  columnsTotal,
  counterCorrection,
  MONEY_KINDS,
  MONEY_METHODS,
  moneyLineLabel,
  staffMoneyWords,
  takingsOf,
  type BookingMoneyInput,
  type LedgerRow,
} from './ledger.ts';

const row = (kind: LedgerRow['kind'], method: LedgerRow['method'], pence: number): LedgerRow => ({
  kind,
  method,
  pence,
});

describe('which column of the takings a row falls in', () => {
  it.each([
    ['deposit', 'online', 'deposits'],
    ['balance', 'card', 'card'],
    ['balance', 'cash', 'cash'],
    ['balance', 'link', 'link'],
    ['fee', 'online', 'fees'],
    ['fee', 'link', 'fees'],
    ['refund', 'online', 'refunds'],
    ['balance_refund', 'link', 'refunds'],
    ['fee_refund', 'link', 'refunds'],
    ['chargeback', 'online', 'refunds'],
    ['chargeback_reversal', 'online', 'refunds'],
  ] as const)('%s by %s: %s', (kind, method, column) => expect(columnOf({ kind, method })).toBe(column));

  it('sums a day: the columns say the takings, money out a positive "refunds"', () => {
    const t = takingsOf([
      row('deposit', 'online', 1000),
      row('balance', 'link', 3500),
      row('balance', 'card', 4500),
      row('balance', 'cash', 2000),
      row('fee', 'online', 1500),
      row('refund', 'online', -1000),
      row('chargeback', 'online', -1500),
      row('balance', 'card', -500),
    ]);
    expect(t).toEqual({
      depositsPence: 1000,
      cardPence: 4000,
      cashPence: 2000,
      linkPence: 3500,
      feesPence: 1500,
      refundsPence: 2500,
      takingsPence: 9500,
    });
    expect(columnsTotal(t)).toBe(t.takingsPence);
  });

  it('whatever the rows, the columns add up to the takings, which is their sum', () => {
    const rows = fc.array(
      fc.record({
        kind: fc.constantFrom(...MONEY_KINDS),
        method: fc.constantFrom(...MONEY_METHODS),
        pence: fc.integer({ min: -100_000, max: 100_000 }),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(rows, (rs) => {
        const t = takingsOf(rs);
        expect(columnsTotal(t)).toBe(t.takingsPence);
        expect(t.takingsPence).toBe(rs.reduce((sum, r) => sum + r.pence, 0));
      }),
    );
  });
});

const booking = (over: Partial<BookingMoneyInput>): BookingMoneyInput => ({
  status: 'confirmed',
  attendance: null,
  quotedPence: 2000,
  surchargePence: 0,
  refundDuePence: 0,
  rows: [],
  ...over,
});

describe("a booking's money", () => {
  it.each([
    [
      'the issue: £20 from, £15 matting agreed, £35 paid by link',
      booking({ attendance: 'completed', surchargePence: 1500, rows: [row('balance', 'link', 3500)] }),
      { finalPricePence: 3500, paidPence: 3500, duePence: 0, overpaidPence: 0 },
    ],
    [
      'the surcharge agreed, nothing paid yet: all of it due',
      booking({ attendance: 'arrived', surchargePence: 1500 }),
      { finalPricePence: 3500, paidPence: 0, duePence: 3500 },
    ],
    [
      'a deposit paid, the visit ahead',
      booking({ quotedPence: 4500, rows: [row('deposit', 'online', 1000)] }),
      { finalPricePence: 4500, paidPence: 1000, duePence: 3500 },
    ],
    [
      'more taken at the counter on a "from" price: the final price is what was taken',
      booking({
        quotedPence: 4500,
        attendance: 'completed',
        rows: [row('deposit', 'online', 1000), row('balance', 'card', 4000)],
      }),
      { finalPricePence: 5000, paidPence: 5000, duePence: 0, overpaidPence: 0 },
    ],
    [
      'paid by link after the counter took it: paid twice, to give back',
      booking({
        quotedPence: 4500,
        attendance: 'completed',
        rows: [row('balance', 'card', 4500), row('balance', 'link', 4500)],
      }),
      { finalPricePence: 4500, paidPence: 9000, duePence: 0, overpaidPence: 4500 },
    ],
    [
      'the link payment given back: paid once again',
      booking({
        quotedPence: 4500,
        attendance: 'completed',
        rows: [row('balance', 'card', 4500), row('balance', 'link', 4500), row('balance_refund', 'link', -4500)],
      }),
      { paidPence: 4500, overpaidPence: 0 },
    ],
    [
      'cancelled, its deposit being refunded: nothing due, nothing kept',
      booking({ status: 'cancelled', refundDuePence: 1000, rows: [row('deposit', 'online', 1000)] }),
      { paidPence: 0, duePence: 0, refundDuePence: 1000 },
    ],
    [
      'cancelled late, the deposit kept',
      booking({ status: 'cancelled', rows: [row('deposit', 'online', 1000)] }),
      { paidPence: 1000, duePence: 0 },
    ],
    [
      'a no-show owes no balance; its fee is apart from the groom',
      booking({ attendance: 'no_show', rows: [row('deposit', 'online', 1000), row('fee', 'online', 1500)] }),
      { paidPence: 1000, duePence: 0, feesPence: 1500 },
    ],
    [
      'a chargeback takes money back: due again',
      booking({
        attendance: 'completed',
        quotedPence: 4500,
        rows: [row('deposit', 'online', 1000), row('balance', 'card', 3500), row('chargeback', 'online', -1000)],
      }),
      { paidPence: 3500, duePence: 1000 },
    ],
  ])('%s', (_name, input, expected) => expect(bookingMoney(input)).toMatchObject(expected));

  it('lists what was paid in the order it came, a counter correction folded into what it corrects', () => {
    const money = bookingMoney(
      booking({
        attendance: 'completed',
        quotedPence: 4500,
        rows: [
          row('deposit', 'online', 1000),
          row('balance', 'card', 3500),
          row('balance', 'card', -3500),
          row('balance', 'cash', 3500),
        ],
      }),
    );
    expect(money.lines.map((l) => [l.label, l.pence])).toEqual([
      ['Deposit, paid online', 1000],
      ['Paid in cash', 3500],
    ]);
    expect(money.lines.map((l) => staffMoneyWords(l, false))).toEqual(['deposit £10.00 paid', '£35.00 in cash']);
  });

  it.each([
    [row('balance', 'link', 3500), 'Paid by payment link'],
    [row('balance', 'card', 3500), 'Paid by card in the shop'],
    [row('refund', 'online', -1000), 'Deposit refunded'],
    [row('refund', 'online', 1000), 'Refund that failed, money back'],
    [row('balance_refund', 'link', -3500), 'Payment link refunded'],
  ])('a row reads to the owner as %o → %s', (r, label) => expect(moneyLineLabel(r)).toBe(label));
});

describe('a correction at the counter brings the ledger to what staff say', () => {
  const monday = new Date('2026-07-06T11:00:00Z');
  const later = new Date('2026-07-20T10:00:00Z');
  it.each([
    ['nothing taken, nothing standing', [], null, []],
    ['the first balance: dated now', [], { method: 'card', pence: 4500 }, [{ method: 'card', pence: 4500, at: later }]],
    ['the same again: nothing', [{ method: 'card', pence: 4500, at: monday }], { method: 'card', pence: 4500 }, []],
    [
      'card was cash: reversed and written again on the day it was taken',
      [{ method: 'card', pence: 4500, at: monday }],
      { method: 'cash', pence: 4500 },
      [
        { method: 'card', pence: -4500, at: monday },
        { method: 'cash', pence: 4500, at: monday },
      ],
    ],
    [
      'the mark taken back: reversed on its day',
      [{ method: 'cash', pence: 3000, at: monday }],
      null,
      [{ method: 'cash', pence: -3000, at: monday }],
    ],
    [
      'a method whose rows net to nothing stands for nothing',
      [{ method: 'card', pence: 0, at: monday }],
      { method: 'cash', pence: 2000 },
      [{ method: 'cash', pence: 2000, at: later }],
    ],
  ] as const)('%s', (_name, standing, taken, rows) => expect(counterCorrection(standing, taken, later)).toEqual(rows));
});
