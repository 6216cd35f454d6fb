import { describe, expect, it } from 'vitest';
import type { Quote } from './booking-api-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS } from './booking-settings.ts';
import { fairTerms } from './no-show-rules.ts';
import { joinNames, partyQuote, partyRules } from './party-quote.ts';

const quote = (title: string, price: number, deposit: number, extra = 0): Quote => ({
  fromPricePence: price,
  promotionPence: 0,
  ...(extra ? { extrasPence: extra } : {}),
  totalFromPence: price + extra,
  depositPence: deposit,
  promotionApplied: false,
  lines: [
    { kind: 'service', label: title, pence: price },
    ...(extra ? [{ kind: 'extra' as const, label: 'Bandana', pence: extra }] : []),
    { kind: 'total', label: 'Total, from', pence: price + extra },
    ...(deposit ? [{ kind: 'deposit' as const, label: 'Deposit due now', pence: deposit }] : []),
  ],
});

describe('partyQuote', () => {
  it('one dog: its own quote, unchanged', () => {
    const q = quote('Full Groom, medium dog', 5500, 1000);
    expect(partyQuote([{ name: 'Rex', quote: q }])).toBe(q);
  });

  it('two dogs: each dog’s lines under its name, one total and one deposit, the sums of theirs', () => {
    const q = partyQuote([
      { name: 'Rex', quote: quote('Full Groom, medium dog', 5500, 1000, 500) },
      { name: 'Bella', quote: quote('Bath and Tidy, small dog', 3500, 1000) },
    ]);
    expect(q.totalFromPence).toBe(9500);
    expect(q.depositPence).toBe(2000);
    expect(q.extrasPence).toBe(500);
    expect(q.lines).toEqual([
      { kind: 'service', label: 'Rex: Full Groom, medium dog', pence: 5500 },
      { kind: 'extra', label: 'Rex: Bandana', pence: 500 },
      { kind: 'service', label: 'Bella: Bath and Tidy, small dog', pence: 3500 },
      { kind: 'total', label: 'Total, from', pence: 9500 },
      { kind: 'deposit', label: 'Deposit due now', pence: 2000 },
    ]);
  });
});

describe('partyRules: the rules as the server records them, under the whole deposit', () => {
  const settings = DEFAULT_BOOKING_SETTINGS;
  const terms = (depositPence: number) => fairTerms({ standing: 'regular', settings, depositPence, online: true });
  const dog = (deposit: number) => ({ quote: quote('Nail Trim', 1500, deposit), rules: terms(deposit) });
  it('says something different when something is paid (else these cases prove nothing)', () => {
    expect(terms(1000)).not.toEqual(terms(0));
  });

  it.each([
    ['one dog with a deposit', [1000], 1000],
    ['one dog with none', [0], 0],
    ['a first dog with none and a second with one: paid words', [0, 1000], 1000],
    ['both with deposits', [1000, 1000], 2000],
    ['none due at all', [0, 0], 0],
  ])('%s', (_, deposits, whole) => {
    expect(partyRules(deposits.map(dog))).toEqual(terms(whole));
  });

  it('a dog whose quote is still on its way does not count', () => {
    expect(partyRules([dog(0), null])).toEqual(terms(0));
  });
});

describe('joinNames', () => {
  it.each([
    [['Rex'], 'Rex'],
    [['Rex', 'Bella'], 'Rex and Bella'],
    [['Rex', 'Bella', 'Moss'], 'Rex, Bella and Moss'],
    [['Full Groom', 'Full Groom'], 'Full Groom'],
  ])('%j → %s', (names, sentence) => expect(joinNames(names)).toBe(sentence));
});
