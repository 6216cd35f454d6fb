import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrationNames } from '../../scripts/lib/database.ts';
import { closeDb, query } from '../../src/server/db.ts';
import { hitRateLimit } from '../../src/server/rate-limit.ts';

/**
 * The rate limit must hold with many connections at once, which the embedded PGlite (one query at a
 * time) cannot show: this runs it on a real PostgreSQL 15 server (Debian's), started for the file.
 * Skipped where that server is not installed.
 */
const BIN = '/usr/lib/postgresql/15/bin';
const available = existsSync(`${BIN}/initdb`);

let stop: (() => Promise<void>) | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  if (!available) return;
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'api-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // The server refuses to run as root: as root, run it as `postgres` in a directory it owns.
  const run = (command: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' }) : execFileSync(command, args, { stdio: 'pipe' });
  if (asRoot) {
    await chown(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    await chmod(dir, 0o700);
  }
  run(`${BIN}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run(`${BIN}/pg_ctl`, ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  stop = async () => {
    try {
      run(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const name of await migrationNames()) await client.query(await readFile(path.join(MIGRATIONS_DIR, `${name}.sql`), 'utf8'));
  await client.end();
  process.env.NETLIFY_DB_URL = url;
  process.env.NETLIFY_DB_DRIVER = 'server';
}, 60_000);

afterAll(async () => {
  await closeDb();
  await stop?.();
});

describe.skipIf(!available)('the rate limit on a real PostgreSQL server', () => {
  it('lets exactly the limit through when 300 calls from one client race on many connections', async () => {
    const now = new Date('2026-11-22T12:00:10Z');
    const results = await Promise.all(Array.from({ length: 300 }, () => hitRateLimit('magic:race', 100, 60, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(await query(`SELECT hits FROM rate_limits WHERE bucket = 'magic:race'`)).toEqual([{ hits: 300 }]);
    // The pool really ran them side by side (the point of this file).
    const [{ n }] = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'postgres' AND backend_type = 'client backend'`)) as [{ n: number }];
    expect(n).toBeGreaterThan(1);
  });

  it('sweeps stale windows while other calls count, losing no count of the current window', async () => {
    const old = new Date('2026-11-22T11:00:00Z');
    await Promise.all(Array.from({ length: 200 }, (_, i) => hitRateLimit(`magic:old-${i}`, 100, 60, old)));
    const now = new Date('2026-11-22T12:05:10Z');
    const { sweepStaleWindows } = await import('../../src/server/rate-limit.ts');
    await Promise.all([
      ...Array.from({ length: 100 }, () => hitRateLimit('magic:live', 1000, 60, now)),
      sweepStaleWindows(new Date('2026-11-22T12:04:00Z')),
    ]);
    expect(await query(`SELECT hits FROM rate_limits WHERE bucket = 'magic:live'`)).toEqual([{ hits: 100 }]);
    expect(await query(`SELECT 1 FROM rate_limits WHERE bucket LIKE 'magic:old-%'`)).toHaveLength(0);
  });
});
