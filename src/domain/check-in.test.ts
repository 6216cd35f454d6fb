import { describe, expect, it } from 'vitest';
import {
  CheckInRequestSchema,
  CheckInSettingsSchema,
  chargeableSurchargePence,
  DEFAULT_CHECK_IN_SETTINGS,
  finalPricePence,
  healthPolicyWarning,
  tierFor,
} from './check-in.ts';

const consent = { method: 'typed' as const, name: 'Sam Owner', at: '2026-12-01T09:00:00.000Z' };

describe('finalPricePence', () => {
  it.each([
    ['no check-in', 4500, null, 4500],
    ['no tier', 4500, { surchargePence: 0, consent: null }, 4500],
    ['a surcharge not agreed yet', 4500, { surchargePence: 1500, consent: null }, 4500],
    ['a surcharge agreed', 4500, { surchargePence: 1500, consent }, 6000],
    ['a free tier agreed', 3000, { surchargePence: 0, consent }, 3000],
  ])('%s', (_, quote, checkIn, final) => {
    expect(finalPricePence(quote, checkIn)).toBe(final);
    expect(chargeableSurchargePence(checkIn)).toBe(final - quote);
  });
});

describe('tierFor', () => {
  it.each([
    [null, null],
    ['heavy-matting', DEFAULT_CHECK_IN_SETTINGS.tiers[1]],
    ['velvet-coat', 'unknown'],
  ])('%s', (id, tier) => {
    expect(tierFor(DEFAULT_CHECK_IN_SETTINGS, id)).toEqual(tier);
  });
});

describe('healthPolicyWarning', () => {
  const today = '2026-12-01';
  it.each([
    ['no rule', [], false, null],
    ['nothing recorded', [], true, "No vaccinations on the dog's card: the shop's policy asks for them in date"],
    ['all in date', [{ name: 'DHP', expiresOn: '2027-01-01' }], true, null],
    ['runs out today: still in date', [{ name: 'DHP', expiresOn: today }], true, null],
    [
      'one out of date this year',
      [
        { name: 'DHP', expiresOn: '2027-01-01' },
        { name: 'Kennel cough', expiresOn: '2026-03-03' },
      ],
      true,
      "Vaccinations out of date since 3 Mar: the shop's policy asks for them in date",
    ],
    [
      'the earliest of two, last year',
      [
        { name: 'DHP', expiresOn: '2025-11-20' },
        { name: 'Kennel cough', expiresOn: '2026-03-03' },
      ],
      true,
      "Vaccinations out of date since 20 Nov 2025: the shop's policy asks for them in date",
    ],
    ['out of date, no rule', [{ name: 'DHP', expiresOn: '2026-03-03' }], false, null],
  ])('%s', (_, vaccinations, required, warning) => {
    expect(healthPolicyWarning(vaccinations, today, required)).toBe(warning);
  });
});

describe('schemas', () => {
  it('takes the defaults and refuses two tiers of one id or more than eight', () => {
    expect(CheckInSettingsSchema.safeParse(DEFAULT_CHECK_IN_SETTINGS).success).toBe(true);
    const tier = DEFAULT_CHECK_IN_SETTINGS.tiers[0]!;
    expect(CheckInSettingsSchema.safeParse({ tiers: [tier, tier], vaccinationsRequired: true }).success).toBe(false);
    const nine = Array.from({ length: 9 }, (_, i) => ({ ...tier, id: `t${i}` }));
    expect(CheckInSettingsSchema.safeParse({ tiers: nine, vaccinationsRequired: true }).success).toBe(false);
  });

  it('never takes a surcharge from the client', () => {
    const base = { condition: 'Matted behind the ears', tierId: 'heavy-matting', instructions: '' };
    expect(CheckInRequestSchema.safeParse(base).success).toBe(true);
    expect(CheckInRequestSchema.safeParse({ ...base, surchargePence: 0 }).success).toBe(false);
  });
});
