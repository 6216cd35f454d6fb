import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS } from '../../../domain/booking-settings.ts';
import { noShowFormOf, noShowRulesOf, type NoShowForm } from './no-show-form.ts';

const base = noShowFormOf(DEFAULT_BOOKING_SETTINGS);

describe('the no-show rules form', () => {
  it('gives back the defaults it was filled with', () => {
    expect(noShowRulesOf(base)).toEqual({
      settings: {
        noShowFee: { kind: 'percent', percent: 50, capPence: 3000 },
        lateCancellationFee: { kind: 'none' },
        payInFullAfterStrikes: 3,
        newCustomerDeposit: { kind: 'none' },
        cardOnFile: true,
      },
    });
  });
  it.each<[string, Partial<NoShowForm>, string | Record<string, unknown>]>([
    [
      'a fixed no-show fee',
      { noShow: { ...base.noShow, kind: 'fixed', pounds: '12.50' } },
      { noShowFee: { kind: 'fixed', pence: 1250 } },
    ],
    ['never pay in full', { strikes: ' ' }, { payInFullAfterStrikes: null }],
    [
      'a new customer deposit',
      { newKind: 'fixed', newPounds: '10' },
      { newCustomerDeposit: { kind: 'fixed', pence: 1000 } },
    ],
    [
      'a percentage over 100',
      { noShow: { ...base.noShow, percent: '150' } },
      'No-show: the percentage is from 1 to 100',
    ],
    [
      'no cap',
      { late: { ...base.late, kind: 'percent', capPounds: '' } },
      'Late cancellation: give the most it may cost in pounds, like 30',
    ],
    ['zero strikes', { strikes: '0' }, 'Pay in full after: a whole number of strikes from 1 to 20, or empty for never'],
  ])('%s', (_, change, expected) => {
    const made = noShowRulesOf({ ...base, ...change });
    if (typeof expected === 'string') expect(made).toEqual({ problem: expected });
    else expect('settings' in made && made.settings).toMatchObject(expected);
  });
});
