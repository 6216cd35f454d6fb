import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../netlify/database/migrations');

export class MigrationError extends Error {
  readonly migration: string;
  constructor(migration: string, cause: unknown) {
    super(`Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'MigrationError';
    this.migration = migration;
  }
}

/** Migration names in the order they apply (the file name without `.sql`). */
export async function migrationNames(dir = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir);
  return entries.filter((f) => /^\d+_.+\.sql$/.test(f)).map((f) => f.slice(0, -4)).sort();
}

/**
 * Applies pending migrations one at a time, so a failure names its migration. Each runs in its own
 * transaction (Netlify's tracking table included): a failed one leaves the database as it was.
 */
export async function migrate(db: NetlifyDB, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  for (const name of await migrationNames(dir)) {
    try {
      applied.push(...(await db.applyMigrations(dir, name)));
    } catch (error) {
      throw new MigrationError(name, error);
    }
  }
  return applied;
}

/**
 * Starts the embedded Postgres (PGlite behind a wire-protocol server), persisted in `directory`
 * or in memory, migrates it and points `NETLIFY_DB_URL` at it for everything in this process.
 */
export async function startDatabase(options: { directory?: string; quiet?: boolean } = {}) {
  const db = new NetlifyDB({
    ...(options.directory ? { directory: options.directory } : {}),
    logger: options.quiet ? () => undefined : (...m: unknown[]) => console.log('[db]', ...m),
  });
  const url = await db.start();
  disableNagle(db);
  process.env.NETLIFY_DB_URL = url;
  process.env.NETLIFY_DB_DRIVER = 'server';
  try {
    const applied = await migrate(db);
    return { db, url, applied };
  } catch (error) {
    await db.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * The emulation's wire-protocol server leaves Nagle's algorithm on, so its second reply to a
 * parameterised query (ParseComplete, then BindComplete …) waits for the client's delayed ACK:
 * about 40 ms per query with parameters, against under 1 ms without. Turning it off on each
 * connection makes local timings mean something; production (Neon) is not affected either way.
 */
function disableNagle(db: NetlifyDB): void {
  const server = (db as unknown as { server?: import('node:net').Server }).server;
  server?.on('connection', (socket) => socket.setNoDelay(true));
}
