import type { StaffListEntry } from '../domain/staff.ts';
import { revokeAccessKey, revokeStaffKeys } from './access-keys.ts';
import { FRESH_PROOF_NEEDED, isFreshlyProven, staffChangeNotice, type StaffChange } from '../domain/staff-changes.ts';
import { SHOP_TIME_ZONE } from '../domain/shop.ts';
import { query, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { randomId } from './ids.ts';
import { enqueueMessage, sendNow } from './messages/outbox.ts';
import { STAFF_ONLY, type StaffMember } from './staff.ts';
import { staffEmailChannel } from './staff-sign-in.ts';
import { CUSTOMER_PRIVILEGES, STAFF_PRIVILEGES } from '../domain/privileges.ts';
import { isStaffSql } from './privileges.ts';
import { writtenWhen } from '../domain/written-dates.ts';

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
       FROM customers c WHERE ${isStaffSql('c')} ORDER BY lower(c.name) NULLS LAST, c.created_at, c.id`,
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
export const NOT_YOURSELF = 'You cannot remove yourself. Ask another member of staff to do it.';
export const LAST_STAFF = 'The last member of staff cannot be removed.';
const NOT_FOUND = 'We could not find that member of staff.';

/**
 * Who makes a staff change: a signed-in member (whose key must be freshly proven), or null for the
 * shop's terminal (`npm run staff:add`), which holds the database's own connection string.
 */
export type StaffActor = StaffMember | null;

interface StaffRow {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
}

function assertFreshProof(actor: StaffActor, now: Date): void {
  if (actor && !isFreshlyProven(actor.provenAt, now))
    throw new HttpError(403, FRESH_PROOF_NEEDED, { code: 'fresh_proof_needed' });
}

/**
 * Locks every staff row for the rest of the transaction, so two changes to the staff list happen one
 * after the other (two removals of the last two members: the second sees one member left). The
 * acting member must still be among them: a member removed a moment ago changes nothing.
 */
async function lockStaff(tx: Tx, actor: StaffActor): Promise<StaffRow[]> {
  const { rows } = await tx.query<StaffRow>(
    `SELECT id, name, phone, email FROM customers WHERE ${isStaffSql()} ORDER BY id FOR UPDATE`,
  );
  if (actor && !rows.some((r) => r.id === actor.customerId))
    throw new HttpError(401, STAFF_ONLY, { code: 'unauthorised' });
  return rows;
}

const NOTICE_SUBJECT = 'A change to the Leyton Dog Grooming staff list';

/**
 * Tells every member (and whoever the change took off the list or off a number) what changed and
 * by whom: written in the change's own transaction, so a change is never without its notices.
 */
async function tellStaff(
  tx: Tx,
  recipients: readonly StaffRow[],
  change: StaffChange,
  actor: StaffActor,
  now: Date,
): Promise<string[]> {
  const bodyText = staffChangeNotice(
    change,
    actor ? { name: actor.name, phone: actor.phone } : 'terminal',
    noticeTime(now),
  );
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const person of recipients) {
    const email = staffEmailChannel(person);
    const message = email
      ? {
          kind: 'staff_change',
          channel: 'email' as const,
          recipient: email.recipient,
          subject: NOTICE_SUBJECT,
          bodyText,
        }
      : person.phone
        ? { kind: 'staff_change', channel: 'sms' as const, recipient: person.phone, bodyText }
        : null;
    if (!message || seen.has(message.recipient)) continue;
    seen.add(message.recipient);
    const id = await enqueueMessage(tx, message);
    if (id) ids.push(id);
  }
  return ids;
}

/** "23 Nov 2026 at 10:30". */
const noticeTime = (now: Date) => writtenWhen(now, SHOP_TIME_ZONE, { month: 'short', year: true }, ' at ');

export interface ChangeOptions {
  now?: Date;
  /** Hands the sending of the notices to work after the answer (Netlify's `context.waitUntil`). */
  later?: (work: Promise<unknown>) => void;
}

/** The notices go out now (sendNow); the outbox retries any that fail. */
function sendNotices(ids: string[], options: ChangeOptions, now: Date): Promise<void> {
  return sendNow(ids, { now, what: 'the staff change notices', later: options.later });
}

/** Adds a staff member; their number must not be staff already. */
export async function addStaff(
  member: { name: string; phone: string },
  actor: StaffActor,
  options: ChangeOptions = {},
): Promise<StaffListEntry> {
  const now = options.now ?? new Date();
  assertFreshProof(actor, now);
  const { entry, notices } = await transaction(async (tx) => {
    // Serialises two adds of one number: the second sees the first's row once it commits.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`staff:${member.phone}`]);
    const staff = await lockStaff(tx, actor);
    const { rows: taken } = await tx.query(`SELECT 1 FROM customers WHERE phone = $1 AND ${isStaffSql()}`, [
      member.phone,
    ]);
    if (taken.length) throw new HttpError(409, ALREADY_STAFF, { code: 'already_staff' });
    const id = randomId(12);
    await tx.query(
      `INSERT INTO customers (id, phone, name, privileges, created_at, updated_at) VALUES ($1, $2, $3, $5, $4, $4)`,
      [id, member.phone, member.name, now, STAFF_PRIVILEGES],
    );
    const added = { id, name: member.name, phone: member.phone, email: null };
    return {
      entry: { _id: id, name: member.name, phone: member.phone, passkeys: 0, you: false },
      notices: await tellStaff(tx, [...staff, added], { kind: 'added', member: added }, actor, now),
    };
  });
  await sendNotices(notices, options, now);
  return entry;
}

/**
 * Removes a staff member: their staff keys are revoked and their passkeys deleted in the same
 * transaction, so they are out on their very next request. The record itself goes too, unless it
 * has bookings (then it stays, as a customer's). Nobody removes themselves, and the last member stays.
 */
export async function removeStaff(id: string, actor: StaffActor, options: ChangeOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  if (actor && id === actor.customerId) throw new HttpError(409, NOT_YOURSELF, { code: 'not_yourself' });
  assertFreshProof(actor, now);
  const notices = await transaction(async (tx) => {
    const staff = await lockStaff(tx, actor);
    const member = staff.find((r) => r.id === id);
    if (!member) throw new HttpError(404, NOT_FOUND, { code: 'not_found' });
    if (staff.length <= 1) throw new HttpError(409, LAST_STAFF, { code: 'last_staff' });
    await revokeStaffKeys(tx, id, now);
    await tx.query('DELETE FROM staff_passkeys WHERE customer_id = $1', [id]);
    const { rows: gone } = await tx.query(
      'DELETE FROM customers WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM bookings WHERE customer_id = $1) RETURNING id',
      [id],
    );
    if (!gone.length)
      await tx.query('UPDATE customers SET privileges = $3, updated_at = $2 WHERE id = $1', [
        id,
        now,
        CUSTOMER_PRIVILEGES,
      ]);
    // The member removed is told too: if it was not expected, they are the one who knows it.
    return tellStaff(tx, staff, { kind: 'removed', member }, actor, now);
  });
  await sendNotices(notices, options, now);
}

/**
 * Changes a member's mobile number, their own or another's (a lost phone is changed by a colleague):
 * the number decides who signs in by code as them, so it is a staff change like adding one. The old
 * number is told as well as everyone on the list.
 */
export async function changeStaffPhone(
  id: string,
  phone: string,
  actor: StaffActor,
  options: ChangeOptions = {},
): Promise<StaffListEntry> {
  const now = options.now ?? new Date();
  assertFreshProof(actor, now);
  const { entry, notices } = await transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`staff:${phone}`]);
    const staff = await lockStaff(tx, actor);
    const member = staff.find((r) => r.id === id);
    if (!member) throw new HttpError(404, NOT_FOUND, { code: 'not_found' });
    if (staff.some((r) => r.phone === phone)) throw new HttpError(409, ALREADY_STAFF, { code: 'already_staff' });
    await tx.query('UPDATE customers SET phone = $2, phone_verified_at = NULL, updated_at = $3 WHERE id = $1', [
      id,
      phone,
      now,
    ]);
    const changed = { ...member, phone };
    const everyone = [...staff.map((r) => (r.id === id ? changed : r)), { ...member, email: null }];
    const { rows: passkeys } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_passkeys WHERE customer_id = $1',
      [id],
    );
    return {
      entry: { _id: id, name: member.name, phone, passkeys: passkeys[0]!.n, you: id === actor?.customerId },
      notices: await tellStaff(
        tx,
        everyone,
        { kind: 'phone_changed', member: changed, from: member.phone },
        actor,
        now,
      ),
    };
  });
  await sendNotices(notices, options, now);
  return entry;
}

/** Signs this key out: revoked on the server, so a copy of the cookie is worth nothing either. */
export async function signOut(key: string, now = new Date()): Promise<void> {
  await transaction((tx) => revokeAccessKey(tx, key, now));
}
