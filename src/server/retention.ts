import { retentionCutoffs, type RetentionCutoffs, type RetentionPeriods } from '../domain/retention.ts';
import { db } from './db.ts';
import { clearExpiredPhotoKeys, deleteListedPhotoBlobs, type BlobDeletions } from './photo-keeping.ts';

/**
 * Deletes what the privacy notice says we no longer keep (the periods of content/site.json, the
 * cut-offs of src/domain/retention.ts), run daily by netlify/functions/retention.ts. Every statement
 * deletes at most one batch, found through an index on the column its rule reads, and the run stops
 * when its time is up, so it never holds a lock for long or outlives the function; what is left
 * goes the next day. See docs/decisions/046-retention.md.
 */

/** One rule: rows of `table` whose `column` is before the cut-off go. Names are constants, never input. */
export interface Sweep {
  name: 'pageViews' | 'events' | 'visits' | 'sentMessages' | 'rateLimitWindows';
  table: string;
  column: string;
  cutoff: keyof RetentionCutoffs;
}

/**
 * In this order: a visit's page views and events are counted from their own time, so a visit kept
 * alive by a recent page loses its old ones; then visits idle since the cut-off, whose page views
 * and events are by then all gone (each is recorded no later than the visit's last_seen_at), so the
 * cascade from visit_sessions has nothing left to do. bookings.session_id is text, not a foreign
 * key: a booking keeps the id of a visit that no longer exists.
 */
export const SWEEPS: readonly Sweep[] = [
  { name: 'pageViews', table: 'page_views', column: 'created_at', cutoff: 'visitStatistics' },
  { name: 'events', table: 'analytics_events', column: 'created_at', cutoff: 'visitStatistics' },
  { name: 'visits', table: 'visit_sessions', column: 'last_seen_at', cutoff: 'visitStatistics' },
  // sent_at is null for unsent and failed messages, so `sent_at < cut-off` never takes them.
  { name: 'sentMessages', table: 'outbox', column: 'sent_at', cutoff: 'sentMessages' },
  { name: 'rateLimitWindows', table: 'rate_limits', column: 'window_start', cutoff: 'rateLimitWindows' },
];

export type RetentionCounts = Record<Sweep['name'], number>;

export interface RetentionRun {
  cutoffs: RetentionCutoffs;
  deleted: RetentionCounts;
  /** Visit photos (decision 095): keys cleared from their rows, and the blobs deleted from the store. */
  photos: { keysCleared: number } & BlobDeletions;
  /** False when the time ran out with rows still due; the next run goes on from there. */
  complete: boolean;
}

export interface RetentionOptions {
  now: Date;
  periods?: RetentionPeriods;
  /** Rows per statement. */
  batchSize?: number;
  /** Stop starting batches after this long; a scheduled function has 30 s in all. */
  budgetMs?: number;
  /** Milliseconds, for the budget (tests pass their own). */
  clock?: () => number;
}

export const DEFAULT_BATCH_SIZE = 1000;
export const DEFAULT_BUDGET_MS = 20_000;
/** Photo blobs deleted per batch. */
export const BLOB_BATCH_SIZE = 100;

export async function deleteExpiredData(options: RetentionOptions): Promise<RetentionRun> {
  const { now, periods, batchSize = DEFAULT_BATCH_SIZE, budgetMs = DEFAULT_BUDGET_MS, clock = Date.now } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batchSize must be a whole number ≥ 1, not ${batchSize}`);
  const cutoffs = retentionCutoffs(now, periods);
  const deleted: RetentionCounts = { pageViews: 0, events: 0, visits: 0, sentMessages: 0, rateLimitWindows: 0 };
  const photos = { keysCleared: 0, deleted: 0, kept: 0, failed: 0 };
  const started = clock();
  const outOfTime = () => clock() - started >= budgetMs;
  for (const sweep of SWEEPS) {
    for (;;) {
      if (outOfTime()) return { cutoffs, deleted, photos, complete: false };
      const rows = await deleteBatch(sweep, cutoffs[sweep.cutoff], batchSize);
      deleted[sweep.name] += rows;
      if (rows < batchSize) break;
    }
  }
  // Photos last: their keys are cleared and listed in the database, then the listed blobs go (also
  // those an erasure or an earlier run could not delete), a batch at a time.
  for (;;) {
    if (outOfTime()) return { cutoffs, deleted, photos, complete: false };
    const rows = await clearExpiredPhotoKeys(cutoffs.visitPhotos, batchSize, now);
    photos.keysCleared += rows;
    if (rows < batchSize) break;
  }
  for (;;) {
    if (outOfTime()) return { cutoffs, deleted, photos, complete: false };
    // Each blob is a call to the store: smaller batches, so the budget is looked at every few seconds.
    const limit = Math.min(batchSize, BLOB_BATCH_SIZE);
    const batch = await deleteListedPhotoBlobs({ limit });
    photos.deleted += batch.deleted;
    photos.kept += batch.kept;
    photos.failed += batch.failed;
    // A batch with failures stops here: what failed is tried again tomorrow, not in a loop now.
    if (batch.failed > 0 || batch.deleted + batch.kept < limit) break;
  }
  return { cutoffs, deleted, photos, complete: true };
}

/**
 * At most `limit` rows of one table: picked by an index range scan and locked (a row a writer holds
 * is skipped; Postgres checks the condition again on the row as it is once locked, so a visit that
 * a page view has just touched is no longer "idle since"), then deleted by their physical address,
 * which works for every table whatever its key. The outer statement names nothing but those
 * addresses, so the plan cannot become a scan of every due row (a condition on the dated column
 * there let the planner choose a bitmap scan of the whole range: seen, and unbounded).
 */
export function deleteBatchSql({ table, column }: Sweep): string {
  return `DELETE FROM ${table}
      WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${table} WHERE ${column} < $1 LIMIT $2 FOR UPDATE SKIP LOCKED))`;
}

async function deleteBatch(sweep: Sweep, before: Date, limit: number): Promise<number> {
  const result = await db().query(deleteBatchSql(sweep), [before, limit]);
  return result.rowCount ?? 0;
}
