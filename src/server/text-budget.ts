import { textBudgetState, type TextBudgetState } from '../domain/abuse-limits.ts';
import site from '../../content/site.json' with { type: 'json' };
import { query, type Tx } from './db.ts';
import { env } from './env.ts';
import { HttpError } from './http.ts';

/**
 * The shop-wide daily budget for texts the shop did not choose to send (decision 069): codes and
 * first confirmations to numbers never proved. Counted in `rate_limits` under one bucket, a day
 * window (midnight to midnight UTC), and only for texts that are really written to the outbox: a
 * request that sends nothing spends nothing. The count never passes the budget (the upsert only
 * adds while under it), so it reads as "texts sent today".
 */
const BUCKET = 'text-budget:shop';
const DAY_MS = 24 * 3600 * 1000;

function windowOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

export function textBudgetPerDay(): number {
  return env().TEXT_BUDGET_PER_DAY;
}

/** Today's figures: texts spent of the budget, and whether the dashboard should warn. */
export async function textBudgetToday(now = new Date(), tx?: Tx): Promise<TextBudgetState & { resetsAt: Date }> {
  const { start, end } = windowOf(now);
  const sql = 'SELECT hits FROM rate_limits WHERE bucket = $1 AND window_start = $2';
  const rows = tx
    ? (await tx.query<{ hits: number }>(sql, [BUCKET, start])).rows
    : await query<{ hits: number }>(sql, [BUCKET, start]);
  return { ...textBudgetState(rows[0]?.hits ?? 0, textBudgetPerDay()), resetsAt: end };
}

/**
 * Takes one text from today's budget, in the caller's transaction (so a rolled-back message gives
 * it back). False when it is spent: the caller sends nothing.
 */
export async function spendFromTextBudget(tx: Tx, now = new Date()): Promise<boolean> {
  const budget = textBudgetPerDay();
  if (budget <= 0) return false;
  const { start, end } = windowOf(now);
  const { rows } = await tx.query<{ hits: number }>(
    `INSERT INTO rate_limits (bucket, window_start, hits, window_ends_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1 WHERE rate_limits.hits < $4
     RETURNING hits`,
    [BUCKET, start, end, budget],
  );
  return rows.length > 0;
}

export const TEXT_BUDGET_SPENT_FOR_CUSTOMERS = `We have sent all the texts we can today, so we cannot text you a code. Please call us on ${site.phone.display} and we will book you in.`;
export const TEXT_BUDGET_SPENT_FOR_STAFF =
  'No more codes can be texted today. Please sign in with a passkey, or ask the owner to raise TEXT_BUDGET_PER_DAY.';

/**
 * Asking for a code when the day's budget is spent: a 429 `text_budget_spent` in plain words, with
 * Retry-After to the budget's new day. The same for every number, so it says nothing about one.
 */
export async function refuseWhenTextBudgetSpent(now: Date, message: string): Promise<void> {
  const today = await textBudgetToday(now);
  if (!today.spent) return;
  const retryAfter = Math.max(1, Math.ceil((today.resetsAt.getTime() - now.getTime()) / 1000));
  throw new HttpError(429, message, { code: 'text_budget_spent' }, { 'retry-after': String(retryAfter) });
}
