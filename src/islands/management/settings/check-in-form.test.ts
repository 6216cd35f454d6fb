import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_IN_SETTINGS } from '../../../domain/check-in.ts';
import { checkInFormOf, checkInOf, type TierRow } from './check-in-form.ts';

const row = (to: Partial<TierRow>): TierRow => ({
  id: '',
  label: 'Nervous dog',
  kind: 'handling',
  surcharge: '8',
  ...to,
});

describe('checkInOf', () => {
  it('gives back the settings it was made from', () => {
    expect(checkInOf(checkInFormOf(DEFAULT_CHECK_IN_SETTINGS))).toEqual({ checkIn: DEFAULT_CHECK_IN_SETTINGS });
  });

  it.each([
    ['a new tier gets an id from its name', [row({})], { id: 'nervous-dog', surchargePence: 800 }],
    [
      'a saved tier keeps its id when renamed',
      [row({ id: 'light-matting', label: 'Some mats' })],
      { id: 'light-matting' },
    ],
  ])('%s', (_, tiers, tier) => {
    const made = checkInOf({ tiers, vaccinationsRequired: false });
    expect('checkIn' in made && made.checkIn.tiers[0]).toMatchObject(tier);
  });

  it.each([
    ['no name', [row({ label: ' ' })], 'Tier 1: give it a name'],
    ['not money', [row({ surcharge: 'lots' })], 'Nervous dog: a surcharge in pounds from 0 to 200.00'],
    ['too much', [row({ surcharge: '250' })], 'Nervous dog: a surcharge in pounds from 0 to 200.00'],
    ['twice', [row({}), row({})], 'Nervous dog: two tiers of the same name'],
    ['nine', Array.from({ length: 9 }, (_, i) => row({ label: `T${i}` })), 'At most 8 tiers'],
  ])('refuses %s', (_, tiers, problem) => {
    expect(checkInOf({ tiers, vaccinationsRequired: true })).toEqual({ problem });
  });
});
