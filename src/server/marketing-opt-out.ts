import { OPT_OUT_TOKEN, type OptOutResponse } from '../domain/marketing-opt-out.ts';
import { transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { hashAccessKey, newAccessKey } from './ids.ts';

/**
 * The one-tap opt-out of every marketing message (docs/decisions/090). Each marketing message carries
 * a token of its own (256 random bits, only its hash kept); any of them stops them all, for good.
 */

/** A fresh opt-out token for one message to `customerId`, written in the message's transaction. */
export async function newOptOutToken(tx: Tx, customerId: string, now: Date): Promise<string> {
  const token = newAccessKey();
  await tx.query('INSERT INTO marketing_opt_out_tokens (token_hash, customer_id, created_at) VALUES ($1, $2, $3)', [
    hashAccessKey(token),
    customerId,
    now,
  ]);
  return token;
}

export const UNKNOWN_TOKEN = 'We could not find that link. Please call us and we will stop our messages by hand.';

/**
 * Stops marketing for the token's customer: consent off, the date kept (the first of a run of
 * repeats: a second tap changes nothing), and their unsent marketing messages withdrawn in the same
 * transaction, so nothing written before the tap goes out after it. One a sender holds at this very
 * moment is already leaving. Idempotent; an unknown token is a 404.
 */
export async function optOut(token: string, now = new Date()): Promise<OptOutResponse> {
  if (!OPT_OUT_TOKEN.test(token)) throw new HttpError(404, UNKNOWN_TOKEN, { code: 'not_found' });
  return transaction(async (tx) => {
    const {
      rows: [found],
    } = await tx.query<{ customer_id: string }>(
      `UPDATE marketing_opt_out_tokens SET used_at = COALESCE(used_at, $2) WHERE token_hash = $1 RETURNING customer_id`,
      [hashAccessKey(token), now],
    );
    if (!found) throw new HttpError(404, UNKNOWN_TOKEN, { code: 'not_found' });
    await tx.query(
      `UPDATE customers
          SET marketing_opted_out_at = CASE WHEN marketing_consent OR marketing_opted_out_at IS NULL THEN $2 ELSE marketing_opted_out_at END,
              marketing_consent = false,
              updated_at = CASE WHEN marketing_consent THEN $2 ELSE updated_at END
        WHERE id = $1`,
      [found.customer_id, now],
    );
    await tx.query(
      `DELETE FROM outbox
        WHERE marketing_customer_id = $1 AND sent_at IS NULL AND failed_at IS NULL
          AND (locked_until IS NULL OR locked_until <= $2)`,
      [found.customer_id, now],
    );
    return { status: 'opted_out' };
  });
}
