import { query, type Tx } from './db.ts';
import { hashAccessKey, newAccessKey } from './ids.ts';

export interface KeyHolder {
  customerId: string;
  phone: string | null;
  /** Whether the customer's number was proved by a code (src/server/phone-codes.ts). */
  phoneVerified: boolean;
  name: string | null;
  privileges: number;
  kind: 'device' | 'staff';
}

/** A device key (the auth_key cookie a booking leaves) lasts a year; staff keys have their own rules. */
export const DEVICE_KEY_DAYS = 365;

/** Plausible access keys only: anything else is refused before touching the database. */
export const ACCESS_KEY_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

/** Issues a key for a customer inside the caller's transaction; returns the key (shown once). */
export async function issueAccessKey(
  tx: Tx,
  customerId: string,
  kind: 'device' | 'staff',
  options: { label?: string; expiresAt?: Date } = {},
): Promise<string> {
  const key = newAccessKey();
  await tx.query(
    `INSERT INTO access_keys (customer_id, key_hash, kind, label, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [customerId, hashAccessKey(key), kind, options.label ?? null, options.expiresAt ?? null],
  );
  return key;
}

/** The holder of a live key, or null for an unknown, revoked or expired one. */
export async function findKeyHolder(key: string | null | undefined, now = new Date()): Promise<KeyHolder | null> {
  if (!key || !ACCESS_KEY_PATTERN.test(key)) return null;
  const [row] = await query<{ customer_id: string; phone: string | null; verified: boolean; name: string | null; privileges: number; kind: 'device' | 'staff' }>(
    `UPDATE access_keys k SET last_used_at = $2
       FROM customers c
      WHERE k.key_hash = $1 AND c.id = k.customer_id
        AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)
      RETURNING c.id AS customer_id, c.phone, c.phone_verified_at IS NOT NULL AS verified, c.name, c.privileges, k.kind`,
    [hashAccessKey(key), now],
  );
  return row
    ? { customerId: row.customer_id, phone: row.phone, phoneVerified: row.verified, name: row.name, privileges: row.privileges, kind: row.kind }
    : null;
}
