import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as waitlistRequestModule from '../../netlify/functions/waitlist-request.ts';
import joinHandler from '../../netlify/functions/waitlist.ts';
import { ABUSE_LIMITS } from '../../src/domain/abuse-limits.ts';
import { addDays, todayIn } from '../../src/domain/london-time.ts';
import {
  JoinWaitlistResponseSchema,
  WaitlistViewSchema,
  type JoinWaitlistRequestInput,
} from '../../src/domain/waitlist.ts';
import { query } from '../../src/server/db.ts';
import { CROSS_SITE_REFUSED, MAX_BODY_BYTES } from '../../src/server/http.ts';
import { clientBucket, hitRateLimit } from '../../src/server/rate-limit.ts';
import { routed } from '../helpers/netlify-context.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Joining the waitlist (docs/decisions/084) through the real functions and database: checked as a
 * booking is, the number proven by a code before anything is texted to it, one waiting request per
 * number and service, the first message in the outbox with the request's link; the request's page
 * and withdrawing it. Every refusal writes nothing.
 */
useTestDatabase({ seed: true });
// The per-address limits have their own test below; here every code and join comes from few addresses.
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000';

const SITE = 'http://localhost';
const API = `${SITE}/v1.0.1`;
const requestHandler = routed(waitlistRequestModule);
const today = todayIn('Europe/London', new Date());

let number = 600;
const nextPhone = () => `07700 900${number++}`;
const e164 = (phone: string) => `+44${phone.replace(/\s/g, '').slice(1)}`;

function joinBody(phone: string, change: Partial<JoinWaitlistRequestInput> = {}): JoinWaitlistRequestInput {
  return {
    serviceId: 'full',
    dog: { name: 'Pepper', breedId: 'beagle', weightKg: 12, coat: 'short' },
    extras: ['deshed-boost'],
    from: addDays(today, 1),
    to: addDays(today, 14),
    weekdays: [1, 2, 3, 4, 5],
    parts: ['morning'],
    owner: { name: 'Robin Hart', phone, email: 'robin@example.com' },
    notify: { text: true, email: true },
    idempotencyKey: randomUUID(),
    ...change,
  };
}

function join(body: unknown, headers: Record<string, string> = {}, ip = '198.51.100.30') {
  return joinHandler(
    new Request(`${API}/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { ip },
  );
}

async function proven(phone: string, change: Partial<JoinWaitlistRequestInput> = {}) {
  return joinBody(phone, { phoneProof: await textedCode(phone), ...change });
}

const requests = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM waitlist_requests'))[0]!.n;

async function refused(res: Response, status: number, error: string | RegExp, code?: string) {
  const body = (await res.json()) as { error: string; code?: string };
  expect(res.status).toBe(status);
  expect(body.error).toMatch(error);
  if (code) expect(body.code).toBe(code);
}

const view = (id: string) => requestHandler(new Request(`${API}/waitlist/${id}`));
const withdraw = (id: string, headers: Record<string, string> = {}) =>
  requestHandler(
    new Request(`${API}/waitlist/${id}/withdraw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    }),
    { ip: '198.51.100.31' },
  );

describe('joining the waitlist', () => {
  it('with the code texted to the number: 201, the request, and its first messages with the link', async () => {
    const phone = nextPhone();
    const res = await join(await proven(phone));
    expect(res.status).toBe(201);
    const answer = JoinWaitlistResponseSchema.parse(await res.json());
    expect(answer.updated).toBe(false);
    expect(answer.request).toMatchObject({
      status: 'waiting',
      service: { id: 'full' },
      dog: { name: 'Pepper', breed: 'Beagle' },
      extras: [{ id: 'deshed-boost' }],
      weekdays: [1, 2, 3, 4, 5],
      parts: ['morning'],
      told: `by text to the number ending ${phone.slice(-3)} and by e-mail`,
    });
    expect(answer.request.suits).toMatch(/^any weekday morning from \w{3} \d{1,2} \w{3} to \w{3} \d{1,2} \w{3}$/);
    const [row] = await query<{ minutes: number; phone: string; status: string; idempotency_key: string }>(
      'SELECT minutes, phone, status, idempotency_key FROM waitlist_requests WHERE id = $1',
      [answer.requestId],
    );
    // The visit's length as planVisit makes it: a medium full groom and the de-shedding boost.
    expect(row!.minutes).toBeGreaterThan(20);
    expect(row).toMatchObject({ phone: e164(phone), status: 'waiting' });
    const messages = await query<{ channel: string; recipient: string; body_text: string; kind: string }>(
      `SELECT channel, recipient, body_text, kind FROM outbox WHERE kind = 'waitlist_joined' AND body_text LIKE $1 ORDER BY channel`,
      [`%/w/${answer.requestId}%`],
    );
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'robin@example.com'],
      ['sms', e164(phone)],
    ]);
    expect(messages[1]!.body_text).toContain("you're on our waitlist for Pepper's Full Groom");
    expect(messages[1]!.body_text).toContain(`${SITE}/w/${answer.requestId}`);
    expect(messages[0]!.body_text).toContain('first asked, first offered');
    expect(messages[0]!.body_text).toContain('withdraw');
  });

  it('the same request again (a double tap) gets the same answer and writes nothing more', async () => {
    const body = await proven(nextPhone());
    const first = JoinWaitlistResponseSchema.parse(await (await join(body)).json());
    const before = await requests();
    const again = await join(body);
    expect(again.status).toBe(201);
    expect(JoinWaitlistResponseSchema.parse(await again.json()).requestId).toBe(first.requestId);
    expect(await requests()).toBe(before);
    await refused(await join({ ...body, to: addDays(today, 7) }), 409, /already used/, 'idempotency_conflict');
  });

  it('asking again for the same dog and service changes the waiting request, which keeps its place', async () => {
    const phone = nextPhone();
    const first = JoinWaitlistResponseSchema.parse(await (await join(await proven(phone))).json());
    const res = await join(
      await proven(phone, { parts: ['afternoon'], weekdays: [6], notify: { text: true, email: false } }),
    );
    expect(res.status).toBe(200);
    const second = JoinWaitlistResponseSchema.parse(await res.json());
    expect(second).toMatchObject({ requestId: first.requestId, updated: true });
    expect(second.request).toMatchObject({ parts: ['afternoon'], weekdays: [6], createdAt: first.request.createdAt });
    const [{ n }] = (await query<{ n: number }>('SELECT count(*)::int AS n FROM waitlist_requests WHERE phone = $1', [
      e164(phone),
    ])) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('another dog for the same number and service is a 409 that says how to change it', async () => {
    const phone = nextPhone();
    await join(await proven(phone));
    const before = await requests();
    await refused(
      await join(await proven(phone, { dog: { name: 'Biscuit', breedId: 'pug', weightKg: 8, coat: 'short' } })),
      409,
      /Pepper is already on our waitlist for a Full Groom.*withdraw/,
      'already_waiting',
    );
    expect(await requests()).toBe(before);
    // Another service is another request.
    expect((await join(await proven(phone, { serviceId: 'nails', extras: [] }))).status).toBe(201);
  });

  it.each([
    ['a past first day', () => ({ from: addDays(today, -1) }), /from: please choose days from today on/],
    ['a last day beyond the horizon', () => ({ to: addDays(today, 8 * 7 + 1) }), /to: we take bookings up to/],
    [
      'days of the week that never fall in the dates',
      () => ({ from: nextIso(1), to: nextIso(1), weekdays: [7] }),
      /none of those days/,
    ],
    ['a service not sold', () => ({ serviceId: 'teeth-whitening' }), /We do not offer that service/],
    [
      'an extra not offered with the service',
      () => ({ serviceId: 'nails', extras: ['deshed-boost'] }),
      /We do not offer that extra with/,
    ],
    [
      'a breed not on the list',
      () => ({ dog: { name: 'X', breedId: 'wolf', weightKg: 12, coat: 'short' as const } }),
      /choose a breed/,
    ],
    [
      'no way to be told',
      () => ({ notify: { text: false, email: false } }),
      /notify: Please choose how we should tell you/,
    ],
    [
      'told by e-mail without an address',
      () => ({ owner: { name: 'R', phone: '07700 900990', email: '' } }),
      /owner.email: Please give your e-mail/,
    ],
    [
      'a last day before the first',
      () => ({ from: addDays(today, 5), to: addDays(today, 4) }),
      /to: The last day must not be before the first/,
    ],
  ])('refuses %s with a 400 and writes nothing', async (_, change, error) => {
    const phone = nextPhone();
    const before = await requests();
    const body = await proven(phone, change() as Partial<JoinWaitlistRequestInput>);
    await refused(await join(body), 400, error);
    expect(await requests()).toBe(before);
    expect(
      await query(`SELECT 1 FROM outbox WHERE kind = 'waitlist_joined' AND recipient = $1`, [e164(phone)]),
    ).toHaveLength(0);
  });

  it('a number never proven is asked for the code (403), and nothing is written or texted', async () => {
    const phone = nextPhone();
    const before = await requests();
    await refused(
      await join(joinBody(phone)),
      403,
      /confirm your mobile number with the code/,
      'phone_verification_required',
    );
    expect(await requests()).toBe(before);
    expect(await query('SELECT 1 FROM outbox WHERE recipient = $1', [e164(phone)])).toHaveLength(0);
  });

  it('a wrong code is refused with the tries left', async () => {
    const phone = nextPhone();
    const { requestId, code } = await textedCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await refused(
      await join(joinBody(phone, { phoneProof: { requestId, code: wrong } })),
      400,
      /not right/,
      'phone_code_wrong',
    );
  });

  it(`tries without proof for one number: ${ABUSE_LIMITS.bookingsPerPhone.limit} a day, then 429`, async () => {
    const phone = nextPhone();
    for (let i = 0; i < ABUSE_LIMITS.bookingsPerPhone.limit; i++)
      expect((await join(joinBody(phone))).status).toBe(403);
    const res = await join(joinBody(phone));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('from an address past the booking limit: 429 before anything is read', async () => {
    const ip = '198.51.100.77';
    const bucket = clientBucket('bookings', ip);
    await hitRateLimit(bucket, 1, 3600);
    await query('UPDATE rate_limits SET hits = 100000 WHERE bucket = $1', [bucket.slice(0, 100)]);
    const before = await requests();
    await refused(await join(await proven(nextPhone()), {}, ip), 429, /Too many requests/, 'rate_limited');
    expect(await requests()).toBe(before);
  });

  it('a body over the limit is 413, a cross-site form 403, a text/plain form 415', async () => {
    const before = await requests();
    const big = JSON.stringify({ ...joinBody(nextPhone()), dog: { name: 'x'.repeat(MAX_BODY_BYTES) } });
    expect((await join(big)).status).toBe(413);
    const cross = await join(await proven(nextPhone()), {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    await refused(cross, 403, CROSS_SITE_REFUSED);
    expect((await join(joinBody(nextPhone()), { 'content-type': 'text/plain' })).status).toBe(415);
    expect(await requests()).toBe(before);
  });
});

describe("the request's page and withdrawing", () => {
  it('shows the request by its id; a wrong id is the same 404 as a malformed one', async () => {
    const { requestId } = JoinWaitlistResponseSchema.parse(await (await join(await proven(nextPhone()))).json());
    const res = await view(requestId);
    expect(res.status).toBe(200);
    expect(WaitlistViewSchema.parse(await res.json())).toMatchObject({
      id: requestId,
      status: 'waiting',
      ownerName: 'Robin Hart',
    });
    const unknown = await view('A'.repeat(24));
    const malformed = await view('nope');
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(await unknown.json()).toEqual(await malformed.json());
    expect((await withdraw('A'.repeat(24))).status).toBe(404);
  });

  it('withdraws once and answers the same again; a cross-site withdraw is refused', async () => {
    const { requestId } = JoinWaitlistResponseSchema.parse(await (await join(await proven(nextPhone()))).json());
    await refused(
      await withdraw(requestId, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      403,
      CROSS_SITE_REFUSED,
    );
    expect(WaitlistViewSchema.parse(await (await view(requestId)).json()).status).toBe('waiting');
    const first = await withdraw(requestId);
    expect(first.status).toBe(200);
    expect(WaitlistViewSchema.parse(await first.json()).status).toBe('withdrawn');
    const again = await withdraw(requestId);
    expect(again.status).toBe(200);
    expect(WaitlistViewSchema.parse(await again.json()).status).toBe('withdrawn');
  });

  it('after withdrawing, the number may ask again for another dog', async () => {
    const phone = nextPhone();
    const { requestId } = JoinWaitlistResponseSchema.parse(await (await join(await proven(phone))).json());
    await withdraw(requestId);
    const res = await join(
      await proven(phone, { dog: { name: 'Biscuit', breedId: 'pug', weightKg: 8, coat: 'short' } }),
    );
    expect(res.status).toBe(201);
    expect(JoinWaitlistResponseSchema.parse(await res.json()).requestId).not.toBe(requestId);
  });
});

/** The next date from tomorrow that falls on ISO weekday `day`. */
function nextIso(day: number): string {
  for (let i = 1; i <= 7; i++) {
    const date = addDays(today, i);
    if (((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1 === day) return date;
  }
  throw new Error('unreachable');
}
