import { afterAll, beforeAll } from 'vitest';
import { startDatabase } from '../../scripts/lib/database.ts';
import { closeDb } from '../../src/server/db.ts';

/**
 * Gives the calling test file its own migrated, in-memory Netlify Database (PGlite), with
 * `NETLIFY_DB_URL` pointing at it, so tests never touch a developer's `.netlify/db`.
 * The migrations bring the shop's catalogue (decision 063), as on a deploy; pass `seed: true` for the
 * demo business on top (the demo staff member).
 */
export function useTestDatabase(options: { seed?: boolean } = {}) {
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const { db } = await startDatabase({ quiet: true });
    stop = () => db.stop();
    if (options.seed) {
      const { seedDemoBusiness } = await import('../../src/server/seed.ts');
      await seedDemoBusiness();
    }
  });
  afterAll(async () => {
    await closeDb();
    await stop?.();
  });
}
