import { getDatabase } from '@netlify/database';
import type { Pool, PoolClient, QueryResultRow } from 'pg';

/**
 * Access to Netlify Database (Postgres). Locally `NETLIFY_DB_URL` points at the embedded PGlite
 * that `@netlify/dev` runs, in tests at a throwaway database, in production at Neon.
 *
 * The pool is cached per connection string: a warm function instance reuses it, and a test that
 * switches `NETLIFY_DB_URL` gets a fresh one.
 */
let pool: Pool | undefined;
let poolUrl: string | undefined;

export function db(): Pool {
  const url = withDefaultUser(process.env.NETLIFY_DB_URL);
  if (!pool || url !== poolUrl) {
    // Both drivers (`pg` and Neon's serverless Pool) expose the same query/connect API.
    pool = getDatabase(url ? { connectionString: url } : {}).pool as unknown as Pool;
    poolUrl = url;
    pool.on('error', (error) => console.error('database pool error:', error.message));
    // Idle connections must not keep the process alive. On Netlify this changes nothing (a warm
    // instance keeps its pool); under the local emulation, which runs each call in a fresh worker
    // thread, an idle pool kept every worker alive for pg's 10 s idle timeout: dozens of live
    // workers under load, each holding a database connection, slowing every later call.
    (pool as unknown as { options: { allowExitOnIdle?: boolean } }).options.allowExitOnIdle = true;
  }
  return pool;
}

export async function query<T extends QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await db().query<T>(sql, params);
  return result.rows;
}

export type Tx = Pick<PoolClient, 'query'>;

/**
 * Runs `work` in one transaction. Anything about money or slots goes through here, so a failure
 * leaves nothing half-written. `isolation` defaults to READ COMMITTED; callers deciding capacity
 * take row locks or rely on constraints.
 */
export async function transaction<T>(
  work: (tx: Tx) => Promise<T>,
  isolation: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE' = 'READ COMMITTED',
): Promise<T> {
  const client = await db().connect();
  try {
    await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The local emulation's URL carries no user name, and `pg` then falls back to `$USER`, which a
 * function's worker may not have. Postgres' default role is what the emulation expects.
 */
function withDefaultUser(url: string | undefined): string | undefined {
  if (!url) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username) return url;
    parsed.username = 'postgres';
    return parsed.href;
  } catch {
    return url;
  }
}

/** Closes the pool (scripts and tests); functions never need to. */
export async function closeDb(): Promise<void> {
  const current = pool;
  pool = undefined;
  poolUrl = undefined;
  await current?.end();
}
