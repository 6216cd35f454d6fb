import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { DatabaseInUseError, MigrationError, claimDatabaseDirectory, migrate, migrationNames } from './database.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function scratch(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  const db = new NetlifyDB({ logger: () => undefined });
  await db.start();
  cleanups.push(() => db.stop());
  return { dir, db };
}

describe('migrate', () => {
  it('applies migrations in name order, each once', async () => {
    const { dir, db } = await scratch({
      '002_b.sql': 'ALTER TABLE a ADD COLUMN b int;',
      '001_a.sql': 'CREATE TABLE a (id int);',
      'notes.txt': 'ignored',
    });
    expect(await migrationNames(dir)).toEqual(['001_a', '002_b']);
    expect(await migrate(db, dir)).toEqual(['001_a', '002_b']);
    expect(await migrate(db, dir)).toEqual([]);
  });

  it('names a failing migration and leaves its changes out', async () => {
    const { dir, db } = await scratch({
      '001_ok.sql': 'CREATE TABLE ok (id int);',
      '002_broken.sql': 'CREATE TABLE half (id int); SELEC nonsense;',
    });
    const error = await migrate(db, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).message).toMatch(/^Migration 002_broken failed: .*syntax error/);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(['ok']);
    const applied = await db.query<{ name: string }>('SELECT name FROM netlify.migrations ORDER BY name');
    expect(applied.rows.map((r) => r.name)).toEqual(['001_ok']);
  });
});

describe('claimDatabaseDirectory', () => {
  it('lets one process at a time use a database directory, and takes over from one that is gone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'claim-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const directory = path.join(dir, 'db');
    // Another live process holds it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    cleanups.push(async () => other.kill());
    await writeFile(`${directory}.lock`, String(other.pid));
    expect(() => claimDatabaseDirectory(directory)).toThrow(DatabaseInUseError);
    expect(() => claimDatabaseDirectory(directory)).toThrow(`in use by process ${other.pid}`);
    // It has gone (a crash left the lock behind): the lock is taken over, and released.
    other.kill();
    await new Promise((resolve) => other.once('exit', resolve));
    const release = claimDatabaseDirectory(directory);
    expect(existsSync(`${directory}.lock`)).toBe(true);
    release();
    expect(existsSync(`${directory}.lock`)).toBe(false);
  });

  it('claims a directory whose parent does not exist yet (a fresh clone has no .netlify/)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'claim-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const directory = path.join(dir, '.netlify', 'db');
    const release = claimDatabaseDirectory(directory);
    expect(existsSync(`${directory}.lock`)).toBe(true);
    release();
  });
});
