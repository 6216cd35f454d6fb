import type { StaffListEntry } from '../domain/staff.ts';
import { revokeAccessKey, revokeStaffKeys } from './access-keys.ts';
import { query, transaction } from './db.ts';
import { HttpError } from './http.ts';
import { randomId } from './ids.ts';
import type { StaffMember } from './staff.ts';

/**
 * Who is staff (privileges 2, contract §6): listed, added and removed by staff in the management area
 * and by `npm run staff:add` / `staff:remove`. A staff member is a record of their own, found by
 * their mobile number when they sign in; removing one ends their keys and passkeys at once.
 */

interface ListRow {
  id: string;
  name: string | null;
  phone: string | null;
  passkeys: number;
}

export async function listStaff(me: StaffMember | null): Promise<StaffListEntry[]> {
  const rows = await query<ListRow>(
    `SELECT c.id, c.name, c.phone, (SELECT count(*)::int FROM staff_passkeys p WHERE p.customer_id = c.id) AS passkeys
       FROM customers c WHERE c.privileges = 2 ORDER BY lower(c.name) NULLS LAST, c.created_at, c.id`,
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    phone: r.phone,
    passkeys: r.passkeys,
    you: r.id === me?.customerId,
  }));
}

export const ALREADY_STAFF = 'That number is already on the staff list.';

/** Adds a staff member; their number must not be staff already. */
export async function addStaff(member: { name: string; phone: string }, now = new Date()): Promise<StaffListEntry> {
  return transaction(async (tx) => {
    // Serialises two adds of one number: the second sees the first's row once it commits.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`staff:${member.phone}`]);
    const { rows: taken } = await tx.query('SELECT 1 FROM customers WHERE phone = $1 AND privileges = 2', [
      member.phone,
    ]);
    if (taken.length) throw new HttpError(409, ALREADY_STAFF, { code: 'already_staff' });
    const id = randomId(12);
    await tx.query(
      `INSERT INTO customers (id, phone, name, privileges, created_at, updated_at) VALUES ($1, $2, $3, 2, $4, $4)`,
      [id, member.phone, member.name, now],
    );
    return { _id: id, name: member.name, phone: member.phone, passkeys: 0, you: false };
  });
}

export const NOT_YOURSELF = 'You cannot remove yourself. Ask another member of staff to do it.';

/**
 * Removes a staff member: their staff keys are revoked and their passkeys deleted in the same
 * transaction, so they are out on their very next request. The record itself goes too, unless it
 * has bookings (then it stays, as a customer's).
 */
export async function removeStaff(id: string, me: StaffMember | null, now = new Date()): Promise<void> {
  if (me && id === me.customerId) throw new HttpError(409, NOT_YOURSELF, { code: 'not_yourself' });
  await transaction(async (tx) => {
    const {
      rows: [member],
    } = await tx.query<{ id: string }>('SELECT id FROM customers WHERE id = $1 AND privileges = 2 FOR UPDATE', [id]);
    if (!member) throw new HttpError(404, 'We could not find that member of staff.', { code: 'not_found' });
    const {
      rows: [count],
    } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE privileges = 2');
    if (count!.n <= 1) throw new HttpError(409, 'The last member of staff cannot be removed.', { code: 'last_staff' });
    await revokeStaffKeys(tx, id, now);
    await tx.query('DELETE FROM staff_passkeys WHERE customer_id = $1', [id]);
    const { rows: gone } = await tx.query(
      'DELETE FROM customers WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM bookings WHERE customer_id = $1) RETURNING id',
      [id],
    );
    if (!gone.length) await tx.query('UPDATE customers SET privileges = 1, updated_at = $2 WHERE id = $1', [id, now]);
  });
}

/** Signs this key out: revoked on the server, so a copy of the cookie is worth nothing either. */
export async function signOut(key: string, now = new Date()): Promise<void> {
  await transaction((tx) => revokeAccessKey(tx, key, now));
}
