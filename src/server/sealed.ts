import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing a secret with a key only its owner holds. A booking's device key is sealed with the
 * booking's idempotency key (a uuid only the booking browser knows): the same request repeated gets
 * the same device key back, and the table alone reveals nothing (AES-256-GCM, HKDF-SHA-256).
 */
function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'leyton-dog-grooming', 'sealed-device-key', 32));
}

export function seal(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext, or null when the secret is wrong or the box was tampered with. */
export function unseal(secret: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What the database keeps of an idempotency key: its digest, so the key itself stays a secret. */
export function idempotencyDigest(key: string): string {
  return createHash('sha256').update(`idempotency:${key}`, 'utf8').digest('hex');
}
