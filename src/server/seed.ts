import { transaction } from './db.ts';
import { seedLivingDemo } from './seeds/living-shop.ts';
import { seedDemoStaff } from './seeds/staff.ts';
import type { Seeder } from './seeds/types.ts';

/**
 * Every part of the demo business, in order. Add a seeder here, in a file of its own under seeds/.
 * Only what is demo belongs here: it runs under `npm start`, `npm run dev` and the tests, never on a
 * deploy. The shop's catalogue (services, breeds, booking rules and hours) is not demo: a migration
 * brings it, so production has it too (docs/decisions/063-the-catalogue-by-migration.md).
 */
const SEEDERS: Seeder[] = [seedDemoStaff];

/**
 * The living shop on top (weeks of customers, bookings and takings), for `npm start` and `npm run
 * dev` only: the tests' demo business stays the staff member alone, so no test depends on the days
 * a living shop fills (docs/decisions/074-a-living-demo-shop.md).
 */
const LIVING_SEEDERS: Seeder[] = [seedLivingDemo];

/** Seeds the demo business on an empty database, in one transaction; `living` adds the living shop. */
export async function seedDemoBusiness(
  options: { living?: boolean } = {},
): Promise<{ seeded: string[]; notes: string[] }> {
  return transaction(async (tx) => {
    const seeded: string[] = [];
    const notes: string[] = [];
    for (const seeder of options.living ? [...SEEDERS, ...LIVING_SEEDERS] : SEEDERS) {
      const result = await seeder(tx);
      seeded.push(...(result.seeded ?? []));
      notes.push(...(result.notes ?? []));
    }
    return { seeded, notes };
  });
}
