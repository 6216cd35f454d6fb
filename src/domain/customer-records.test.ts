import { describe, expect, it } from 'vitest';
import { CustomerChangeSchema } from './customer-change.ts';
import { MergeRequestSchema, mergeRule, vaccinationDue } from './customer-records.ts';

describe('vaccinationDue', () => {
  it.each([
    ['2026-11-22', 'expired'],
    ['2026-11-23', 'soon'],
    ['2026-12-23', 'soon'],
    ['2026-12-24', 'ok'],
  ])('expiring %s, seen on 2026-11-23 → %s', (expiresOn, state) =>
    expect(vaccinationDue(expiresOn, '2026-11-23')).toBe(state),
  );
});

describe('CustomerChangeSchema', () => {
  it.each([
    [{ phone: '' }, { phone: '' }],
    [{ phone: '07700 900461' }, { phone: '+447700900461' }],
    [{ email: ' sam@example.com ' }, { email: 'sam@example.com' }],
    [{ notes: 'Line\r\nTwo' }, { notes: 'Line\nTwo' }],
  ])('%j → %j', (input, output) => expect(CustomerChangeSchema.parse(input)).toEqual(output));

  it.each([[{}], [{ phone: '020 8539 1234' }], [{ email: 'no' }], [{ name: 'x'.repeat(81) }], [{ id: 'x' }]])(
    'refuses %j',
    (input) => {
      expect(CustomerChangeSchema.safeParse(input).success).toBe(false);
    },
  );
});

describe('mergeRule: a merge hands nobody a record', () => {
  it.each([
    ['both proved', true, true, null, true],
    ['both unproved', false, false, null, false],
    ['an unproved record into a proved one', true, false, 'kept', true],
    ['a proved record into an unproved one', false, true, 'absorbed', false],
  ] as const)('%s', (_case, kept, absorbed, proofFrom, keptKeysStay) => {
    expect(mergeRule({ verified: kept }, { verified: absorbed })).toEqual({ proofFrom, keptKeysStay });
  });

  it('takes a code with the merge, and nothing else', () => {
    const from = 'AAAAAAAAAAAAAAAA';
    expect(
      MergeRequestSchema.safeParse({ from, phoneProof: { requestId: 'r'.repeat(24), code: '123456' } }).success,
    ).toBe(true);
    expect(
      MergeRequestSchema.safeParse({ from, phoneProof: { requestId: 'r'.repeat(24), code: '12345' } }).success,
    ).toBe(false);
    expect(MergeRequestSchema.safeParse({ from, verified: true }).success).toBe(false);
  });
});
