import { describe, expect, it } from 'vitest';
import { normaliseUkMobile } from '../../src/domain/phone.ts';
import { PhoneCodeResponseSchema } from '../../src/domain/phone-codes.ts';
import { StaffSignInResponseSchema } from '../../src/domain/staff.ts';
import { DEFAULT_STAFF_SETTINGS } from '../../src/domain/staff-settings.ts';
import { query } from '../../src/server/db.ts';
import { hashAccessKey } from '../../src/server/ids.ts';
import { signInByCode } from '../../src/server/staff-sign-in.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { addStaffMember, call, customerWithDeviceKey, lastCodeSentTo, proveFresh, signIn } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Staff sign-in by a one-time code (docs/decisions/053): codes expire, are used once, are bound to
 * their number, die after five wrong tries, and are limited per number (texts sent) and per address; the
 * key that comes out is stored hashed, and ends when revoked, idle or old.
 */
useTestDatabase();

const ASK = '/v1.0.1/management/sign-in/codes';
const BY_CODE = '/v1.0.1/management/sign-in/by-code';
const SESSION = '/v1.0.1/management/session';

let phones = 0;
/** A fresh drama number per test, so the per-number limits of one test never reach another. */
const freshPhone = () => `07700 900${String(100 + phones++).padStart(3, '0')}`;
const e164 = (phone: string) => normaliseUkMobile(phone)!;
let ips = 0;
const freshIp = () => `198.51.100.${++ips}`;

async function ask(phone: string, ip = freshIp()) {
  return call('POST', ASK, { body: { phone }, ip });
}

describe('asking for a code', () => {
  it('texts a staff member a six-digit code for the staff area, and stores only its hash', async () => {
    const phone = freshPhone();
    await addStaffMember(phone);
    const res = await ask(phone);
    expect(res.status).toBe(202);
    const answer = PhoneCodeResponseSchema.parse(res.body);
    expect(answer.digits).toBe(6);
    const [text] = await query<{ body_text: string; channel: string; sent_via: string }>(
      `SELECT body_text, channel, sent_via FROM outbox WHERE recipient = $1`,
      [e164(phone)],
    );
    expect(text).toMatchObject({ channel: 'sms', sent_via: 'log' });
    expect(text!.body_text).toMatch(/^\d{6} is your Leyton Dog Grooming code to sign in to the staff area\./);
    const code = await lastCodeSentTo(phone);
    const rows = await query<Record<string, unknown>>('SELECT * FROM phone_codes WHERE id = $1', [answer.requestId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe('staff_sign_in');
    expect(JSON.stringify(rows)).not.toContain(code!);
  });

  it('answers a number that is not staff exactly as a staff number, and sends it nothing', async () => {
    const staffPhone = freshPhone();
    const stranger = freshPhone();
    await addStaffMember(staffPhone);
    const customer = freshPhone();
    await customerWithDeviceKey(customer);
    const answers = await Promise.all([ask(staffPhone), ask(stranger), ask(customer)]);
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(Object.keys(res.body).sort()).toEqual(['digits', 'expiresAt', 'requestId']);
      expect([...res.headers.keys()].sort()).toEqual([...answers[0]!.headers.keys()].sort());
    }
    expect(await lastCodeSentTo(stranger)).toBeNull();
    expect(await lastCodeSentTo(customer)).toBeNull();
    expect(await lastCodeSentTo(staffPhone)).toMatch(/^\d{6}$/);
  });

  it('e-mails the code when the staff member has an address and no text provider is configured', async () => {
    const phone = freshPhone();
    await addStaffMember(phone, 'Mail Groomer', 'groomer@example.com');
    expect((await ask(phone)).status).toBe(202);
    const [mail] = await query<{ channel: string; subject: string; body_text: string }>(
      `SELECT channel, subject, body_text FROM outbox WHERE recipient = 'groomer@example.com'`,
    );
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Leyton Dog Grooming sign-in code' });
    expect(await lastCodeSentTo('groomer@example.com')).toMatch(/^\d{6}$/);
  });

  describe('with a text provider', () => {
    let provider: SmsProvider;
    useSmsProvider((started) => (provider = started));

    it('texts the code through it, even to a staff member who has an e-mail address', async () => {
      const phone = freshPhone();
      await addStaffMember(phone, 'Text Groomer', 'texts@example.com');
      const res = await ask(phone);
      expect(res.status).toBe(202);
      const sent = provider.requests.find((r) => r.body.to === e164(phone));
      expect(sent?.body.text).toMatch(/^\d{6} is your Leyton Dog Grooming code to sign in to the staff area\./);
      expect(await query(`SELECT 1 FROM outbox WHERE recipient = 'texts@example.com'`)).toEqual([]);
    });
  });

  it.each([
    ['a landline', { phone: '020 8123 4567' }],
    ['no number', {}],
    ['an extra field', { phone: '07700 900999', purpose: 'booking' }],
  ])('refuses %s with a 400 and writes nothing', async (_label, body) => {
    const before = await query<{ n: number }>('SELECT count(*)::int AS n FROM phone_codes');
    const res = await call('POST', ASK, { body, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
    expect(await query<{ n: number }>('SELECT count(*)::int AS n FROM phone_codes')).toEqual(before);
  });
});

describe('signing in with the code', () => {
  it('issues a staff key of 256 random bits, stored hashed, that opens the staff API', async () => {
    const phone = freshPhone();
    const id = await addStaffMember(phone, 'Key Groomer');
    const asked = await ask(phone);
    const code = await lastCodeSentTo(phone);
    const res = await call('POST', BY_CODE, { body: { phone, requestId: asked.body.requestId, code }, ip: freshIp() });
    expect(res.status).toBe(200);
    const answer = StaffSignInResponseSchema.parse(res.body);
    expect(answer.staff).toEqual({ _id: id, name: 'Key Groomer', phone: e164(phone) });
    expect(Buffer.from(answer.accessKey, 'base64url')).toHaveLength(32);
    const [key] = await query<{ key_hash: string; kind: string; expires_at: Date; created_at: Date }>(
      'SELECT key_hash, kind, expires_at, created_at FROM access_keys WHERE customer_id = $1',
      [id],
    );
    expect(key).toMatchObject({ key_hash: hashAccessKey(answer.accessKey), kind: 'staff' });
    expect(key!.expires_at.getTime() - key!.created_at.getTime()).toBe(
      DEFAULT_STAFF_SETTINGS.keyLifetimeDays * 86_400_000,
    );
    expect(new Date(answer.expiresAt).getTime()).toBe(key!.expires_at.getTime());
    const session = await call('GET', SESSION, { key: answer.accessKey });
    expect(session).toMatchObject({ status: 200, body: { staff: { _id: id, name: 'Key Groomer' } } });
  });

  it('accepts a code texted to its number with any live request of that number, once (decision 069)', async () => {
    const phone = freshPhone();
    await addStaffMember(phone);
    const first = await ask(phone);
    const firstCode = await lastCodeSentTo(phone);
    const second = await ask(phone);
    // The phone holds both codes; whichever the member types works, and proving the number ends both.
    const crossed = await call('POST', BY_CODE, {
      body: { phone, requestId: second.body.requestId, code: firstCode },
      ip: freshIp(),
    });
    expect(crossed.status).toBe(200);
    const again = await call('POST', BY_CODE, {
      body: { phone, requestId: first.body.requestId, code: firstCode },
      ip: freshIp(),
    });
    expect(again).toMatchObject({ status: 400, body: { code: 'phone_code_expired' } });
  });

  it('refuses the right code with another number', async () => {
    const phone = freshPhone();
    const other = freshPhone();
    await addStaffMember(phone);
    await addStaffMember(other);
    const asked = await ask(phone);
    const code = await lastCodeSentTo(phone);
    const res = await call('POST', BY_CODE, {
      body: { phone: other, requestId: asked.body.requestId, code },
      ip: freshIp(),
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'phone_code_wrong' } });
  });

  it('uses a code once', async () => {
    const phone = freshPhone();
    await addStaffMember(phone);
    const asked = await ask(phone);
    const code = await lastCodeSentTo(phone);
    const body = { phone, requestId: asked.body.requestId, code };
    expect((await call('POST', BY_CODE, { body, ip: freshIp() })).status).toBe(200);
    const again = await call('POST', BY_CODE, { body, ip: freshIp() });
    expect(again).toMatchObject({ status: 400, body: { code: 'phone_code_expired' } });
    expect(
      await query('SELECT 1 FROM access_keys k JOIN customers c ON c.id = k.customer_id WHERE c.phone = $1', [
        e164(phone),
      ]),
    ).toHaveLength(1);
  });

  it('lets a code expire after ten minutes', async () => {
    const phone = freshPhone();
    await addStaffMember(phone);
    const asked = await ask(phone);
    const code = (await lastCodeSentTo(phone))!;
    const late = new Date(Date.now() + 10 * 60_000 + 1000);
    await expect(
      signInByCode({ phone: e164(phone), requestId: asked.body.requestId, code, ip: freshIp(), now: late }),
    ).rejects.toMatchObject({ status: 400, extra: { code: 'phone_code_expired' } });
    // A minute before the end it still works.
    const inTime = new Date(Date.now() + 9 * 60_000);
    await expect(
      signInByCode({ phone: e164(phone), requestId: asked.body.requestId, code, ip: freshIp(), now: inTime }),
    ).resolves.toMatchObject({ staff: { phone: e164(phone) } });
  });

  it('ends the request after five wrong tries, the right code included after them', async () => {
    const phone = freshPhone();
    await addStaffMember(phone);
    const asked = await ask(phone);
    const code = (await lastCodeSentTo(phone))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await call('POST', BY_CODE, { body: { phone, requestId: asked.body.requestId, code: wrong }, ip: freshIp() }),
      );
    }
    expect(answers.map((a) => [a.status, a.body.code, a.body.attemptsLeft])).toEqual([
      [400, 'phone_code_wrong', 4],
      [400, 'phone_code_wrong', 3],
      [400, 'phone_code_wrong', 2],
      [400, 'phone_code_wrong', 1],
      [400, 'phone_code_expired', undefined],
    ]);
    expect(answers[3]!.body.error).toBe('That code is not right. You have 1 try left.');
    const right = await call('POST', BY_CODE, {
      body: { phone, requestId: asked.body.requestId, code },
      ip: freshIp(),
    });
    expect(right).toMatchObject({ status: 400, body: { code: 'phone_code_expired' } });
    expect(
      await query('SELECT 1 FROM access_keys k JOIN customers c ON c.id = k.customer_id WHERE c.phone = $1', [
        e164(phone),
      ]),
    ).toEqual([]);
  });

  it('never signs a number that is not staff in, whatever code it guesses', async () => {
    const stranger = freshPhone();
    const asked = await ask(stranger);
    const tries = await Promise.all(
      ['123456', '000000'].map((code) =>
        call('POST', BY_CODE, { body: { phone: stranger, requestId: asked.body.requestId, code }, ip: freshIp() }),
      ),
    );
    for (const res of tries) expect(res.status).toBe(400);
  });
});

describe('rate limits', () => {
  it('texts at most three codes an hour to one number, from any address, and answers the fourth the same', async () => {
    const phone = freshPhone();
    await addStaffMember(phone);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(phone));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    for (const a of answers) expect(Object.keys(a.body).sort()).toEqual(['digits', 'expiresAt', 'requestId']);
    expect(await query('SELECT 1 FROM outbox WHERE recipient = $1', [e164(phone)])).toHaveLength(3);
  });

  it('answers at most ten code requests an hour from one address, whatever the numbers', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await ask(freshPhone(), ip)).status);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });

  it('checks at most thirty codes an hour from one address', async () => {
    const ip = freshIp();
    const phone = freshPhone();
    await addStaffMember(phone);
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      // Requests that do not exist: each check still counts against the address first.
      statuses.push(
        (
          await call('POST', BY_CODE, {
            body: { phone, requestId: `guess${String(i).padStart(20, '0')}`, code: '123456' },
            ip,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(30).fill(400), 429]);
  });
});

describe('the key after sign-in', () => {
  it('stops working when signed out, and sign-out takes only that key', async () => {
    const phone = freshPhone();
    await addStaffMember(phone);
    const tablet = await signIn(phone, freshIp());
    const phoneKey = await signIn(phone, freshIp());
    const out = await call('POST', '/v1.0.1/management/sign-out', { key: tablet, body: {} });
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call('GET', SESSION, { key: tablet })).status).toBe(401);
    expect((await call('POST', '/v1.0.1/management/sign-out', { key: tablet, body: {} })).status).toBe(401);
    expect((await call('GET', SESSION, { key: phoneKey })).status).toBe(200);
  });

  it('goes idle after the idle timeout without use, counted from the last use', async () => {
    const phone = freshPhone();
    const id = await addStaffMember(phone);
    const key = await signIn(phone, freshIp());
    const idle = DEFAULT_STAFF_SETTINGS.keyIdleMinutes;
    await query(
      `UPDATE access_keys SET created_at = now() - make_interval(mins => $2 + 60), last_used_at = now() - make_interval(mins => $2 - 1) WHERE customer_id = $1`,
      [id, idle],
    );
    expect((await call('GET', SESSION, { key })).status).toBe(200); // used a minute inside the timeout
    await query(`UPDATE access_keys SET last_used_at = now() - make_interval(mins => $2 + 1) WHERE customer_id = $1`, [
      id,
      idle,
    ]);
    expect((await call('GET', SESSION, { key })).status).toBe(401);
  });

  it('ends at its absolute lifetime however often it is used', async () => {
    const phone = freshPhone();
    const id = await addStaffMember(phone);
    const key = await signIn(phone, freshIp());
    await query(
      `UPDATE access_keys SET created_at = now() - make_interval(days => $2) + interval '1 minute', last_used_at = now() WHERE customer_id = $1`,
      [id, DEFAULT_STAFF_SETTINGS.keyLifetimeDays],
    );
    expect((await call('GET', SESSION, { key })).status).toBe(200);
    await query(
      `UPDATE access_keys SET created_at = now() - make_interval(days => $2) - interval '1 minute', last_used_at = now() WHERE customer_id = $1`,
      [id, DEFAULT_STAFF_SETTINGS.keyLifetimeDays],
    );
    expect((await call('GET', SESSION, { key })).status).toBe(401);
  });

  it('follows the settings as they are now: a shorter idle timeout ends older keys at once', async () => {
    const phone = freshPhone();
    const id = await addStaffMember(phone);
    const key = await signIn(phone, freshIp());
    await query(`UPDATE access_keys SET last_used_at = now() - interval '30 minutes' WHERE customer_id = $1`, [id]);
    expect((await call('GET', SESSION, { key })).status).toBe(200);
    await query(`UPDATE access_keys SET last_used_at = now() - interval '30 minutes' WHERE customer_id = $1`, [id]);
    await query(`UPDATE settings SET staff = '{"keyIdleMinutes": 15}'`);
    try {
      expect((await call('GET', SESSION, { key })).status).toBe(401);
    } finally {
      await query(`UPDATE settings SET staff = '{}'`);
    }
  });

  it('refuses settings a key could never live by', async () => {
    await expect(query(`UPDATE settings SET staff = '{"keyIdleMinutes": 0}'`)).rejects.toThrow(
      /settings_staff_key_idle/,
    );
    await expect(query(`UPDATE settings SET staff = '{"keyLifetimeDays": 1.5}'`)).rejects.toThrow(
      /settings_staff_key_lifetime/,
    );
    await expect(query(`UPDATE settings SET staff = '{"keyLifetimeDays": "7"}'`)).rejects.toThrow(
      /settings_staff_key_lifetime/,
    );
  });

  it('stops working when its holder is removed from the staff', async () => {
    const phone = freshPhone();
    const leaving = freshPhone();
    await addStaffMember(phone);
    const leaverId = await addStaffMember(leaving, 'Leaving Groomer');
    const mine = await signIn(phone, freshIp());
    const theirs = await signIn(leaving, freshIp());
    await proveFresh(mine, phone, freshIp());
    const removed = await call('POST', `/v1.0.1/management/staff/${leaverId}/remove`, { key: mine, body: {} });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call('GET', SESSION, { key: theirs })).status).toBe(401);
    expect(await query('SELECT 1 FROM customers WHERE id = $1', [leaverId])).toEqual([]);
  });
});
