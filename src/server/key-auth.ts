import type { CustomerAuthResponse, DeviceUser } from '../domain/api.ts';
import { findKeyHolder } from './access-keys.ts';

/**
 * The two "who holds this key" answers of contract §4 and §7. Missing, malformed, unknown, revoked and
 * expired keys all read the same (null), so an answer never says which of them it was.
 */

/** `GET /devices/auth`: the device user, with the presented key as `auth[0].key` (contract §3). */
export async function deviceUserFor(key: string | null): Promise<DeviceUser | null> {
  const holder = await findKeyHolder(key);
  if (!holder || !key) return null;
  return { _id: holder.customerId, phone: holder.phone, name: holder.name, auth: [{ key, kind: holder.kind }] };
}

export const UNKNOWN_KEY = 'Missing, unknown or expired access key';

/** `GET /customer/auth`: the HTTP status and the body's `status` always agree. */
export async function customerAuthFor(key: string | null): Promise<CustomerAuthResponse> {
  const holder = await findKeyHolder(key);
  if (!holder) return { status: 401, error: UNKNOWN_KEY, data: null };
  return { status: 200, error: null, data: { _id: holder.customerId, privileges: holder.privileges } };
}
