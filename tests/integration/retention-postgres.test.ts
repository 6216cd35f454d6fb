import { beforeEach, describe, expect, it } from 'vitest';
import { db, query } from '../../src/server/db.ts';
import { deleteBatchSql, deleteExpiredData, SWEEPS } from '../../src/server/retention.ts';
import { recordPageView } from '../../src/server/visits.ts';
import { useRealPostgresForFile } from '../helpers/real-postgres.ts';

/**
 * The retention job deletes visits while visitors are still browsing; the embedded PGlite runs one
 * transaction at a time and cannot show what happens when the two meet. This does, on a real
 * PostgreSQL 15 server started for the file. Skipped only where that server cannot be installed.
 */
const available = useRealPostgresForFile();

const NOW = new Date('2027-12-15T03:00:00Z');
const PERIODS = { visitStatisticsMonths: 13, sentMessagesMonths: 12, visitPhotosMonths: 12 };
const IDLE_SINCE = '2026-10-01T12:00:00Z';
const SESSION = 'AAAAAAAAAAAAAAAAAAAAAA';
const headers = {
  sessionId: SESSION,
  visitorId: null,
  landingPage: null,
  gclid: null,
  accessKey: null,
  userAgent: null,
};

/** Until a session other than this one is blocked on a row lock (the page view behind the job). */
async function waitingForALock(): Promise<void> {
  for (;;) {
    const [row] = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
    );
    if (row!.n > 0) return;
  }
}

describe.skipIf(!available)('retention on a real PostgreSQL server, while visitors browse', () => {
  beforeEach(async () => {
    await query('DELETE FROM page_views');
    await query('DELETE FROM visit_sessions');
    await query('INSERT INTO visit_sessions (id, created_at, last_seen_at) VALUES ($1, $2, $2)', [SESSION, IDLE_SINCE]);
    await query('INSERT INTO page_views (session_id, url, path, created_at) VALUES ($1, $2, $3, $4)', [
      SESSION,
      'https://example.test/',
      '/',
      IDLE_SINCE,
    ]);
  });

  it('neither waits for nor deletes a visit that a page view is touching at that moment', async () => {
    const visitor = await db().connect();
    try {
      // The first half of recordPageView, its transaction still open: the visit's row is locked.
      await visitor.query('BEGIN');
      await visitor.query('UPDATE visit_sessions SET last_seen_at = now() WHERE id = $1', [SESSION]);
      const run = await deleteExpiredData({ now: NOW, periods: PERIODS, batchSize: 10 });
      expect(run.deleted).toMatchObject({ pageViews: 1, visits: 0 });
      await visitor.query('COMMIT');
    } finally {
      visitor.release();
    }
    expect(await query('SELECT id FROM visit_sessions')).toEqual([{ id: SESSION }]);
  });

  it('a page view for a visit being deleted is still recorded, without the visit, and no error', async () => {
    const job = await db().connect();
    let recorded: Promise<void>;
    try {
      await job.query('BEGIN');
      await job.query(deleteBatchSql(SWEEPS.find((s) => s.name === 'visits')!), [new Date('2026-11-15T03:00:00Z'), 10]);
      // The visitor's page view waits for the job's lock on the visit…
      recorded = recordPageView(headers, { url: 'https://example.test/prices', path: '/prices' });
      await waitingForALock();
      await job.query('COMMIT');
    } finally {
      job.release();
    }
    // …then finds the visit gone and counts the view on its own, as for an unknown session.
    await recorded;
    expect(await query('SELECT id FROM visit_sessions')).toEqual([]);
    expect(await query('SELECT session_id, path FROM page_views')).toEqual([{ session_id: null, path: '/prices' }]);
  });
});
