import type { MessageAttachment, MessageChannel } from '../../domain/messages.ts';
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
  last_error: string | null;
  sent_at: Date | null;
  sent_via: 'smtp' | 'sms_http' | 'log' | null;
  failed_at: Date | null;
  created_at: Date;
}

/** Writes one message inside the caller's transaction. Returns its id, or null for a repeated dedupeKey. */
export async function enqueueMessage(tx: Tx, message: NewOutboxMessage): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO outbox (kind, channel, recipient, subject, body_text, body_html, attachments, booking_id, send_after, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, COALESCE($9::timestamptz, now()), $10)
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
    ],
  );
  return rows[0]?.id ?? null;
}

export async function enqueueMessages(tx: Tx, messages: readonly NewOutboxMessage[]): Promise<Array<string | null>> {
  const ids: Array<string | null> = [];
  for (const m of messages) ids.push(await enqueueMessage(tx, m));
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

export const MAX_ATTEMPTS = 8;
/** A claimed row is someone's for this long; longer than any send can take. */
const LEASE = '2 minutes';

/** 5, 10, 20, 40 … minutes after each failed attempt, at most 6 hours: about 10 hours in all. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

export interface SendResult {
  sent: number;
  retrying: number;
  gaveUp: number;
}

/**
 * Sends what is due at `now`, one claimed row at a time (so nothing is stranded if the run is cut
 * short), until `limit` rows are done or `budgetMs` of wall time is spent (a scheduled function has
 * about 30 seconds). Claims use FOR UPDATE SKIP LOCKED, so overlapping runs never send a row twice.
 */
export async function sendDueMessages(
  options: {
    now?: Date;
    limit?: number;
    providers?: Providers;
    budgetMs?: number;
    maxAttempts?: number;
    /** Only these messages (just written, wanted now: a code, a confirmation); the scheduled run sends the rest. */
    ids?: readonly string[];
  } = {},
): Promise<SendResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 50;
  const budgetMs = options.budgetMs ?? 20_000;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const providers = options.providers ?? providersFromEnv();
  const started = Date.now();
  const result: SendResult = { sent: 0, retrying: 0, gaveUp: 0 };
  try {
    for (let done = 0; done < limit && Date.now() - started < budgetMs; done++) {
      const row = await claimNext(now, options.ids);
      if (!row) break;
      try {
        const via = await deliver(row, providers);
        await query(
          `UPDATE outbox SET sent_at = $2, sent_via = $3, locked_until = NULL, last_error = NULL WHERE id = $1`,
          [row.id, now, via],
        );
        result.sent++;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        if (row.attempts >= maxAttempts) {
          await query(`UPDATE outbox SET failed_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1`, [
            row.id,
            now,
            message,
          ]);
          console.error(
            `outbox: gave up on message ${row.id} (${row.kind}, ${row.channel} to ${row.recipient}) after ${row.attempts} attempts: ${message}`,
          );
          result.gaveUp++;
        } else {
          await query(`UPDATE outbox SET send_after = $2, locked_until = NULL, last_error = $3 WHERE id = $1`, [
            row.id,
            new Date(now.getTime() + retryDelayMs(row.attempts)),
            message,
          ]);
          console.warn(
            `outbox: message ${row.id} (${row.kind}, ${row.channel}) failed, attempt ${row.attempts} of ${maxAttempts}: ${message}`,
          );
          result.retrying++;
        }
      }
    }
  } finally {
    providers.close();
  }
  return result;
}

async function claimNext(now: Date, ids?: readonly string[]): Promise<OutboxRow | null> {
  return transaction(async (tx) => {
    const { rows } = await tx.query<OutboxRow>(
      `UPDATE outbox SET attempts = attempts + 1, locked_until = $1::timestamptz + interval '${LEASE}'
        WHERE id = (
          SELECT id FROM outbox
           WHERE sent_at IS NULL AND failed_at IS NULL
             AND (locked_until IS NULL OR locked_until <= $1)
             AND ($2::bigint[] IS NULL AND send_after <= $1 OR id = ANY($2::bigint[]))
           ORDER BY send_after, id
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [now, ids ? ids.map(String) : null],
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
      ...(row.attachments.length ? [`Attachments: ${row.attachments.map((a) => a.filename).join(', ')}`] : []),
      '',
      row.body_text.trimEnd(),
      '---',
    ].join('\n'),
  );
  return 'log';
}
