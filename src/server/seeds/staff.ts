import { issueAccessKey } from '../access-keys.ts';
import { env } from '../env.ts';
import { randomId } from '../ids.ts';
import type { Seeder } from './types.ts';

/**
 * One demo staff member with a staff access key, so `/v1.0.1/customer/auth` and the staff area can
 * be tried before staff login exists. Only on a database with no staff yet; the key is printed once
 * (only its hash is stored, so it cannot be shown again: delete `.netlify/db` for a new one).
 */
export const seedDemoStaff: Seeder = async (tx) => {
  const { rows: [staff] } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE privileges = 2');
  if (staff && staff.n > 0) return {};
  const phone = env().DEMO_STAFF_PHONE;
  const { rows: [taken] } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE phone = $1', [phone]);
  if (taken && taken.n > 0) return {};
  const id = randomId(12);
  await tx.query(`INSERT INTO customers (id, phone, name, privileges) VALUES ($1, $2, 'Demo Groomer', 2)`, [id, phone]);
  const key = await issueAccessKey(tx, id, 'staff', { label: 'demo staff key (seed)' });
  return {
    seeded: ['1 demo staff member'],
    notes: [`Demo staff access key (printed once): ${key} — paste it into the auth_key cookie or x-access-key header`],
  };
};
