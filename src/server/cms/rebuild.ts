import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { changesTheSite } from '../../cms/webhook-events.ts';
import { query } from '../db.ts';
import { env } from '../env.ts';
import { HttpError, readBody } from '../http.ts';

/**
 * DatoCMS's publish webhook → one Netlify build per burst of publishes (
 * docs/decisions/043-publish-webhook-and-rebuilds.md).
 *
 * DatoCMS calls the webhook with our shared secret in the `x-webhook-secret` header (set by
 * `npm run cms:setup`); anything without the right secret is refused before the body is read and
 * changes nothing. An event of src/cms/webhook-events.ts (a record published, unpublished or deleted,
 * an upload changed, an environment promoted) asks for a build: the first call of a
 * burst writes the build's time (now + CMS_REBUILD_DELAY_SECONDS) into the `cms_rebuilds` row, later
 * calls while it is pending only count themselves. The call that scheduled it waits until then
 * (`context.waitUntil`, after answering DatoCMS), claims the row and POSTs to the build hook once.
 * The claim is one UPDATE, so however many waiters or sweeps race, one build request goes out. The
 * scheduled sweep (netlify/functions/cms-rebuild.ts) sends any build whose waiter was cut short.
 */

export const SECRET_HEADER = 'x-webhook-secret';
const MAX_PAYLOAD_BYTES = 1024 * 1024;
const MAX_ATTEMPTS = 5;
const RETRY_AFTER_MS = 60_000;

const Payload = z
  .object({
    entity_type: z.string(),
    event_type: z.string(),
    environment: z.string().optional(),
  })
  .loose();

function sameSecret(given: string | null, secret: string): boolean {
  if (!given) return false;
  // Hashes of equal length: the comparison takes the same time whatever was sent.
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

export type WebhookOutcome =
  { outcome: 'ignored'; reason: string } | { outcome: 'scheduled' | 'already scheduled'; buildAt: string };

export interface WebhookOptions {
  now?: Date;
  /** Work to finish after the answer (Netlify's `context.waitUntil`); without it the wait is awaited. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export async function receivePublishWebhook(
  req: Request,
  options: WebhookOptions = {},
): Promise<{ status: number; body: WebhookOutcome }> {
  const config = env();
  const secret = config.DATOCMS_WEBHOOK_SECRET;
  if (!secret || !sameSecret(req.headers.get(SECRET_HEADER), secret))
    throw new HttpError(401, 'Missing or wrong webhook secret');
  let payload: z.infer<typeof Payload>;
  try {
    payload = Payload.parse(JSON.parse(await readBody(req, MAX_PAYLOAD_BYTES)));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The body is not a DatoCMS webhook payload');
  }
  if (!changesTheSite(payload.entity_type, payload.event_type)) {
    return {
      status: 200,
      body: { outcome: 'ignored', reason: `${payload.entity_type} ${payload.event_type} does not change the site` },
    };
  }
  if (config.DATOCMS_ENVIRONMENT && payload.environment && payload.environment !== config.DATOCMS_ENVIRONMENT) {
    return {
      status: 200,
      body: {
        outcome: 'ignored',
        reason: `the site reads the environment ${config.DATOCMS_ENVIRONMENT}, not ${payload.environment}`,
      },
    };
  }
  if (!config.NETLIFY_BUILD_HOOK_URL) {
    console.warn('cms publish webhook: NETLIFY_BUILD_HOOK_URL is not set, so no build is asked for');
    return { status: 200, body: { outcome: 'ignored', reason: 'no build hook is configured' } };
  }
  const now = options.now ?? new Date();
  const { scheduled, dueAt } = await scheduleRebuild(now, config.CMS_REBUILD_DELAY_SECONDS * 1000);
  if (scheduled) {
    const send = sendWhenDue(dueAt).catch((error: unknown) => console.error('cms rebuild failed:', error));
    if (options.waitUntil) options.waitUntil(send);
    else await send;
  }
  return {
    status: scheduled ? 202 : 200,
    body: { outcome: scheduled ? 'scheduled' : 'already scheduled', buildAt: dueAt.toISOString() },
  };
}

/** The first publish of a burst sets the build's time; the others only count themselves. */
export async function scheduleRebuild(now: Date, delayMs: number): Promise<{ scheduled: boolean; dueAt: Date }> {
  const dueAt = new Date(now.getTime() + delayMs);
  const [row] = await query<{ due_at: Date; scheduled: boolean }>(
    `INSERT INTO cms_rebuilds (hook, due_at, requested_at, publishes, attempts) VALUES ('site', $1, $2, 1, 0)
     ON CONFLICT (hook) DO UPDATE SET
       due_at = COALESCE(cms_rebuilds.due_at, EXCLUDED.due_at),
       requested_at = CASE WHEN cms_rebuilds.due_at IS NULL THEN EXCLUDED.requested_at ELSE cms_rebuilds.requested_at END,
       publishes = CASE WHEN cms_rebuilds.due_at IS NULL THEN 1 ELSE cms_rebuilds.publishes + 1 END,
       attempts = CASE WHEN cms_rebuilds.due_at IS NULL THEN 0 ELSE cms_rebuilds.attempts END
     RETURNING due_at, publishes = 1 AS scheduled`,
    [dueAt, now],
  );
  return { scheduled: row!.scheduled, dueAt: row!.due_at };
}

/**
 * A rebuild asked for by something other than DatoCMS (staff changing the opening hours that static
 * pages show): the same debounce and the same single build request per burst, sent after the
 * caller's answer through `waitUntil` when the caller has one.
 */
export async function requestRebuild(
  options: WebhookOptions = {},
): Promise<'scheduled' | 'already scheduled' | 'no hook'> {
  const config = env();
  if (!config.NETLIFY_BUILD_HOOK_URL) return 'no hook';
  const { scheduled, dueAt } = await scheduleRebuild(
    options.now ?? new Date(),
    config.CMS_REBUILD_DELAY_SECONDS * 1000,
  );
  if (!scheduled) return 'already scheduled';
  const send = sendWhenDue(dueAt).catch((error: unknown) => console.error('site rebuild failed:', error));
  if (options.waitUntil) options.waitUntil(send);
  else await send;
  return 'scheduled';
}

/** Waits until the build is due, then sends it (if nobody else has). */
async function sendWhenDue(dueAt: Date): Promise<void> {
  const wait = dueAt.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  await sendDueRebuild(new Date(Math.max(Date.now(), dueAt.getTime())));
}

export type SendOutcome = 'nothing due' | 'sent' | 'failed, will retry' | 'failed, gave up';

/**
 * Claims the pending build if it is due and calls the build hook. One UPDATE claims it, so two
 * senders never both send. A failed call puts the build back a minute later (the sweep retries it),
 * up to five attempts for one burst.
 */
export async function sendDueRebuild(now = new Date()): Promise<SendOutcome> {
  const hook = env().NETLIFY_BUILD_HOOK_URL;
  if (!hook) return 'nothing due';
  const [claimed] = await query<{ publishes: number; attempts: number }>(
    `UPDATE cms_rebuilds SET due_at = NULL, attempts = attempts + 1, last_sent_at = $1
      WHERE hook = 'site' AND due_at IS NOT NULL AND due_at <= $1 RETURNING publishes, attempts`,
    [now],
  );
  if (!claimed) return 'nothing due';
  const url = new URL(hook);
  url.searchParams.set(
    'trigger_title',
    `Published in DatoCMS (${claimed.publishes} ${claimed.publishes === 1 ? 'change' : 'changes'})`,
  );
  let status = 0;
  let error: string | null = null;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    });
    status = response.status;
    if (!response.ok) error = `build hook answered ${response.status}: ${(await response.text()).slice(0, 500)}`;
  } catch (e) {
    error = `build hook unreachable: ${(e as Error).message}`.slice(0, 2000);
  }
  if (!error) {
    await query(`UPDATE cms_rebuilds SET attempts = 0, last_status = $1, last_error = NULL WHERE hook = 'site'`, [
      status,
    ]);
    return 'sent';
  }
  const retry = claimed.attempts < MAX_ATTEMPTS;
  console.error(
    `cms rebuild: ${error}${retry ? '; trying again in a minute' : `; gave up after ${MAX_ATTEMPTS} attempts`}`,
  );
  // A burst that started meanwhile keeps its own time.
  await query(
    `UPDATE cms_rebuilds SET last_status = $1, last_error = $2, due_at = CASE WHEN $3::boolean THEN COALESCE(due_at, $4) ELSE due_at END WHERE hook = 'site'`,
    [status || null, error, retry, new Date(now.getTime() + RETRY_AFTER_MS)],
  );
  return retry ? 'failed, will retry' : 'failed, gave up';
}
