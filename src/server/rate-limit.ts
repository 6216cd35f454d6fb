import { createHash } from 'node:crypto';
import { clientLimitKey } from '../domain/client-address.ts';
import { query } from './db.ts';

/**
 * Fixed-window request counting in the `rate_limits` table (a function instance keeps no memory
 * that could be relied on). One upsert per request, atomic on Postgres with any number of
 * connections; stale windows are swept a few hundred rows at a time, now and then, so no request
 * ever does unbounded work. See docs/decisions/014-rate-limits-in-the-database.md.
 */
export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  limit: number;
  /** Seconds until the current window ends (for `Retry-After`). */
  retryAfter: number;
}

const SWEEP_EVERY = 64; // on average, one request in this many sweeps stale windows
const SWEEP_ROWS = 500;

/**
 * The bucket of a client: the endpoint and a hash of its limit key (an IPv4 address, or an IPv6
 * address's /64: src/domain/client-address.ts), so the table never holds an IP in clear and a /64 is
 * one client. Without an address, or with something that is none (never on Netlify), everyone shares
 * one bucket, which fails safe. Every per-address limit is counted through here.
 */
export function clientBucket(scope: string, ip: string | null): string {
  return subjectBucket(scope, clientLimitKey(ip));
}

/** The bucket of anything else counted (a phone number, a booking): the scope and a hash of it. */
export function subjectBucket(scope: string, subject: string | null): string {
  const who = subject ? createHash('sha256').update(`${scope}|${subject}`).digest('base64url').slice(0, 22) : 'unknown';
  return `${scope}:${who}`;
}

export async function hitRateLimit(
  bucket: string,
  limit: number,
  windowSeconds = 60,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const windowEnd = new Date(windowStart.getTime() + windowMs);
  const [row] = await query<{ hits: number }>(
    `INSERT INTO rate_limits (bucket, window_start, hits, window_ends_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
     RETURNING hits`,
    [bucket.slice(0, 100), windowStart, windowEnd],
  );
  const hits = row?.hits ?? 1;
  if (Math.random() < 1 / SWEEP_EVERY) await sweepStaleWindows(now);
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: hits <= limit, hits, limit, retryAfter };
}

/**
 * Deletes at most SWEEP_ROWS windows that ended before `before`. Windows differ in length (a minute
 * for /magic, an hour or a day for bookings), so each row's own end decides; rows written before
 * rows knew their end were one-minute windows.
 */
export async function sweepStaleWindows(before: Date): Promise<number> {
  const rows = await query<{ n: number }>(
    `WITH stale AS (
       (SELECT bucket, window_start FROM rate_limits WHERE window_ends_at < $1 LIMIT ${SWEEP_ROWS})
       UNION ALL
       (SELECT bucket, window_start FROM rate_limits WHERE window_ends_at IS NULL AND window_start < $1::timestamptz - interval '1 minute' LIMIT ${SWEEP_ROWS})
     ), gone AS (
       DELETE FROM rate_limits r USING stale s
        WHERE r.bucket = s.bucket AND r.window_start = s.window_start RETURNING 1
     )
     SELECT count(*)::int AS n FROM gone`,
    [before],
  );
  return rows[0]?.n ?? 0;
}
