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
    await Promise.all(Array.from({ length: 40 }, async (_, i) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('INSERT INTO t VALUES ($1)', [i]);
        await new Promise((resolve) => setTimeout(resolve, 1));
        await client.query(i % 2 ? 'ROLLBACK' : 'COMMIT');
      } finally {
        client.release();
      }
    }));
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
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const { rows } = await other.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE x = -1');
    expect(rows[0]!.n).toBe(0);
    await other.end();
  });
});
