import { describe, expect, it } from 'vitest';
import {
  csvRecord,
  FinancesQuerySchema,
  periodLabel,
  periodsBetween,
  periodStartOf,
  RefundRequestSchema,
} from './finances.ts';

describe('periods', () => {
  it.each([
    ['2026-11-23', 'day', '2026-11-23'],
    ['2026-11-23', 'week', '2026-11-23'], // a Monday
    ['2026-11-29', 'week', '2026-11-23'], // its Sunday
    ['2026-11-30', 'week', '2026-11-30'],
    ['2026-01-01', 'week', '2025-12-29'], // across the year
    ['2026-11-29', 'month', '2026-11-01'],
  ] as const)('%s by %s starts %s', (date, by, start) => expect(periodStartOf(date, by)).toBe(start));

  it.each([
    [
      '2026-11-27',
      '2026-12-02',
      'day',
      ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'],
    ],
    ['2026-11-27', '2026-12-02', 'week', ['2026-11-23', '2026-11-30']],
    ['2026-11-27', '2027-01-02', 'month', ['2026-11-01', '2026-12-01', '2027-01-01']],
    ['2026-03-29', '2026-03-29', 'day', ['2026-03-29']], // the clocks go forward: still one day
  ] as const)('%s to %s by %s', (from, to, by, starts) => expect(periodsBetween(from, to, by)).toEqual(starts));

  it.each([
    ['2026-11-23', 'day', 'Mon 23 Nov'],
    ['2026-11-23', 'week', 'Week of 23 Nov'],
    ['2026-11-01', 'month', 'November 2026'],
  ] as const)('%s by %s reads %s', (start, by, label) => expect(periodLabel(start, by)).toBe(label));
});

describe('a CSV line', () => {
  const movement = {
    at: new Date('2026-07-10T23:30:00Z'),
    bookingId: 'B'.repeat(22),
    kind: 'refund' as const,
    method: 'online' as const,
    pence: -1000,
    appointment: new Date('2026-07-11T08:00:00Z'),
    service: 'Full Groom',
    customer: 'Sam Jones',
    stripePayment: 'pi_1',
  };
  it('is dated in London, keeps the amount a number of pence, names the type and method', () => {
    expect(csvRecord(movement, 'Europe/London')).toEqual([
      '2026-07-11',
      '00:30',
      'Deposit refund',
      'Online (Stripe)',
      -1000,
      'B'.repeat(22),
      '2026-07-11 09:00',
      'Full Groom',
      'Sam Jones',
      'pi_1',
      '',
      '',
      0,
      0,
    ]);
  });
  it("carries the booking's quote and its extras: their titles with prices, and their sum a number", () => {
    const extras = [
      { title: 'Nail grinding', pricePence: 500 },
      { title: '=Bandana', pricePence: 300 },
    ];
    expect(csvRecord({ ...movement, quotedPence: 6300, extras }, 'Europe/London').slice(10)).toEqual([
      6300,
      "Nail grinding £5.00;' =Bandana £3.00",
      800,
      0,
    ]);
  });
  it('makes every text cell formula-safe for a semicolon or tab reader too, and leaves the amount a number', () => {
    const line = csvRecord(
      { ...movement, customer: 'x;=1+1', service: 'a\t=HYPERLINK("http://evil.example")', stripePayment: '@pi' },
      'Europe/London',
    );
    expect(line.slice(4)).toEqual([
      -1000,
      'B'.repeat(22),
      '2026-07-11 09:00',
      'a\t\'=HYPERLINK("http://evil.example")',
      "x;'=1+1",
      "'@pi",
      '',
      '',
      0,
      0,
    ]);
  });
  it.each([
    [{ kind: 'balance', method: 'link', pence: 3500 }, ['Balance', 'Payment link (Stripe)', 3500]],
    [{ kind: 'balance_refund', method: 'link', pence: -3500 }, ['Balance refund', 'Payment link (Stripe)', -3500]],
    [{ kind: 'refund', method: 'online', pence: 1000 }, ['Deposit refund failed', 'Online (Stripe)', 1000]],
    [{ kind: 'fee', method: 'link', pence: 2500 }, ['No-show fee', 'Payment link (Stripe)', 2500]],
  ] as const)('names %o by its type and method', (row, cells) =>
    expect(csvRecord({ ...movement, ...row }, 'Europe/London').slice(2, 5)).toEqual(cells),
  );
  it('carries the surcharge the owner agreed, a number', () => {
    expect(csvRecord({ ...movement, quotedPence: 2000, surchargePence: 1500 }, 'Europe/London').slice(10)).toEqual([
      2000,
      '',
      0,
      1500,
    ]);
  });
  it('calls a negative balance a correction', () => {
    expect(
      csvRecord(
        { ...movement, kind: 'balance', method: 'cash', pence: -2500, stripePayment: null },
        'Europe/London',
      ).slice(2, 5),
    ).toEqual(['Balance correction', 'Cash', -2500]);
  });
});

describe('requests', () => {
  it.each([
    [{ from: '2026-01-01', to: '2026-01-01' }, true],
    [{ from: '2026-01-02', to: '2026-01-01' }, false],
    [{ from: '2024-01-01', to: '2026-01-01' }, true],
    [{ from: '2024-01-01', to: '2026-01-03' }, false],
    [{ from: '2026-02-30', to: '2026-03-01' }, false],
    [{ from: '2026-01-01', to: '2026-01-01', by: 'week' }, true],
  ])('finances %j → %s', (value, ok) => expect(FinancesQuerySchema.safeParse(value).success).toBe(ok));

  it.each([
    [{ bookingId: 'A'.repeat(22), reason: 'Unwell' }, true],
    [{ bookingId: 'A'.repeat(22), reason: 'Unwell', amountPence: 500 }, true],
    [{ bookingId: 'A'.repeat(22), reason: 'Unwell', amountPence: 0 }, false],
    [{ bookingId: 'A'.repeat(22), reason: '' }, false],
    [{ bookingId: 'A'.repeat(22), reason: 'x'.repeat(181) }, false],
  ])('refund %j → %s', (value, ok) => expect(RefundRequestSchema.safeParse(value).success).toBe(ok));
});
