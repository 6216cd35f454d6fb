import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as booking from '../../netlify/functions/booking.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import {
  AvailabilityResponseSchema,
  BookingViewSchema,
  CreateBookingResponseSchema,
} from '../../src/domain/booking-schemas.ts';
import { db, query } from '../../src/server/db.ts';
import { deleteBatchSql, deleteExpiredData, SWEEPS } from '../../src/server/retention.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const bookingHandler = routed(booking);

useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const NOW = new Date('2027-12-15T03:00:00Z');
const PERIODS = { visitStatisticsMonths: 13, sentMessagesMonths: 12, visitPhotosMonths: 12 };
// What those periods make of NOW (src/domain/retention.test.ts covers the arithmetic).
const STATISTICS_CUTOFF = '2026-11-15T03:00:00.000Z';
const MESSAGES_CUTOFF = '2026-12-15T03:00:00.000Z';
const WINDOWS_CUTOFF = '2027-12-14T03:00:00.000Z';
const BEFORE = (instant: string) => new Date(Date.parse(instant) - 1).toISOString();
const BATCH = 3;

async function visit(id: string, createdAt: string, lastSeenAt: string) {
  await query('INSERT INTO visit_sessions (id, landing_path, created_at, last_seen_at) VALUES ($1, $2, $3, $4)', [
    id,
    '/',
    createdAt,
    lastSeenAt,
  ]);
}
async function pageView(sessionId: string | null, at: string, path: string) {
  await query('INSERT INTO page_views (session_id, url, path, created_at) VALUES ($1, $2, $3, $4)', [
    sessionId,
    `https://example.test${path}`,
    path,
    at,
  ]);
}
async function event(sessionId: string | null, at: string, detail: string) {
  await query('INSERT INTO analytics_events (session_id, name, detail, created_at) VALUES ($1, $2, $3, $4)', [
    sessionId,
    'call',
    detail,
    at,
  ]);
}
async function message(label: string, times: { createdAt: string; sentAt?: string; failedAt?: string }) {
  await query(
    `INSERT INTO outbox (kind, channel, recipient, body_text, created_at, send_after, sent_at, sent_via, failed_at, attempts)
     VALUES ('retention_check', 'email', $1, 'Your appointment…', $2, $2, $3, $4, $5, $6)`,
    [
      `${label}@example.test`,
      times.createdAt,
      times.sentAt ?? null,
      times.sentAt ? 'log' : null,
      times.failedAt ?? null,
      times.failedAt ? 8 : 1,
    ],
  );
}
async function rateLimitWindow(bucket: string, start: string) {
  await query('INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)', [bucket, start]);
}

const column = async (sql: string) => (await query<{ v: string }>(sql)).map((r) => r.v).sort();

async function clearStatistics() {
  await query('DELETE FROM page_views');
  await query('DELETE FROM analytics_events');
  await query('DELETE FROM visit_sessions');
  await query("DELETE FROM outbox WHERE kind = 'retention_check'");
  await query('DELETE FROM rate_limits');
}

/** A real booking made during visit `sessionId`, as the booking page makes it. */
async function bookDuring(sessionId: string): Promise<string> {
  const slots = AvailabilityResponseSchema.parse(
    await (await availabilityHandler(new Request(`${API}/availability?service=nails`))).json(),
  );
  const start = slots.days.flatMap((d) => d.slots)[0]!.start;
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': sessionId },
      body: JSON.stringify({
        serviceId: 'nails',
        start,
        dog: { name: 'Pip', breedId: 'whippet', weightKg: 12, coat: 'short' },
        owner: {
          name: 'Ada Lovelace',
          phone: '07700 900777',
          email: 'ada@example.com',
          marketingConsent: false,
          acceptTerms: true,
        },
        idempotencyKey: randomUUID(),
      }),
    }),
  );
  expect(res.status).toBe(201);
  return CreateBookingResponseSchema.parse(await res.json()).bookingId;
}

describe('deleteExpiredData', () => {
  beforeEach(clearStatistics);

  it("deletes exactly the rows older than the notice's periods, batch by batch, and leaves bookings whole", async () => {
    // Seven visits idle since before the cut-off: three batches of three (3, 3, 1).
    const oldVisits = Array.from({ length: 7 }, (_, i) => `old-visit-${i + 1}`);
    for (const [i, id] of oldVisits.entries()) {
      const at = new Date(Date.parse('2026-10-01T12:00:00Z') + i * 60_000).toISOString();
      await visit(id, at, at);
      await pageView(id, at, `/old/${i}/a`);
      await pageView(id, at, `/old/${i}/b`);
      await event(id, at, `old-${i}`);
    }
    const bookingId = await bookDuring('old-visit-1');
    // The booking's confirmation went out as it was made; here it was sent just before NOW, and the
    // limit windows the booking counted in are not this test's.
    await query(`UPDATE outbox SET sent_at = $2 WHERE booking_id = $1`, [bookingId, BEFORE(NOW.toISOString())]);
    await query('DELETE FROM rate_limits');
    // A millisecond before the cut-off goes; at the cut-off stays.
    await visit('just-old-visit', BEFORE(STATISTICS_CUTOFF), BEFORE(STATISTICS_CUTOFF));
    await pageView('just-old-visit', BEFORE(STATISTICS_CUTOFF), '/just-old');
    await visit('edge-visit', STATISTICS_CUTOFF, STATISTICS_CUTOFF);
    await pageView('edge-visit', STATISTICS_CUTOFF, '/edge');
    await event('edge-visit', STATISTICS_CUTOFF, 'edge');
    // A visit that began long ago but was active since: it stays, its old page view and event go.
    await visit('long-visit', '2026-09-01T10:00:00Z', '2026-12-01T10:00:00Z');
    await pageView('long-visit', '2026-09-01T10:00:00Z', '/long/old');
    await event('long-visit', '2026-09-01T10:00:00Z', 'long-old');
    await pageView('long-visit', '2026-12-01T10:00:00Z', '/long/new');
    await visit('new-visit', '2027-12-01T10:00:00Z', '2027-12-01T10:05:00Z');
    await pageView('new-visit', '2027-12-01T10:05:00Z', '/new');
    await event('new-visit', '2027-12-01T10:05:00Z', 'new');
    // Page views and events recorded without a visit (identify failed) go by their own time.
    await pageView(null, '2026-10-02T00:00:00Z', '/orphan/old');
    await pageView(null, '2027-01-02T00:00:00Z', '/orphan/new');
    await event(null, '2026-10-02T00:00:00Z', 'orphan-old');
    // Events due: 7 + long-old + orphan-old = 9, exactly three batches, so the run needs a fourth
    // statement to see there are no more.

    for (const [i, sentAt] of [
      '2026-11-01T09:00:00Z',
      '2026-11-20T09:00:00Z',
      '2026-12-01T09:00:00Z',
      BEFORE(MESSAGES_CUTOFF),
    ].entries()) {
      await message(`sent-old-${i}`, { createdAt: '2026-10-31T09:00:00Z', sentAt });
    }
    await message('sent-at-cutoff', { createdAt: '2026-12-15T02:00:00Z', sentAt: MESSAGES_CUTOFF });
    await message('sent-new', { createdAt: '2027-06-01T09:00:00Z', sentAt: '2027-06-01T09:00:05Z' });
    // Never sent: not covered by "after they are sent", so kept.
    await message('unsent-old', { createdAt: '2026-01-01T09:00:00Z' });
    await message('failed-old', { createdAt: '2026-01-01T09:00:00Z', failedAt: '2026-01-01T19:00:00Z' });

    await rateLimitWindow('magic:old', '2027-12-13T03:00:00Z');
    await rateLimitWindow('magic:just-old', BEFORE(WINDOWS_CUTOFF));
    await rateLimitWindow('magic:edge', WINDOWS_CUTOFF);
    await rateLimitWindow('magic:current', '2027-12-15T02:59:00Z');
    const bookingMessages = await column(`SELECT id::text AS v FROM outbox WHERE booking_id = '${bookingId}'`);

    const run = await deleteExpiredData({ now: NOW, periods: PERIODS, batchSize: BATCH });

    expect(run.complete).toBe(true);
    expect(run.cutoffs).toEqual({
      visitStatistics: new Date(STATISTICS_CUTOFF),
      sentMessages: new Date(MESSAGES_CUTOFF),
      rateLimitWindows: new Date(WINDOWS_CUTOFF),
      visitPhotos: new Date(MESSAGES_CUTOFF),
    });
    expect(run.deleted).toEqual({
      pageViews: 14 + 1 + 1 + 1,
      events: 9,
      visits: 8,
      sentMessages: 4,
      rateLimitWindows: 2,
    });

    expect(await column('SELECT id AS v FROM visit_sessions')).toEqual(['edge-visit', 'long-visit', 'new-visit']);
    expect(await column('SELECT path AS v FROM page_views')).toEqual(['/edge', '/long/new', '/new', '/orphan/new']);
    expect(await column('SELECT detail AS v FROM analytics_events')).toEqual(['edge', 'new']);
    expect(await column("SELECT recipient AS v FROM outbox WHERE kind = 'retention_check'")).toEqual([
      'failed-old@example.test',
      'sent-at-cutoff@example.test',
      'sent-new@example.test',
      'unsent-old@example.test',
    ]);
    expect(await column('SELECT bucket AS v FROM rate_limits')).toEqual(['magic:current', 'magic:edge']);

    // The booking still names its (deleted) visit, and everything that reads bookings still works.
    expect(await column(`SELECT session_id AS v FROM bookings WHERE id = '${bookingId}'`)).toEqual(['old-visit-1']);
    const view = await bookingHandler(new Request(`${API}/bookings/${bookingId}`));
    expect(view.status).toBe(200);
    expect(BookingViewSchema.parse(await view.json()).id).toBe(bookingId);
    expect(await column(`SELECT id::text AS v FROM outbox WHERE booking_id = '${bookingId}'`)).toEqual(bookingMessages);

    // A second run finds nothing more.
    expect((await deleteExpiredData({ now: NOW, periods: PERIODS, batchSize: BATCH })).deleted).toEqual({
      pageViews: 0,
      events: 0,
      visits: 0,
      sentMessages: 0,
      rateLimitWindows: 0,
    });
  });

  it('stops starting batches when its time is up, and the next run goes on from there', async () => {
    for (let i = 0; i < 5; i++) {
      await visit(`idle-${i}`, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      await pageView(`idle-${i}`, '2026-01-01T00:00:00Z', `/idle/${i}`);
    }
    // The clock reads 0 when the run starts and before its first batch, then the budget is spent.
    let reads = 0;
    const clock = () => (reads++ < 2 ? 0 : 60_000);

    const first = await deleteExpiredData({ now: NOW, periods: PERIODS, batchSize: BATCH, budgetMs: 20_000, clock });
    expect(first).toMatchObject({
      complete: false,
      deleted: { pageViews: BATCH, events: 0, visits: 0, sentMessages: 0, rateLimitWindows: 0 },
    });
    // Visits wait for their page views to go first, so no cascade does the work of a batch.
    expect(await column('SELECT count(*)::text AS v FROM visit_sessions')).toEqual(['5']);

    const second = await deleteExpiredData({ now: NOW, periods: PERIODS, batchSize: BATCH });
    expect(second).toMatchObject({ complete: true, deleted: { pageViews: 2, visits: 5 } });
    expect(await column('SELECT count(*)::text AS v FROM page_views')).toEqual(['0']);
  });

  it.each([0, -1, 2.5])('refuses a batch size of %s', async (batchSize) => {
    await expect(deleteExpiredData({ now: NOW, batchSize })).rejects.toThrow(RangeError);
  });
});

describe('the indexes the retention job reads', () => {
  it.each(SWEEPS.map((sweep) => [sweep.table, sweep.column, sweep]))(
    '%s by %s: a batch is an index range scan, then deletes by address',
    async (_table, _column, sweep) => {
      // The planner prefers a sequential scan of a table this small; forbidding it on this connection
      // shows an index serves exactly the statement the job runs.
      const client = await db().connect();
      try {
        await client.query('SET enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${deleteBatchSql(sweep)}`, [NOW, BATCH]);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/Tid Scan/);
        expect(plan).toMatch(new RegExp(`Index (Only )?Scan using \\w+ on ${sweep.table}`));
        expect(plan).not.toMatch(/Seq Scan/);
      } finally {
        await client.query('RESET enable_seqscan');
        client.release();
      }
    },
  );
});
