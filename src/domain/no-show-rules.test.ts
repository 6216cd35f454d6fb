import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS } from './booking-settings.ts';
import {
  chargeFor,
  depositRuleFor,
  fairTerms,
  liveStrikes,
  noShowFeeCap,
  standingOf,
  type ChargeRule,
  type Strike,
} from './no-show-rules.ts';

const NOW = new Date('2026-12-01T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const strike = (days: number, waived = false): Strike => ({ bookingId: `b${days}`, at: daysAgo(days), waived });

describe('chargeFor', () => {
  const half: ChargeRule = { kind: 'percent', percent: 50, capPence: 3000 };
  it.each<[ChargeRule, number, number]>([
    [{ kind: 'none' }, 4500, 0],
    [{ kind: 'fixed', pence: 1500 }, 4500, 1500],
    [{ kind: 'fixed', pence: 1500 }, 1000, 1000], // never more than the price
    [half, 4500, 2250],
    [half, 9000, 3000], // capped
    [half, 4501, 2251], // half a penny rounds up
    [half, 0, 0],
  ])('%j on %ip is %ip', (rule, price, expected) => expect(chargeFor(rule, price)).toBe(expected));
});

describe('noShowFeeCap: the rule less the deposit kept', () => {
  const half: ChargeRule = { kind: 'percent', percent: 50, capPence: 3000 };
  it.each([
    [4500, 0, 2250],
    [4500, 1000, 1250],
    [4500, 2250, 0],
    [4500, 4500, 0], // paid in full already: nothing more
    [9000, 1000, 2000],
  ])('price %ip, deposit kept %ip → %ip', (price, kept, cap) => expect(noShowFeeCap(half, price, kept)).toBe(cap));
});

describe('liveStrikes', () => {
  it.each<[string, Strike[], number]>([
    ['none', [], 0],
    ['two recent', [strike(10), strike(40)], 2],
    ['a waived one does not count', [strike(10), strike(40, true)], 1],
    ['older than 12 months lapses', [strike(10), strike(400)], 1],
    ['a future one is not a strike yet', [strike(-2)], 0],
  ])('%s', (_, strikes, n) => expect(liveStrikes(strikes, NOW)).toBe(n));
});

describe('standingOf', () => {
  const three = { payInFullAfterStrikes: 3 };
  it.each<[string, Strike[], number, number | null, string]>([
    ['a first booking', [], 0, 3, 'new'],
    ['a regular', [], 4, 3, 'regular'],
    ['two strikes: still a regular', [strike(1), strike(2)], 4, 3, 'regular'],
    ['the third strike: pay in full', [strike(1), strike(2), strike(3)], 4, 3, 'pay_in_full'],
    ['three strikes, one waived', [strike(1), strike(2), strike(3, true)], 4, 3, 'regular'],
    ['strikes but the rule is off', [strike(1), strike(2), strike(3)], 4, null, 'regular'],
    ['strikes without a completed visit', [strike(1), strike(2), strike(3)], 0, 3, 'pay_in_full'],
  ])('%s', (_, strikes, completedVisits, limit, standing) =>
    expect(
      standingOf({
        strikes,
        completedVisits,
        settings: limit === null ? { payInFullAfterStrikes: null } : { ...three, payInFullAfterStrikes: limit },
        now: NOW,
      }),
    ).toBe(standing),
  );
});

describe('depositRuleFor', () => {
  const settings = {
    deposit: { kind: 'fixed', pence: 1000 } as const,
    newCustomerDeposit: { kind: 'percent', percent: 25 } as const,
  };
  it('asks the whole price of a customer who must pay in full', () =>
    expect(depositRuleFor('pay_in_full', settings)).toEqual({ kind: 'percent', percent: 100 }));
  it("asks a new customer's deposit where one is set", () =>
    expect(depositRuleFor('new', settings)).toEqual(settings.newCustomerDeposit));
  it("keeps the shop's deposit for a new customer when none is set", () =>
    expect(depositRuleFor('new', { ...settings, newCustomerDeposit: { kind: 'none' } })).toEqual(settings.deposit));
  it("keeps the shop's deposit for a regular", () =>
    expect(depositRuleFor('regular', settings)).toEqual(settings.deposit));
});

describe('fairTerms: what the customer is told', () => {
  const settings = DEFAULT_BOOKING_SETTINGS;
  it('with a deposit paid online: the no-show fee less the deposit, the card saved with the mandate', () => {
    const terms = fairTerms({ standing: 'regular', settings, depositPence: 1000, online: true });
    expect(terms.sentences).toEqual([
      'If you cancel later than 24 hours before, we keep what you have paid.',
      'If you miss your appointment without telling us, we may charge half the price, up to £30, less what you have paid. We never charge without telling you first.',
    ]);
    expect(terms.saveCard).toBe(true);
    expect(terms.mandate).toMatch(
      /save your card with Stripe.*fee in our terms: half the price, up to £30, less what you have paid/,
    );
  });
  it('paying in full says why, kindly', () => {
    const terms = fairTerms({ standing: 'pay_in_full', settings, depositPence: 4500, online: true });
    expect(terms.sentences[0]).toMatch(
      /^As some recent appointments were missed without notice, we ask for the full price/,
    );
  });
  it('paying in the shop saves no card', () => {
    const terms = fairTerms({ standing: 'new', settings, depositPence: 0, online: false });
    expect(terms.saveCard).toBe(false);
    expect(terms.mandate).toBeNull();
    expect(terms.sentences).toEqual([
      'If you miss your appointment without telling us, we may charge half the price, up to £30. We never charge without telling you first.',
    ]);
  });
  it('no card when the shop turns it off', () => {
    const terms = fairTerms({
      standing: 'regular',
      settings: { ...settings, cardOnFile: false },
      depositPence: 1000,
      online: true,
    });
    expect(terms.saveCard).toBe(false);
  });
  it('a late cancellation fee is said with the notice', () => {
    const terms = fairTerms({
      standing: 'regular',
      settings: { ...settings, lateCancellationFee: { kind: 'fixed', pence: 1000 }, cancellationNoticeHours: 48 },
      depositPence: 0,
      online: true,
    });
    expect(terms.sentences[0]).toBe('Cancelling later than 2 days before costs £10.');
  });
});
