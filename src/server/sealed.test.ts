import { describe, expect, it } from 'vitest';
import { idempotencyDigest, seal, unseal } from './sealed.ts';

describe('sealing a device key with the idempotency key', () => {
  const secret = '2b0f5a52-9f7e-4a70-9d8c-3f4f2d1c0b9a';
  it('opens with the same secret, and each seal is different', () => {
    const a = seal(secret, 'device-key-1');
    const b = seal(secret, 'device-key-1');
    expect(a).not.toBe(b);
    expect(unseal(secret, a)).toBe('device-key-1');
    expect(unseal(secret, b)).toBe('device-key-1');
  });

  it.each([
    ['another secret', (s: string) => ({ secret: 'x' + secret, sealed: s })],
    [
      'a flipped byte',
      (s: string) => ({
        secret,
        sealed: Buffer.from(Buffer.from(s, 'base64url').map((v, i) => (i === 30 ? v ^ 1 : v))).toString('base64url'),
      }),
    ],
    ['a truncated box', (s: string) => ({ secret, sealed: s.slice(0, 20) })],
    ['rubbish', () => ({ secret, sealed: '!!!' })],
  ])('refuses %s', (_name, make) => {
    const { secret: other, sealed } = make(seal(secret, 'device-key-1'));
    expect(unseal(other, sealed)).toBeNull();
  });

  it('keeps a digest of the idempotency key, never the key', () => {
    expect(idempotencyDigest(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(idempotencyDigest(secret)).not.toContain(secret);
    expect(idempotencyDigest(secret)).toBe(idempotencyDigest(secret));
  });
});
