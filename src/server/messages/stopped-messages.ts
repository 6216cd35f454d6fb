import { STOPPED_MESSAGE_DAYS, type MessageRetryResponse, type StoppedMessage } from '../../domain/dashboard.ts';
import { retryRefusal, type MessageFailure } from '../../domain/outbox-retry.ts';
import { audit } from '../audit.ts';
import { db, query, transaction, type Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import type { StaffMember } from '../staff.ts';
import { sendDueMessages, type Providers } from './outbox.ts';

/**
 * Messages the outbox stopped trying, for the dashboard, and staff's "send it again"
 * (docs/decisions/065-outbox-retries-and-failed-messages.md).
 */

interface StoppedRow {
  id: string;
  kind: string;
  channel: 'email' | 'sms';
  recipient: string;
  booking_id: string | null;
  failure: MessageFailure;
  created_at: Date;
  failed_at: Date;
  attempts: number;
  last_error: string | null;
}

export async function loadMessageTrouble(
  now = new Date(),
  tx: Tx = db(),
): Promise<{ stopped: StoppedMessage[]; waiting: number }> {
  const { rows } = await tx.query<StoppedRow>(
    `SELECT id::text, kind, channel, recipient, booking_id,
              CASE WHEN failed_at IS NULL THEN NULL ELSE COALESCE(failure, 'undelivered') END AS failure, created_at, failed_at, attempts, last_error
       FROM outbox WHERE failed_at IS NOT NULL AND failed_at > $1::timestamptz - make_interval(days => $2)
      ORDER BY failed_at DESC, id DESC LIMIT 20`,
    [now, STOPPED_MESSAGE_DAYS],
  );
  const {
    rows: [waiting],
  } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND attempts > 0 AND last_error IS NOT NULL`,
  );
  return {
    stopped: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      channel: r.channel,
      recipient: r.recipient,
      bookingId: r.booking_id,
      failure: r.failure,
      writtenAt: r.created_at.toISOString(),
      stoppedAt: r.failed_at.toISOString(),
      attempts: r.attempts,
      lastError: r.last_error,
      noRetry: retryRefusal(r),
    })),
    waiting: waiting?.n ?? 0,
  };
}

const GONE = 'That message is not waiting to be sent again any more.';

/**
 * Puts a stopped message back in the outbox as new (a fresh day of tries) and tries it once now.
 * Only a message that stopped and may be sent again: a second click, or a code, is refused.
 */
export async function retryStoppedMessage(
  id: string,
  staff: Pick<StaffMember, 'customerId'>,
  options: { now?: Date; providers?: Providers } = {},
): Promise<MessageRetryResponse> {
  const now = options.now ?? new Date();
  await transaction(async (tx) => {
    const {
      rows: [row],
    } = await tx.query<StoppedRow & { sent_at: Date | null }>(
      `SELECT id::text, kind, channel, recipient, booking_id,
              CASE WHEN failed_at IS NULL THEN NULL ELSE COALESCE(failure, 'undelivered') END AS failure, created_at, failed_at, attempts, last_error, sent_at
         FROM outbox WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) throw new HttpError(404, 'That message is not there any more.', { code: 'not_found' });
    if (row.sent_at) throw new HttpError(409, 'That message has been sent.', { code: 'sent' });
    if (!row.failure) throw new HttpError(409, GONE, { code: 'not_stopped' });
    const refusal = retryRefusal(row);
    if (refusal) throw new HttpError(409, refusal, { code: 'not_retryable' });
    await tx.query(
      `UPDATE outbox SET failed_at = NULL, failure = NULL, attempts = 0, first_attempt_at = NULL, locked_until = NULL,
                         last_error = NULL, send_after = $2 WHERE id = $1`,
      [id, now],
    );
    await audit(tx, staff, 'message.retry', 'outbox', id, {
      before: { failedAt: row.failed_at, attempts: row.attempts, lastError: row.last_error },
    });
  });
  await sendDueMessages({ now, ids: [id], ...(options.providers ? { providers: options.providers } : {}) });
  const [after] = await query<{ sent_at: Date | null; last_error: string | null }>(
    'SELECT sent_at, last_error FROM outbox WHERE id = $1',
    [id],
  );
  return {
    message: { id, status: after?.sent_at ? 'sent' : 'waiting', lastError: after?.last_error ?? null },
  };
}
