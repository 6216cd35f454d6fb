import { transaction } from './db.ts';
import { seedCatalogue } from './seeds/catalogue.ts';
import { seedDemoStaff } from './seeds/staff.ts';
import type { Seeder } from './seeds/types.ts';

/** Every part of the demo business, in order. Add a seeder here, in a file of its own under seeds/. */
const SEEDERS: Seeder[] = [seedCatalogue, seedDemoStaff];

/** Seeds the demo business on an empty database, in one transaction. */
export async function seedDemoBusiness(): Promise<{ seeded: string[]; notes: string[] }> {
  return transaction(async (tx) => {
    const seeded: string[] = [];
    const notes: string[] = [];
    for (const seeder of SEEDERS) {
      const result = await seeder(tx);
      seeded.push(...(result.seeded ?? []));
      notes.push(...(result.notes ?? []));
    }
    return { seeded, notes };
  });
}
