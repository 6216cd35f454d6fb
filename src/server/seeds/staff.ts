import { formatUkMobile } from '../../domain/phone-format.ts';
import { DEFAULT_STAFF_SETTINGS, staffKeyExpiry } from '../../domain/staff-settings.ts';
import { issueAccessKey } from '../access-keys.ts';
import { env } from '../env.ts';
import { randomId } from '../ids.ts';
import type { Seeder } from './types.ts';
import { STAFF_PRIVILEGES } from '../../domain/privileges.ts';
import { isStaffSql } from '../privileges.ts';

/**
 * One demo staff member, who signs in at /management/login with DEMO_STAFF_PHONE (the code goes to
 * the server log when no text provider is configured), and a staff access key for trying the API
 * with curl. Only on a database with no staff yet; the key is printed once (only its hash is
 * stored, so it cannot be shown again: delete `.netlify/db` for a new one). It lives as any staff
 * key does (settings.staff): unused for the idle timeout, it stops working.
 */
export const seedDemoStaff: Seeder = async (tx) => {
  const {
    rows: [staff],
  } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM customers WHERE ${isStaffSql()}`);
  if (staff && staff.n > 0) return {};
  const phone = env().DEMO_STAFF_PHONE;
  const {
    rows: [taken],
  } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE phone = $1', [phone]);
  if (taken && taken.n > 0) return {};
  const id = randomId(12);
  await tx.query(`INSERT INTO customers (id, phone, name, privileges) VALUES ($1, $2, 'Demo Groomer', $3)`, [
    id,
    phone,
    STAFF_PRIVILEGES,
  ]);
  const expiresAt = staffKeyExpiry(new Date(), DEFAULT_STAFF_SETTINGS);
  const key = await issueAccessKey(tx, id, 'staff', { label: 'demo staff key (seed)', expiresAt });
  return {
    seeded: ['1 demo staff member'],
    notes: [
      `Demo staff access key (printed once): ${key} — paste it into the auth_key cookie or x-access-key header`,
      `Staff sign-in: open /management/login and enter ${formatUkMobile(phone)}; with no text provider configured the code appears in this log`,
    ],
  };
};
