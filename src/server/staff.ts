import { findKeyHolder } from './access-keys.ts';
import { endpoint, HttpError } from './http.ts';
import { staffKeyOf } from './staff-cookie.ts';
import { isStaffPrivileges } from '../domain/privileges.ts';

/**
 * The door of every staff endpoint (`/v1.0.1/management/*`): the caller's `x-access-key` (or the
 * HttpOnly `auth_key` cookie our own pages' calls carry, decision 071) must be a
 * live staff key (kind 'staff', privileges 2, not revoked, not expired). The browser's guard of the
 * management pages is for the user's sake; this is the protection (docs/decisions/053).
 */
export interface StaffMember {
  customerId: string;
  name: string | null;
  phone: string | null;
  /** The key this request came with (to sign it out); never logged, never answered. */
  key: string;
  /** When this key's holder last proved themselves (sign-in or step-up), for staff changes. */
  provenAt: Date | null;
}

export const STAFF_ONLY = 'Please sign in to the staff area.';

export async function requireStaff(req: Request, now = new Date()): Promise<StaffMember> {
  const key = staffKeyOf(req);
  const holder = await findKeyHolder(key, now);
  // Missing, unknown, revoked, expired, a customer's device key, or not staff: the same answer.
  if (!key || !holder || holder.kind !== 'staff' || !isStaffPrivileges(holder.privileges))
    throw new HttpError(401, STAFF_ONLY, { code: 'unauthorised' });
  return { customerId: holder.customerId, name: holder.name, phone: holder.phone, key, provenAt: holder.provenAt };
}

type StaffHandler = (req: Request, staff: StaffMember, context?: unknown) => Promise<Response> | Response;

/** `endpoint()` for staff: the key is checked before anything else the handler does. */
export function staffEndpoint(methods: readonly string[], handler: StaffHandler) {
  return endpoint(methods, async (req, context) => handler(req, await requireStaff(req), context));
}
