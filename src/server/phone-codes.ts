import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_DIGITS,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MINUTES,
  phoneCodeText,
  type PhoneCodePurpose,
  type PhoneCodeResponse,
  type PhoneProof,
} from '../domain/phone-codes.ts';
import { limitPhoneCodes } from './abuse.ts';
import { query, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { randomId } from './ids.ts';
import { enqueueMessage, sendDueMessages } from './messages/outbox.ts';
import { siteUrl } from './site-url.ts';

/**
 * One-time codes texted to a phone (src/domain/phone-codes.ts). Asking is rate-limited per address
 * and per number; the answer is the same whether or not anything was sent, so it tells a stranger
 * nothing about the number. Checking counts every try, even when the booking it came with then fails.
 */

function codeHash(requestId: string, code: string): string {
  return createHash('sha256').update(`${requestId}:${code}`, 'utf8').digest('hex');
}

export interface CodeRequest {
  phone: string;
  purpose: PhoneCodePurpose;
  ip: string | null;
  now?: Date;
  /** Whether to text the code at all (staff sign-in answers the same for a number that is not staff). */
  send?: boolean;
  /** Where the code goes instead of a text to `phone` (a staff member's e-mail when no text provider is set). */
  via?: { channel: 'email'; recipient: string };
  /**
   * Hands the sending to work done after the answer (Netlify's `context.waitUntil`), so how long a
   * provider takes cannot tell anyone whether a code was sent. Without it the code is sent before
   * answering.
   */
  later?: (work: Promise<unknown>) => void;
  siteUrl?: string;
}

export const PHONE_CODE_SUBJECT = 'Your Leyton Dog Grooming sign-in code';

export async function requestPhoneCode(request: CodeRequest): Promise<PhoneCodeResponse> {
  const now = request.now ?? new Date();
  await limitPhoneCodes(request.ip, request.phone, now);
  const requestId = randomId(18);
  const code = String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
  const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000);
  const messageId = await transaction(async (tx) => {
    await tx.query(
      `INSERT INTO phone_codes (id, phone, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [requestId, request.phone, request.purpose, codeHash(requestId, code), now, expiresAt],
    );
    if (request.send === false) return null;
    const bodyText = phoneCodeText(code, request.purpose, request.siteUrl ?? siteUrl());
    return enqueueMessage(
      tx,
      request.via
        ? {
            kind: 'phone_code',
            channel: 'email',
            recipient: request.via.recipient,
            subject: PHONE_CODE_SUBJECT,
            bodyText,
            expiresAt,
          }
        : { kind: 'phone_code', channel: 'sms', recipient: request.phone, bodyText, expiresAt },
    );
  });
  // A code is wanted now, not at the next scheduled run of the outbox; it is tried once here, and a
  // code that cannot be sent before it expires is never sent (the person asks again).
  if (messageId) {
    const sending = sendDueMessages({ now, ids: [messageId] });
    if (request.later) request.later(sending);
    else await sending;
  }
  return { requestId, expiresAt: expiresAt.toISOString(), digits: PHONE_CODE_DIGITS };
}

export const CODE_EXPIRED = 'That code has expired or has already been used. Please ask for a new one.';

/**
 * Checks a code for `phone` and counts the try. Throws a 400 with `phone_code_wrong` (and the tries
 * left) or `phone_code_expired`; returns when it matches. The code is only spent by `spendPhoneCode`,
 * inside the transaction it proves something for.
 */
export async function checkPhoneCode(
  proof: PhoneProof,
  phone: string,
  purpose: PhoneCodePurpose,
  now = new Date(),
): Promise<void> {
  const [row] = await query<{ phone: string; code_hash: string; attempts: number }>(
    `UPDATE phone_codes SET attempts = attempts + 1
      WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 AND attempts < $4
      RETURNING phone, code_hash, attempts`,
    [proof.requestId, purpose, now, PHONE_CODE_MAX_ATTEMPTS],
  );
  if (!row) throw new HttpError(400, CODE_EXPIRED, { code: 'phone_code_expired' });
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(proof.requestId, proof.code), 'hex');
  if (row.phone === phone && timingSafeEqual(expected, given)) return;
  const attemptsLeft = PHONE_CODE_MAX_ATTEMPTS - row.attempts;
  if (attemptsLeft <= 0) throw new HttpError(400, CODE_EXPIRED, { code: 'phone_code_expired' });
  throw new HttpError(
    400,
    `That code is not right. You have ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`,
    { code: 'phone_code_wrong', attemptsLeft },
  );
}

/** Uses a checked code up, in the caller's transaction: a second use of the same code fails. */
export async function spendPhoneCode(tx: Tx, requestId: string, now = new Date()): Promise<void> {
  const { rows } = await tx.query(
    'UPDATE phone_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
    [requestId, now],
  );
  if (rows.length === 0) throw new HttpError(400, CODE_EXPIRED, { code: 'phone_code_expired' });
}
