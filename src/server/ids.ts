import { createHash, randomBytes } from 'node:crypto';

/** An unguessable id: `bytes` random bytes (default 16 = 128 bits), base64url. */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** A new access key: 256 random bits. Only its hash is ever stored. */
export function newAccessKey(): string {
  return randomBytes(32).toString('base64url');
}

export function hashAccessKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
