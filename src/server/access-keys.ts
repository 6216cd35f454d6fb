import { staffKeyLiveSql } from './staff-key-rule.ts';
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
  /** When the holder last proved themselves with this key (sign-in, step-up): staff changes need it fresh. */
  provenAt: Date | null;
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
  options: { label?: string; expiresAt?: Date; now?: Date; provenAt?: Date } = {},
): Promise<string> {
  const key = newAccessKey();
  await tx.query(
    `INSERT INTO access_keys (customer_id, key_hash, kind, label, expires_at, created_at, proven_at) VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()), $7)`,
    [
      customerId,
      hashAccessKey(key),
      kind,
      options.label ?? null,
      options.expiresAt ?? null,
      options.now ?? null,
      options.provenAt ?? null,
    ],
  );
  return key;
}

/**
 * The holder of a live key, or null for an unknown, revoked or expired one. A staff key also ends
 * after the idle timeout and the absolute lifetime of `settings.staff` (the domain's staffKeyLive,
 * as SQL: src/server/staff-key-rule.ts): the settings as they are now, so shortening them ends
 * older keys at once. Using a key is what keeps it from going idle.
 */
export async function findKeyHolder(key: string | null | undefined, now = new Date()): Promise<KeyHolder | null> {
  if (!key || !ACCESS_KEY_PATTERN.test(key)) return null;
  const [row] = await query<{
    customer_id: string;
    phone: string | null;
    verified: boolean;
    name: string | null;
    privileges: number;
    kind: 'device' | 'staff';
    proven_at: Date | null;
  }>(
    `WITH rules AS (SELECT (SELECT staff FROM settings WHERE id) AS staff)
     UPDATE access_keys k SET last_used_at = $2
       FROM customers c, rules r
      WHERE k.key_hash = $1 AND c.id = k.customer_id
        AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)
        AND (k.kind <> 'staff' OR ${staffKeyLiveSql({ issuedAt: 'k.created_at', lastUsedAt: 'k.last_used_at' }, '$2::timestamptz', 'r.staff')})
      RETURNING c.id AS customer_id, c.phone, c.phone_verified_at IS NOT NULL AS verified, c.name, c.privileges, k.kind, k.proven_at`,
    [hashAccessKey(key), now],
  );
  return row
    ? {
        customerId: row.customer_id,
        phone: row.phone,
        phoneVerified: row.verified,
        name: row.name,
        privileges: row.privileges,
        kind: row.kind,
        provenAt: row.proven_at,
      }
    : null;
}

/** Revokes one key (sign-out); true when it was live. */
export async function revokeAccessKey(tx: Tx, key: string, now = new Date()): Promise<boolean> {
  if (!ACCESS_KEY_PATTERN.test(key)) return false;
  const { rows } = await tx.query(
    'UPDATE access_keys SET revoked_at = $2 WHERE key_hash = $1 AND revoked_at IS NULL RETURNING id',
    [hashAccessKey(key), now],
  );
  return rows.length > 0;
}

/** Revokes every live staff key of a staff member (they leave, or are signed out everywhere). */
export async function revokeStaffKeys(tx: Tx, customerId: string, now = new Date()): Promise<number> {
  const { rows } = await tx.query(
    `UPDATE access_keys SET revoked_at = $2 WHERE customer_id = $1 AND kind = 'staff' AND revoked_at IS NULL RETURNING id`,
    [customerId, now],
  );
  return rows.length;
}

/** Marks a live staff key as freshly proven (a step-up code or passkey); false when the key is not live. */
export async function markKeyProven(tx: Tx, key: string, now = new Date()): Promise<boolean> {
  if (!ACCESS_KEY_PATTERN.test(key)) return false;
  const { rows } = await tx.query(
    `UPDATE access_keys SET proven_at = $2 WHERE key_hash = $1 AND kind = 'staff' AND revoked_at IS NULL RETURNING id`,
    [hashAccessKey(key), now],
  );
  return rows.length > 0;
}

/** Whether `holder` is the device key of the customer record that proved `phone` with a code. */
export function deviceProvesPhone(holder: KeyHolder | null, phone: string): boolean {
  return holder !== null && holder.kind === 'device' && holder.phone === phone && holder.phoneVerified;
}
