import { describe, expect, it } from 'vitest';
import { formatUkMobile } from './phone-format.ts';
import { normaliseUkMobile } from './phone.ts';

describe('normaliseUkMobile', () => {
  it.each([
    ['07700 900461', '+447700900461'],
    ['07700900461', '+447700900461'],
    ['+44 7700 900461', '+447700900461'],
    ['+44 (0)7700-900461', '+447700900461'],
    ['447700900461', '+447700900461'],
    ['0044 7700 900461', '+447700900461'],
    ['  07911 123456 ', '+447911123456'],
    ['07624 123456', '+447624123456'],
    ['07700 900999', '+447700900999'], // Ofcom drama range
    ['020 8539 1234', null], // landline
    ['07000 123456', null], // personal numbering
    ['07600 123456', null], // pager
    ['0770090046', null], // too short
    ['077009004611', null], // too long
    ['+33 6 12 34 56 78', null], // French mobile
    ['07700 90046a', null],
    ['', null],
    ['0'.repeat(50), null],
  ])('%j → %s', (input, expected) => {
    expect(normaliseUkMobile(input)).toBe(expected);
  });
});

describe('formatUkMobile', () => {
  it.each([
    ['+447700900461', '07700 900461'],
    ['+33612345678', '+33612345678'],
  ])('%s → %s', (input, expected) => {
    expect(formatUkMobile(input)).toBe(expected);
  });
});

describe('the +44 metadata snapshot', () => {
  it('matches the installed libphonenumber-js (else run: node scripts/generate-phone-metadata.ts)', async () => {
    const { ukPhoneMetadata } = await import('../../scripts/lib/phone-metadata.ts');
    const snapshot = await import('./phone-metadata.uk.json', { with: { type: 'json' } });
    expect(snapshot.default).toEqual(JSON.parse(JSON.stringify(ukPhoneMetadata())));
  });
});
