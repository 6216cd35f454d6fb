import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { closeDb } from '../../src/server/db.ts';
import { MIGRATIONS_DIR, migrationNames, startDatabase } from '../../scripts/lib/database.ts';
import { freePort } from '../../scripts/lib/free-port.ts';

/**
 * A real PostgreSQL server (Debian's postgresql 15) for the tests that must prove something about
 * concurrency: the embedded PGlite runs one transaction at a time, production Postgres does not.
 *
 * The server refuses to run as root, so as root the data directory belongs to `postgres` and the
 * server runs as that user (`runuser`). As another user it simply runs as that user. Installs the
 * package with apt-get when it is missing and we are root (CI does this up front).
 */
const BIN = '/usr/lib/postgresql/15/bin';

export interface RealPostgres {
  url: string;
  stop(): Promise<void>;
}

export function realPostgresAvailable(): boolean {
  if (existsSync(`${BIN}/initdb`)) return true;
  if (process.getuid?.() !== 0) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql-15'], { stdio: 'ignore', env });
  return existsSync(`${BIN}/initdb`);
}

export async function startRealPostgres(): Promise<RealPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'real-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (command: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return execFileSync(cmd, argv, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    await chown(dir, uid, gid);
    await chmod(dir, 0o700);
  }
  run(`${BIN}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // fsync off: a throwaway server; max_connections well above the pool sizes the tests use.
  run(`${BIN}/pg_ctl`, [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=120`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await applyMigrations(url);
  } catch (error) {
    await stop();
    throw error;
  }
  async function stop() {
    try {
      run(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped.
    }
    await rm(dir, { recursive: true, force: true });
  }
  return { url, stop };
}

/** Our migrations, in order, each in its own transaction (as the deploy applies them). */
export async function applyMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const names = await migrationNames();
    for (const name of names) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, `${name}.sql`), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed on PostgreSQL 15: ${(error as Error).message}`);
      }
    }
    return names;
  } finally {
    await client.end();
  }
}

/**
 * For a test file whose functions must run on a real PostgreSQL server: starts one before the file's
 * tests (pointing the server modules' pool at it), stops it after. Returns whether it could be had;
 * the file's suites skip themselves when not (`describe.skipIf(!available)`).
 */
export function useRealPostgresForFile(): boolean {
  const available = realPostgresAvailable();
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (!available) return;
    const server = await startRealPostgres();
    stop = server.stop;
    process.env.NETLIFY_DB_URL = server.url;
    process.env.NETLIFY_DB_DRIVER = 'server';
  }, 60_000);
  afterAll(async () => {
    await closeDb();
    await stop?.();
  });
  return available;
}

/** A database a race test runs on: `start` points the server's db module at it; `skip` where it cannot run. */
export interface RaceEngine {
  name: string;
  skip: boolean;
  start(): Promise<RealPostgres>;
}

/**
 * The two databases every race test runs on: a real PostgreSQL 15 server, where the transactions truly
 * run side by side (skipped where it cannot be installed), and the embedded PGlite, as `npm start` runs.
 */
export function raceEngines(): RaceEngine[] {
  return [
    {
      name: 'a real PostgreSQL 15 server',
      skip: !realPostgresAvailable(),
      async start() {
        const server = await startRealPostgres();
        process.env.NETLIFY_DB_URL = server.url;
        process.env.NETLIFY_DB_DRIVER = 'server';
        return server;
      },
    },
    {
      name: 'the embedded PGlite',
      skip: false,
      async start() {
        const { db, url } = await startDatabase({ quiet: true });
        return { url, stop: () => db.stop() };
      },
    },
  ];
}
