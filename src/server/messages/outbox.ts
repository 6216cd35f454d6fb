import type { MessageAttachment, MessageChannel } from '../../domain/messages.ts';
import { beforeSending, CODE_KIND, nextAttemptAt, type MessageFailure } from '../../domain/outbox-retry.ts';
import { transaction, query, type Tx } from '../db.ts';
import { env, type ServerEnv } from '../env.ts';

/**
 * The outbox: every message is a row written in the same transaction as the booking change it is
 * about, then sent from here with retries (docs/decisions/023-messages-outbox.md). Sending is
 * at-least-once: a sender that dies after the provider accepted a message but before recording it
 * sends it again after the lease; the outbox id travels with the message (Message-ID, Idempotency-Key)
 * so providers and mail clients can recognise a repeat.
 */

export interface NewOutboxMessage {
  kind: string;
  channel: MessageChannel;
  recipient: string;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  attachments?: MessageAttachment[];
  bookingId?: string | null;
  /** Not before this instant (default: now, as the database sees it). */
  sendAfter?: Date;
  /** Enqueue at most once per key; a repeat is ignored (e.g. `reminder:<bookingId>`). */
  dedupeKey?: string;
  /** Never sent after this instant: the row is marked expired instead (a code past its use). */
  expiresAt?: Date;
  /** A marketing message: the customer whose consent it rides on (an opt-out withdraws it unsent, decision 090). */
  marketingCustomerId?: string;
  /** An e-mail's RFC 8058 one-click opt-out address (List-Unsubscribe, with List-Unsubscribe-Post). */
  listUnsubscribe?: string;
}

export interface OutboxRow {
  id: string;
  kind: string;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  attachments: MessageAttachment[];
  booking_id: string | null;
  send_after: Date;
  attempts: number;
  first_attempt_at: Date | null;
  expires_at: Date | null;
  list_unsubscribe: string | null;
  last_error: string | null;
  sent_at: Date | null;
  sent_via: 'smtp' | 'sms_http' | 'log' | null;
  failed_at: Date | null;
  failure: MessageFailure | null;
  created_at: Date;
}

/** Writes one message inside the caller's transaction. Returns its id, or null for a repeated dedupeKey. */
export async function enqueueMessage(tx: Tx, message: NewOutboxMessage): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO outbox (kind, channel, recipient, subject, body_text, body_html, attachments, booking_id, send_after, dedupe_key, expires_at,
                         marketing_customer_id, list_unsubscribe)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, COALESCE($9::timestamptz, now()), $10, $11, $12, $13)
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id`,
    [
      message.kind,
      message.channel,
      message.recipient,
      message.subject ?? null,
      message.bodyText,
      message.bodyHtml ?? null,
      JSON.stringify(message.attachments ?? []),
      message.bookingId ?? null,
      message.sendAfter ?? null,
      message.dedupeKey ?? null,
      message.expiresAt ?? null,
      message.marketingCustomerId ?? null,
      message.listUnsubscribe ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * Writes each message, in order, and answers the ids of those written, for `sendNow`: one whose dedupe
 * key was written before (a retry, a second tap) is left out.
 */
export async function enqueueMessages(tx: Tx, messages: readonly NewOutboxMessage[]): Promise<string[]> {
  const ids: string[] = [];
  for (const m of messages) {
    const id = await enqueueMessage(tx, m);
    if (id) ids.push(id);
  }
  return ids;
}

// ---- providers ---------------------------------------------------------------------------------

export type SentVia = 'smtp' | 'sms_http' | 'log';

export interface Providers {
  /** Sends one e-mail; throws on failure. Null: not configured, the message goes to the log. */
  email: ((row: OutboxRow) => Promise<void>) | null;
  sms: ((row: OutboxRow) => Promise<void>) | null;
  /** Releases connections at the end of a run. */
  close(): void;
}

const SEND_TIMEOUT_MS = 10_000;

export function providersFromEnv(config: ServerEnv = env()): Providers {
  let transport: { sendMail(options: object): Promise<unknown>; close(): void } | undefined;
  const smtpUrl = config.SMTP_URL;
  const email = smtpUrl
    ? async (row: OutboxRow) => {
        // Loaded only when SMTP is configured, so enqueueing never needs the mail library.
        if (!transport) {
          const nodemailer = await import('nodemailer');
          transport = nodemailer.createTransport({
            url: smtpUrl,
            connectionTimeout: SEND_TIMEOUT_MS,
            greetingTimeout: SEND_TIMEOUT_MS,
            socketTimeout: SEND_TIMEOUT_MS,
          } as never) as unknown as typeof transport;
        }
        const domain = /@([^>\s]+)>?\s*$/.exec(config.MAIL_FROM)?.[1] ?? 'localhost';
        await transport!.sendMail({
          from: config.MAIL_FROM,
          to: row.recipient,
          subject: row.subject ?? '',
          text: row.body_text,
          ...(row.body_html ? { html: row.body_html } : {}),
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
          messageId: `<outbox-${row.id}@${domain}>`,
          ...(row.list_unsubscribe
            ? {
                headers: {
                  'List-Unsubscribe': `<${row.list_unsubscribe}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }
            : {}),
        });
      }
    : null;

  const smsUrl = config.SMS_PROVIDER_URL;
  const sms = smsUrl
    ? async (row: OutboxRow) => {
        const response = await fetch(smsUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': `outbox-${row.id}`,
            ...(config.SMS_PROVIDER_TOKEN ? { authorization: `Bearer ${config.SMS_PROVIDER_TOKEN}` } : {}),
          },
          body: JSON.stringify({ to: row.recipient, text: row.body_text, reference: `outbox-${row.id}` }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (!response.ok) {
          const detail = (await response.text().catch(() => '')).slice(0, 300);
          throw new Error(`SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`);
        }
        await response.body?.cancel().catch(() => undefined);
      }
    : null;

  return { email, sms, close: () => transport?.close() };
}

// ---- the sender --------------------------------------------------------------------------------

/** A claimed row is someone's for this long; longer than any send can take. */
const LEASE = '2 minutes';

export interface SendResult {
  sent: number;
  retrying: number;
  gaveUp: number;
  /** Dropped unsent: past their expiry (a code nobody can use any more). */
  expired: number;
}

/**
 * Sends what is due at `now`, one claimed row at a time (so nothing is stranded if the run is cut
 * short), until `limit` rows are done or `budgetMs` of wall time is spent (a scheduled function has
 * about 30 seconds). Claims use FOR UPDATE SKIP LOCKED, so overlapping runs never send a row twice.
 * A failure waits as src/domain/outbox-retry.ts says (1, 5, 30 minutes, then hourly, for a day).
 *
 * With `ids` (the send-now path of a request: a code, a confirmation just written) each of those
 * messages is tried at most once, even before its send_after if it was never tried: a provider that
 * blinks costs the request one try per message, and the scheduled run retries.
 */
export async function sendDueMessages(
  options: {
    now?: Date;
    limit?: number;
    providers?: Providers;
    budgetMs?: number;
    ids?: readonly string[];
  } = {},
): Promise<SendResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 50;
  const budgetMs = options.budgetMs ?? 20_000;
  const providers = options.providers ?? providersFromEnv();
  const started = Date.now();
  const result: SendResult = { sent: 0, retrying: 0, gaveUp: 0, expired: 0 };
  try {
    if (options.ids) {
      for (const id of new Set(options.ids)) {
        const row = await claim(now, id);
        if (row) result[await attempt(row, providers, now)]++;
      }
    } else {
      for (let done = 0; done < limit && Date.now() - started < budgetMs; done++) {
        const row = await claim(now, null);
        if (!row) break;
        result[await attempt(row, providers, now)]++;
      }
    }
  } finally {
    providers.close();
  }
  return result;
}

/** One try of a claimed row, its outcome recorded. */
async function attempt(row: ClaimedRow, providers: Providers, now: Date): Promise<keyof SendResult> {
  const firstAttemptAt = row.first_attempt_at;
  const verdict = beforeSending({ expiresAt: row.expires_at, firstAttemptAt }, now);
  if (verdict === 'expired') return stop(row, now, 'expired', 'It expired before it could be sent.');
  if (verdict === 'too_late') return stop(row, now, 'undelivered', row.last_error ?? 'No try succeeded in a day.');
  try {
    const via = await deliver(row, providers);
    await query(`UPDATE outbox SET sent_at = $2, sent_via = $3, locked_until = NULL, last_error = NULL WHERE id = $1`, [
      row.id,
      now,
      via,
    ]);
    return 'sent';
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const next = nextAttemptAt(row.attempts, firstAttemptAt, now);
    if (!next) return stop(row, now, 'undelivered', message);
    // A code that could only be sent after it lapsed is dropped now, not at its next try.
    if (row.expires_at && next.getTime() >= row.expires_at.getTime())
      return stop(row, now, 'expired', `It expired before it could be sent. Last try: ${message}`.slice(0, 2000));
    await query(`UPDATE outbox SET send_after = $2, locked_until = NULL, last_error = $3 WHERE id = $1`, [
      row.id,
      next,
      message,
    ]);
    console.warn(
      `outbox: message ${row.id} (${row.kind}, ${row.channel}) failed on try ${row.attempts}, next at ${next.toISOString()}: ${message}`,
    );
    return 'retrying';
  }
}

async function stop(
  row: ClaimedRow,
  now: Date,
  failure: MessageFailure,
  message: string,
): Promise<'gaveUp' | 'expired'> {
  await query(`UPDATE outbox SET failed_at = $2, failure = $3, locked_until = NULL, last_error = $4 WHERE id = $1`, [
    row.id,
    now,
    failure,
    message,
  ]);
  if (failure === 'expired') {
    console.warn(`outbox: message ${row.id} (${row.kind}, ${row.channel}) expired unsent`);
    return 'expired';
  }
  console.error(
    `outbox: gave up on message ${row.id} (${row.kind}, ${row.channel} to ${row.recipient}) after ${row.attempts} tries: ${message}`,
  );
  return 'gaveUp';
}

interface ClaimedRow extends OutboxRow {
  first_attempt_at: Date;
}

/**
 * Claims the next due row (or the row `id`: due, or never tried), counting a try. Claiming counts, so a
 * message that crashes the sender is still bounded by its day. A message waits while an earlier one
 * to the same recipient is between tries, so a "moved" text never overtakes its confirmation;
 * codes neither wait nor hold anything up, being about nothing else.
 */
async function claim(now: Date, id: string | null): Promise<ClaimedRow | null> {
  return transaction(async (tx) => {
    const { rows } = await tx.query<ClaimedRow>(
      `UPDATE outbox SET attempts = attempts + 1, first_attempt_at = COALESCE(first_attempt_at, $1),
                         locked_until = $1::timestamptz + interval '${LEASE}'
        WHERE id = (
          SELECT o.id FROM outbox o
           WHERE o.sent_at IS NULL AND o.failed_at IS NULL
             AND (o.locked_until IS NULL OR o.locked_until <= $1)
             AND (o.send_after <= $1 OR o.id = $2::bigint AND o.attempts = 0)
             AND ($2::bigint IS NULL OR o.id = $2::bigint)
             AND (o.kind = '${CODE_KIND}' OR NOT EXISTS (
                   SELECT 1 FROM outbox e
                    WHERE e.recipient = o.recipient AND e.id < o.id AND e.kind <> '${CODE_KIND}'
                      AND e.sent_at IS NULL AND e.failed_at IS NULL AND e.attempts > 0
                      AND (e.expires_at IS NULL OR e.expires_at > $1)))
           ORDER BY o.send_after, o.id
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [now, id],
    );
    return rows[0] ?? null;
  });
}

async function deliver(row: OutboxRow, providers: Providers): Promise<SentVia> {
  const send = row.channel === 'email' ? providers.email : providers.sms;
  if (send) {
    await send(row);
    return row.channel === 'email' ? 'smtp' : 'sms_http';
  }
  // No provider configured: the message is still readable, in the log and in the outbox table.
  console.log(
    [
      `--- outbox ${row.id}: ${row.kind} by ${row.channel} to ${row.recipient} (no provider configured)`,
      ...(row.subject ? [`Subject: ${row.subject}`] : []),
      ...(row.list_unsubscribe ? [`List-Unsubscribe: <${row.list_unsubscribe}>`] : []),
      ...(row.attachments.length ? [`Attachments: ${row.attachments.map((a) => a.filename).join(', ')}`] : []),
      '',
      row.body_text.trimEnd(),
      '---',
    ].join('\n'),
  );
  return 'log';
}

/**
 * The one rule for messages a request has just written and committed (a confirmation, a move, a
 * cancellation, a staff notice): they go out now, not at the outbox's next scheduled run. After the
 * answer when the platform lets work finish then (`later`: Netlify's context.waitUntil), else before
 * it. Each is tried once here; a failure is logged and the scheduled run retries it (decision 065).
 */
export async function sendNow(
  ids: readonly string[],
  options: { now: Date; what: string; later?: ((work: Promise<unknown>) => void) | undefined },
): Promise<void> {
  if (ids.length === 0) return;
  const work = sendDueMessages({ now: options.now, ids }).catch((error: unknown) => {
    console.error(`sending ${options.what} failed; the scheduled run will retry:`, error);
  });
  if (options.later) options.later(work);
  else await work;
}
