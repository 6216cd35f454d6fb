import { describe, expect, it } from 'vitest';
import { MagicRequestSchema, campaignSourceFor } from './api.ts';

describe('campaignSourceFor', () => {
  it.each([
    [{ gclid: 'abc' }, 'google ads'],
    [{ fbclid: 'xyz' }, 'facebook ads'],
    [{ gclid: 'abc', fbclid: 'xyz' }, 'google ads'],
    [{ gclid: '', fbclid: null }, null],
    [{}, null],
  ])('%o → %s', (ids, source) => {
    expect(campaignSourceFor(ids)).toBe(source);
  });
});

describe('MagicRequestSchema', () => {
  it.each([
    [{ type: 'identify' }, true],
    [{ type: 'identify', gclid: 'abc' }, true],
    [{ type: 'page_view', page: JSON.stringify({ url: 'https://x/', path: '/' }) }, true],
    [{ type: 'event', name: 'whatsapp_big' }, true],
    [{ type: 'event', name: 'Bad Name' }, false],
    [{ type: 'shout' }, false],
    [{ type: 'identify', extra: 1 }, false],
    [{ type: 'page_view' }, false],
    [{ type: 'identify', gclid: 'x'.repeat(257) }, false],
  ])('%o valid: %s', (body, valid) => {
    expect(MagicRequestSchema.safeParse(body).success).toBe(valid);
  });
});
