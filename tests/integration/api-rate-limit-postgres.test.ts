import { describe, expect, it } from 'vitest';
import { query, transaction } from '../../src/server/db.ts';
import { requestPhoneCode } from '../../src/server/phone-codes.ts';
import { hitRateLimit } from '../../src/server/rate-limit.ts';
import { spendFromTextBudget, textBudgetToday } from '../../src/server/text-budget.ts';
import { useRealPostgresForFile } from '../helpers/real-postgres.ts';

/**
 * The rate limit must hold with many connections at once, which the embedded PGlite (one
 * transaction at a time) cannot show: this runs it on a real PostgreSQL 15 server (Debian's),
 * started for the file. Skipped only where that server cannot be installed.
 */
const available = useRealPostgresForFile();

describe.skipIf(!available)('the rate limit on a real PostgreSQL server', () => {
  it('lets exactly the limit through when 300 calls from one client race on many connections', async () => {
    const now = new Date('2026-11-22T12:00:10Z');
    const results = await Promise.all(Array.from({ length: 300 }, () => hitRateLimit('magic:race', 100, 60, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(await query(`SELECT hits FROM rate_limits WHERE bucket = 'magic:race'`)).toEqual([{ hits: 300 }]);
    // The pool really ran them side by side (the point of this file).
    const [{ n }] = (await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'postgres' AND backend_type = 'client backend'`,
    )) as [{ n: number }];
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

  it("spends exactly the day's text budget when 300 texts race for 100 places (decision 069)", async () => {
    process.env = { ...process.env, TEXT_BUDGET_PER_DAY: '100' };
    const now = new Date('2026-11-22T12:00:10Z');
    const spent = await Promise.all(
      Array.from({ length: 300 }, () => transaction((tx) => spendFromTextBudget(tx, now))),
    );
    expect(spent.filter(Boolean)).toHaveLength(100);
    expect(await textBudgetToday(now)).toMatchObject({ used: 100, budget: 100, spent: true });
  });

  it('texts one number at most its hourly count when 20 requests for it race', async () => {
    process.env = { ...process.env, TEXT_BUDGET_PER_DAY: '1000', BOOKING_RATE_LIMIT_PER_HOUR: '1000000' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        requestPhoneCode({
          phone: '+447700900321',
          purpose: 'booking',
          ip: `2001:db8:${i}::1`,
          siteUrl: 'http://localhost:8888',
        }),
      ),
    );
    expect(answers).toHaveLength(20);
    expect(
      await query(`SELECT 1 FROM phone_codes WHERE phone = '+447700900321' AND texted_at IS NOT NULL`),
    ).toHaveLength(3);
    expect(await query(`SELECT 1 FROM outbox WHERE recipient = '+447700900321'`)).toHaveLength(3);
  });
});
