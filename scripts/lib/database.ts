import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { serialiseTransactions } from './pglite-sessions.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../netlify/database/migrations');

export class MigrationError extends Error {
  readonly migration: string;
  constructor(migration: string, cause: unknown) {
    super(`Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'MigrationError';
    this.migration = migration;
  }
}

export class DatabaseInUseError extends Error {
  constructor(directory: string, pid: number) {
    super(
      `The local database in ${directory} is in use by process ${pid} (npm start or npm run dev?). Stop it first: two processes writing one embedded database would corrupt it.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a database directory for this process: `<directory>.lock` holds its pid. PGlite takes no
 * lock of its own (a second process opens the same files and both write), and `postmaster.pid`
 * stays behind after a clean stop, so it cannot tell. A lock whose process is gone is taken over.
 * Returns the release, also run when the process exits.
 */
export function claimDatabaseDirectory(directory: string): () => void {
  const lock = `${path.resolve(directory)}.lock`;
  // A fresh clone has no .netlify/ yet: the lock beside the database is the first thing written there.
  mkdirSync(path.dirname(lock), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          unlinkSync(lock);
        } catch {
          // Already gone.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder))
        throw new DatabaseInUseError(directory, holder);
      unlinkSync(lock);
    }
  }
  throw new Error(`Could not claim ${lock}`);
}

/** Migration names in the order they apply (the file name without `.sql`). */
export async function migrationNames(dir = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir);
  return entries
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((f) => f.slice(0, -4))
    .sort();
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
  const release = options.directory ? claimDatabaseDirectory(options.directory) : () => undefined;
  // One transaction at a time: the emulation shares one PGlite session between connections.
  const db = serialiseTransactions(
    new NetlifyDB({
      ...(options.directory ? { directory: options.directory } : {}),
      logger: options.quiet ? () => undefined : (...m: unknown[]) => console.log('[db]', ...m),
    }),
  );
  const stop = db.stop.bind(db);
  db.stop = async () => {
    try {
      await stop();
    } finally {
      release();
    }
  };
  const url = await db.start().catch((error: unknown) => {
    release();
    throw error;
  });
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
