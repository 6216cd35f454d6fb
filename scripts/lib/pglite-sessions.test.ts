import { NetlifyDB } from '@netlify/database-dev';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serialiseTransactions } from './pglite-sessions.ts';

describe('the embedded database with serialised transactions', () => {
  let db: NetlifyDB;
  let url: string;
  beforeAll(async () => {
    db = serialiseTransactions(new NetlifyDB({ logger: () => undefined }));
    url = await db.start();
    await db.exec('CREATE TABLE t (x int)');
  });
  afterAll(() => db.stop());

  it('keeps concurrent transactions apart: rollbacks undo only their own work', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('INSERT INTO t VALUES ($1)', [i]);
          await new Promise((resolve) => setTimeout(resolve, 1));
          await client.query(i % 2 ? 'ROLLBACK' : 'COMMIT');
        } finally {
          client.release();
        }
      }),
    );
    const { rows } = await pool.query<{ odd: number; even: number }>(
      'SELECT count(*) FILTER (WHERE x % 2 = 1)::int AS odd, count(*) FILTER (WHERE x % 2 = 0)::int AS even FROM t',
    );
    expect(rows[0]).toEqual({ odd: 0, even: 20 });
    await pool.end();
  });

  it('rolls back the transaction of a connection that drops in the middle of it', async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO t VALUES (-1)');
    destroy(client);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const { rows } = await other.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE x = -1');
    expect(rows[0]!.n).toBe(0);
    await other.end();
  });

  it('never gives the session to a connection that left while it waited for it', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN');
    // A second connection queues behind the open transaction, then goes (a timed-out caller).
    const leaver = new pg.Client({ connectionString: url });
    leaver.on('error', () => undefined);
    await leaver.connect();
    const queued = leaver.query('BEGIN').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    destroy(leaver);
    await queued;
    await holder.query('COMMIT');
    await holder.end();
    // Its BEGIN must not run later and keep the session for good: the next caller is answered.
    const next = new pg.Client({ connectionString: url });
    await next.connect();
    const answer = await Promise.race([
      next.query<{ one: number }>('SELECT 1 AS one').then((r) => r.rows[0]!.one),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2000)),
    ]);
    expect(answer).toBe(1);
    await next.end();
  });

  it('ends a connection that sits in an open transaction past the idle limit, as Postgres does', async () => {
    const idle = serialiseTransactions(new NetlifyDB({ logger: () => undefined }), { idleInTransactionMs: 200 });
    const idleUrl = await idle.start();
    try {
      const stuck = new pg.Client({ connectionString: idleUrl });
      const ended = new Promise<void>((resolve) => stuck.on('error', () => resolve()).on('end', () => resolve()));
      await stuck.connect();
      await stuck.query('BEGIN');
      await stuck.query('CREATE TABLE half_done (x int)');
      const next = new pg.Client({ connectionString: idleUrl });
      await next.connect();
      const started = Date.now();
      const { rows } = await next.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'half_done'",
      );
      expect(rows[0]!.n).toBe(0);
      expect(Date.now() - started).toBeLessThan(2000);
      await ended;
      await next.end();
    } finally {
      await idle.stop();
    }
  });
});

function destroy(client: pg.Client) {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}
