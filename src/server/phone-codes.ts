import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { shouldTextCode } from '../domain/abuse-limits.ts';
import {
  PHONE_CODE_DIGITS,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MINUTES,
  phoneCodeText,
  type PhoneCodePurpose,
  type PhoneCodeResponse,
  type PhoneProof,
} from '../domain/phone-codes.ts';
import { clearPhoneCounts, limitCodeRequestsFromClient } from './abuse.ts';
import { query, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { randomId } from './ids.ts';
import { enqueueMessage, sendDueMessages } from './messages/outbox.ts';
import { siteUrl } from './site-url.ts';
import { refuseWhenTextBudgetSpent, spendFromTextBudget, TEXT_BUDGET_SPENT_FOR_CUSTOMERS } from './text-budget.ts';

/**
 * One-time codes texted to a phone (src/domain/phone-codes.ts). Asking is rate-limited per address;
 * what a number is sent is counted per number (texts that reached it, not requests: decision 069)
 * and against the shop's daily text budget. The answer is the same whether or not anything was
 * sent, so it tells a stranger nothing about the number. Checking counts every try, even when the
 * booking it came with then fails; a code texted to a number works with any request for that number
 * while it lives, so its owner is never stuck behind requests strangers made.
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
  /** The plain words of the 429 when the day's text budget is spent. */
  budgetSpent?: string;
}

export const PHONE_CODE_SUBJECT = 'Your Leyton Dog Grooming sign-in code';

/** Live codes of a number: texted, unused, unexpired, with tries left. */
const LIVE = `texted_at IS NOT NULL AND used_at IS NULL AND expires_at > $3 AND attempts < ${PHONE_CODE_MAX_ATTEMPTS}`;

export async function requestPhoneCode(request: CodeRequest): Promise<PhoneCodeResponse> {
  const now = request.now ?? new Date();
  await limitCodeRequestsFromClient(request.ip, now);
  // Before anything says whether this number is staff's or past its limits: the same for everyone.
  await refuseWhenTextBudgetSpent(now, request.budgetSpent ?? TEXT_BUDGET_SPENT_FOR_CUSTOMERS);
  const requestId = randomId(18);
  const code = String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
  const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000);
  const messageId = await transaction(async (tx) => {
    await tx.query(
      `INSERT INTO phone_codes (id, phone, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [requestId, request.phone, request.purpose, codeHash(requestId, code), now, expiresAt],
    );
    // Counted for every number, staff's or not, so the work before the answer differs by one upsert.
    const mayBeTexted = await mayText(tx, request.phone, request.purpose, now);
    if (request.send === false || !mayBeTexted) return null;
    // An e-mailed code costs no text.
    if (!request.via && !(await spendFromTextBudget(tx, now))) return null;
    await tx.query('UPDATE phone_codes SET texted_at = $2 WHERE id = $1', [requestId, now]);
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

/**
 * Whether this number may be texted a new code now (src/domain/abuse-limits.ts `shouldTextCode`),
 * counted from the texts it was sent since it was last proved. Requests for one number take turns
 * (a transaction-long advisory lock), so two at once cannot both pass the last place.
 */
async function mayText(tx: Tx, phone: string, purpose: PhoneCodePurpose, now: Date): Promise<boolean> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 69))', [`phone-code|${purpose}|${phone}`]);
  const {
    rows: [counts],
  } = await tx.query<{ live: number; hour: number; day: number }>(
    `WITH proved AS (
       SELECT max(used_at) AS at FROM phone_codes WHERE phone = $1 AND purpose = $2 AND used_at IS NOT NULL
     )
     SELECT count(*) FILTER (WHERE ${LIVE})::int AS live,
            count(*) FILTER (WHERE texted_at > $3::timestamptz - interval '1 hour')::int AS hour,
            count(*)::int AS day
       FROM phone_codes, proved
      WHERE phone = $1 AND purpose = $2 AND texted_at IS NOT NULL
        AND texted_at > GREATEST($3::timestamptz - interval '1 day', COALESCE(proved.at, '-infinity'))`,
    [phone, purpose, now],
  );
  return shouldTextCode({
    live: counts?.live ?? 0,
    textedThisHour: counts?.hour ?? 0,
    textedToday: counts?.day ?? 0,
  });
}

export const CODE_EXPIRED = 'That code has expired or has already been used. Please ask for a new one.';

/** Which texted code a checked proof matched: spend it with `spendPhoneCode`. */
export interface CheckedCode {
  requestId: string;
  codeId: string;
}

/**
 * Checks a code for `phone` and counts the try. Throws a 400 with `phone_code_wrong` (and the tries
 * left) or `phone_code_expired`; returns the code it matched. The code is only spent by
 * `spendPhoneCode`, inside the transaction it proves something for.
 *
 * A code texted to the number proves it with any live request for that number and purpose: its own,
 * or one asked for later that was not texted (strangers had used the number's texts up), so the
 * phone's owner types the code the phone holds. A wrong try counts against the request and against
 * every code the number holds, so each texted code faces at most five guesses in all, whoever makes
 * them; a code that was never texted proves nothing.
 */
export async function checkPhoneCode(
  proof: PhoneProof,
  phone: string,
  purpose: PhoneCodePurpose,
  now = new Date(),
): Promise<CheckedCode> {
  const [row] = await query<{ phone: string; code_hash: string; attempts: number; texted: boolean }>(
    `UPDATE phone_codes SET attempts = attempts + 1
      WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 AND attempts < $4
      RETURNING phone, code_hash, attempts, texted_at IS NOT NULL AS texted`,
    [proof.requestId, purpose, now, PHONE_CODE_MAX_ATTEMPTS],
  );
  if (!row) throw new HttpError(400, CODE_EXPIRED, { code: 'phone_code_expired' });
  if (row.phone === phone) {
    if (row.texted && matches(row.code_hash, proof.requestId, proof.code)) {
      return { requestId: proof.requestId, codeId: proof.requestId };
    }
    const others = await query<{ id: string; code_hash: string }>(
      `SELECT id, code_hash FROM phone_codes WHERE phone = $1 AND purpose = $2 AND ${LIVE} AND id <> $4`,
      [phone, purpose, now, proof.requestId],
    );
    const hit = others.find((o) => matches(o.code_hash, o.id, proof.code));
    if (hit) return { requestId: proof.requestId, codeId: hit.id };
    if (others.length) {
      await query('UPDATE phone_codes SET attempts = attempts + 1 WHERE id = ANY($1::text[])', [
        others.map((o) => o.id),
      ]);
    }
  }
  const attemptsLeft = PHONE_CODE_MAX_ATTEMPTS - row.attempts;
  if (attemptsLeft <= 0) throw new HttpError(400, CODE_EXPIRED, { code: 'phone_code_expired' });
  throw new HttpError(
    400,
    `That code is not right. You have ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`,
    { code: 'phone_code_wrong', attemptsLeft },
  );
}

function matches(storedHash: string, requestId: string, code: string): boolean {
  return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(codeHash(requestId, code), 'hex'));
}

/**
 * Uses a checked code up, in the caller's transaction: a second use of the same code fails. The
 * number is proved, so every other live request and code for it is ended and what strangers counted
 * against it is forgotten (decision 069): its owner starts again with a clean slate.
 */
export async function spendPhoneCode(tx: Tx, checked: CheckedCode, now = new Date()): Promise<void> {
  const { rows } = await tx.query<{ phone: string; purpose: string }>(
    'UPDATE phone_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING phone, purpose',
    [checked.codeId, now],
  );
  const spent = rows[0];
  if (!spent) throw new HttpError(400, CODE_EXPIRED, { code: 'phone_code_expired' });
  await tx.query(
    `UPDATE phone_codes SET used_at = $3 WHERE phone = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
    [spent.phone, spent.purpose, now],
  );
  await clearPhoneCounts(tx, spent.phone);
}
