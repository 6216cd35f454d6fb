import { describe, expect, it } from 'vitest';
import {
  AgreeByLinkRequestSchema,
  CONSENT_TOKEN,
  consentLinkExpiry,
  consentLinkText,
  DrawnConsentSchema,
  MAX_SIGNATURE_CHARS,
  SignaturePathSchema,
} from './consent.ts';

const long = (n: number) => 'M1 1' + 'L2 2'.repeat(n);

describe('SignaturePathSchema', () => {
  it.each([
    ['one stroke', 'M10 20L30 40', true],
    ['two strokes', 'M10 20L30 40L35 41M100 100L120 130', true],
    ['the box corners', 'M0 0L600 200', true],
    ['a dot alone (a move with no line)', 'M10 20', false],
    ['a line first', 'L10 20L30 40', false],
    ['beyond the box', 'M10 20L601 40', false],
    ['beyond the box, low', 'M10 20L30 201', false],
    ['four digits', 'M1000 20L30 40', false],
    ['a negative number', 'M-1 20L30 40', false],
    ['a decimal', 'M1.5 20L30 40', false],
    ['a curve command', 'M10 20C30 40 50 60 70 80', false],
    ['lower case', 'm10 20l30 40', false],
    ['a space between commands', 'M10 20 L30 40', false],
    ['a comma', 'M10,20L30,40', false],
    ['markup', 'M10 20L30 40"/><script>', false],
    ['a newline', 'M10 20L30 40\n', false],
    ['empty', '', false],
    ['at the bound', long((MAX_SIGNATURE_CHARS - 4) / 4), true],
    ['over the bound', long((MAX_SIGNATURE_CHARS - 4) / 4 + 1), false],
  ])('%s', (_, d, ok) => {
    expect(SignaturePathSchema.safeParse(d).success).toBe(ok);
  });
});

describe('DrawnConsentSchema', () => {
  it.each([
    ['a signature with a name', { method: 'drawn', name: 'Sam Smith', signature: 'M1 1L2 2' }, true],
    ['a signature alone', { method: 'drawn', signature: 'M1 1L2 2' }, true],
    ['an empty name', { method: 'drawn', name: '', signature: 'M1 1L2 2' }, false],
    ['no signature', { method: 'drawn', name: 'Sam' }, false],
    ['another key', { method: 'drawn', signature: 'M1 1L2 2', svg: '<svg/>' }, false],
    ['the link method', { method: 'link', signature: 'M1 1L2 2' }, false],
  ])('%s', (_, body, ok) => {
    expect(DrawnConsentSchema.safeParse(body).success).toBe(ok);
  });
});

describe('the link', () => {
  it.each([
    ['a winter morning', '2026-12-01T09:30:00Z', '2026-12-01T09:40:00Z', '2026-12-02T00:00:00.000Z'],
    ['a summer evening (BST)', '2026-07-01T18:00:00Z', '2026-07-01T18:05:00Z', '2026-07-01T23:00:00.000Z'],
    ['just after midnight in BST', '2026-07-01T23:30:00Z', '2026-07-01T23:35:00Z', '2026-07-02T23:00:00.000Z'],
    ['sent before the visit', '2026-12-01T16:00:00Z', '2026-12-01T09:00:00Z', '2026-12-02T00:00:00.000Z'],
    ['a visit checked in the day after', '2026-12-01T16:00:00Z', '2026-12-02T08:00:00Z', '2026-12-03T00:00:00.000Z'],
  ])('runs out at the end of the visit’s day in London: %s', (_, start, sent, end) => {
    expect(consentLinkExpiry(new Date(start), 'Europe/London', new Date(sent)).toISOString()).toBe(end);
  });

  it.each([
    ['A'.repeat(43), true],
    ['abc-_'.repeat(8) + 'xyz', true],
    ['A'.repeat(42), false],
    ['A'.repeat(44), false],
    ['A'.repeat(42) + '=', false],
  ])('token %s', (token, ok) => {
    expect(CONSENT_TOKEN.test(token)).toBe(ok);
  });

  it('says the sum and the total in words, a service message with the link', () => {
    const text = consentLinkText({
      shop: 'Leyton Dog Grooming',
      dog: 'Nell',
      tier: 'Heavy matting',
      kind: 'matting',
      surchargePence: 1500,
      totalPence: 6000,
      link: 'https://shop.example/c/TOKEN',
    });
    expect(text).toBe(
      'Leyton Dog Grooming: Nell has heavy matting today, so the groom costs £15.00 more (£60.00 in all). ' +
        'See the photo and agree here: https://shop.example/c/TOKEN',
    );
    expect(text.length).toBeLessThanOrEqual(160 + 60);
  });

  it.each([
    [{ name: 'Sam Smith' }, true],
    [{ name: '  ' }, false],
    [{ name: 'Sam', method: 'link' }, false],
    [{}, false],
  ])('agreeing needs a name: %j', (body, ok) => {
    expect(AgreeByLinkRequestSchema.safeParse(body).success).toBe(ok);
  });
});
