import phoneCodesHandler from '../../netlify/functions/phone-codes.ts';
import { normaliseUkMobile } from '../../src/domain/phone.ts';
import { query } from '../../src/server/db.ts';

/**
 * Asks for a code for `phone` through the real endpoint, then reads it where a person would: in the
 * text the shop sent (the outbox row; with no SMS provider configured, nothing else sees it).
 */
export async function textedCode(
  phone: string,
  base = 'http://localhost/v1.0.1',
): Promise<{ requestId: string; code: string }> {
  const res = await phoneCodesHandler(
    new Request(`${base}/phone-codes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, purpose: 'booking' }),
    }),
  );
  if (res.status !== 202) throw new Error(`asking for a code answered ${res.status}: ${await res.text()}`);
  const { requestId } = (await res.json()) as { requestId: string };
  const [text] = await query<{ body_text: string }>(
    `SELECT body_text FROM outbox WHERE kind = 'phone_code' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
    [normaliseUkMobile(phone) ?? phone],
  );
  const code = /^(\d{6}) /.exec(text?.body_text ?? '')?.[1];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return { requestId, code };
}
