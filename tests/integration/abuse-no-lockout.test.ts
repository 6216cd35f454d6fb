import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import phoneCodesHandler from '../../netlify/functions/phone-codes.ts';
import { ABUSE_LIMITS, clientLimits } from '../../src/domain/abuse-limits.ts';
import {
  AvailabilityResponseSchema,
  CreateBookingResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { DashboardResponseSchema } from '../../src/domain/dashboard.ts';
import { normaliseUkMobile } from '../../src/domain/phone.ts';
import { PasskeyOptionsResponseSchema } from '../../src/domain/staff.ts';
import { query } from '../../src/server/db.ts';
import { env } from '../../src/server/env.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';
import { HOST, addStaffMember, call, lastCodeSentTo, signIn } from '../helpers/staff.ts';
import { call as staffCall, staffKey } from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The attacker's side of decision 069: a stranger with many addresses cannot make the shop send
 * texts without bound, and cannot lock out anyone who proves the number (a code typed right, the
 * device key of the record that proved it, a passkey). Each test plays the attack the outside probe
 * played (issue 18) and fails on the code before the decision.
 */
useTestDatabase({ seed: true });
delete process.env.STRIPE_SECRET_KEY;

const API = `${HOST}/v1.0.1`;
const e164 = (phone: string) => normaliseUkMobile(phone)!;
let numbers = 700;
const freshNumber = () => `07700 900${numbers++}`;

const askCode = (phone: string, ip: string) =>
  phoneCodesHandler(
    new Request(`${API}/phone-codes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, purpose: 'booking' }),
    }),
    { ip },
  );
const askStaffCode = (phone: string, ip: string) =>
  call('POST', '/v1.0.1/management/sign-in/codes', { body: { phone }, ip });
const codeTexts = async (phone: string) =>
  (
    await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'phone_code' AND channel = 'sms' AND recipient = $1`,
      [e164(phone)],
    )
  )[0]!.n;

let starts: string[] = [];
let nextStart = 0;
beforeAll(async () => {
  const { days } = AvailabilityResponseSchema.parse(
    await (await availabilityHandler(new Request(`${API}/availability?service=nails`))).json(),
  );
  starts = days.filter((d) => d.open).flatMap((d) => d.slots.map((s) => s.start));
});
/** A start nobody else in this file books (nails take one slot; every third keeps them apart). */
const freeStart = () => starts[(nextStart += 3)]!;

function booking(phone: string, extra: Partial<CreateBookingRequestInput> = {}): CreateBookingRequestInput {
  return {
    serviceId: 'nails',
    start: freeStart(),
    dog: { name: 'Biscuit', breedId: 'pug', weightKg: 8, coat: 'short' },
    owner: { name: 'Sam Owner', phone, email: 'sam@example.com', marketingConsent: false, acceptTerms: true },
    idempotencyKey: randomUUID(),
    ...extra,
  };
}
const book = (body: unknown, ip: string, accessKey?: string) =>
  bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accessKey ? { 'x-access-key': accessKey } : {}) },
      body: JSON.stringify(body),
    }),
    { ip },
  );

describe('an IPv6 /64 is one client for every per-address limit', () => {
  it('15 addresses of one /64 asking codes for 10 numbers get the texts of one address, no more', async () => {
    const perClient = clientLimits(env().BOOKING_RATE_LIMIT_PER_HOUR).codesPerClient.limit;
    const targets = Array.from({ length: 10 }, freshNumber);
    const statuses: number[] = [];
    for (let a = 1; a <= 15; a++) {
      for (const phone of targets) statuses.push((await askCode(phone, `2001:db8:77:1::${a.toString(16)}`)).status);
    }
    let texts = 0;
    for (const phone of targets) texts += await codeTexts(phone);
    expect(texts).toBe(perClient);
    expect(statuses.filter((s) => s === 202)).toHaveLength(perClient);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - perClient);
    // The next /64 is another client.
    expect((await askCode(freshNumber(), '2001:db8:77:2::1')).status).toBe(202);
  });

  it('bookings from one /64 share the per-address booking limit, whatever the spelling', async () => {
    const limit = clientLimits(env().BOOKING_RATE_LIMIT_PER_HOUR).bookingsPerClient.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      // The same /64 written long, compressed, upper case and with a zone id.
      const ip = [
        `2001:0db8:0078:0001:0:0:0:${i + 1}`,
        `2001:db8:78:1::${i + 1}`,
        `2001:DB8:78:1:${i + 1}::`,
        `2001:db8:78:1::${i + 1}%eth0`,
      ][i % 4]!;
      statuses.push((await book(booking(freshNumber()), ip)).status);
    }
    expect(statuses).toEqual([...Array(limit).fill(201), 429]);
  });
});

describe('a stranger cannot lock the groomer out of the staff area', () => {
  it('four strangers asking for the staff number from four addresses: the groomer still signs in by code', async () => {
    const groomer = freshNumber();
    await addStaffMember(groomer, 'Locked-out Groomer');
    for (let i = 0; i < 4; i++) expect((await askStaffCode(groomer, `2001:db8:${100 + i}::1`)).status).toBe(202);
    // The phone got the codes strangers asked for, up to its hourly count, and no more.
    expect(await codeTexts(groomer)).toBe(ABUSE_LIMITS.codesPerPhoneHour.limit);

    const mine = await askStaffCode(groomer, '203.0.113.200');
    expect(mine.status).toBe(202);
    // The groomer types the code the phone shows.
    const code = await lastCodeSentTo(groomer);
    const signedIn = await call('POST', '/v1.0.1/management/sign-in/by-code', {
      body: { phone: groomer, requestId: mine.body.requestId, code },
      ip: '203.0.113.200',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.staff.name).toBe('Locked-out Groomer');
  });

  it('six strangers a day: once their codes lapse, the groomer asking still gets a text that works', async () => {
    const groomer = freshNumber();
    await addStaffMember(groomer);
    for (let i = 0; i < ABUSE_LIMITS.codesPerPhoneDay.limit; i++) {
      expect((await askStaffCode(groomer, `2001:db8:${200 + i}::1`)).status).toBe(202);
    }
    // Ten minutes on, nothing the strangers were sent still works.
    await query(`UPDATE phone_codes SET expires_at = now() - interval '1 second' WHERE phone = $1`, [e164(groomer)]);
    const before = await codeTexts(groomer);
    const mine = await askStaffCode(groomer, '203.0.113.201');
    expect(mine.status).toBe(202);
    expect(await codeTexts(groomer)).toBe(before + 1);
    const signedIn = await call('POST', '/v1.0.1/management/sign-in/by-code', {
      body: { phone: groomer, requestId: mine.body.requestId, code: await lastCodeSentTo(groomer) },
      ip: '203.0.113.201',
    });
    expect(signedIn.status).toBe(200);
    // Proving the number starts its count again: the next request is texted at once.
    await askStaffCode(groomer, '203.0.113.201');
    expect(await codeTexts(groomer)).toBe(before + 2);
  });

  it('requests that were never texted cannot guess the phone’s codes more than five times in all', async () => {
    const groomer = freshNumber();
    await addStaffMember(groomer);
    for (let i = 0; i < 3; i++) await askStaffCode(groomer, `2001:db8:${300 + i}::1`);
    const right = (await lastCodeSentTo(groomer))!;
    const wrong = right === '000000' ? '111111' : '000000';
    const untexted = [await askStaffCode(groomer, '2001:db8:310::1'), await askStaffCode(groomer, '2001:db8:311::1')];
    expect(await codeTexts(groomer)).toBe(3);
    const guess = (requestId: string, code: string) =>
      call('POST', '/v1.0.1/management/sign-in/by-code', {
        body: { phone: groomer, requestId, code },
        ip: '2001:db8:312::1',
      });
    for (let i = 0; i < 3; i++) expect((await guess(untexted[0]!.body.requestId, wrong)).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await guess(untexted[1]!.body.requestId, wrong)).status).toBe(400);
    // Five wrong guesses in all have ended every code the phone holds: the right one no longer works.
    expect((await guess(untexted[1]!.body.requestId, right)).status).toBe(400);
    // And the phone's owner asking again is texted a fresh code at once.
    const mine = await askStaffCode(groomer, '203.0.113.202');
    expect(await codeTexts(groomer)).toBe(4);
    expect((await guess(mine.body.requestId, (await lastCodeSentTo(groomer))!)).status).toBe(200);
  });
});

describe('a stranger cannot lock a customer out of booking', () => {
  it('eight stranger bookings with a customer’s number: the customer, proving it, books', async () => {
    const number = freshNumber();
    const proved = await textedCode(number);
    const first = await book(booking(number, { phoneProof: proved }), '203.0.113.90');
    expect(first.status).toBe(201);
    const { accessKey } = CreateBookingResponseSchema.parse(await first.json());

    const strangers: number[] = [];
    for (let i = 0; i <= ABUSE_LIMITS.bookingsPerPhone.limit; i++) {
      strangers.push((await book(booking(number), `2001:db8:${400 + i}::1`)).status);
    }
    expect(strangers.at(-1)).toBe(429);

    // Their device key (the record that proved the number) books.
    expect((await book(booking(number), '203.0.113.91', accessKey)).status).toBe(201);
    // On a new device, the code the phone is sent books.
    const again = await textedCode(number);
    expect((await book(booking(number, { phoneProof: again }), '203.0.113.92')).status).toBe(201);
    // And proving it forgot what strangers counted: a stranger's booking is now answered as any is
    // (kept apart from the customer's records, decision 072), not refused by the limit.
    const stranger = await book(booking(number), '2001:db8:499::1');
    expect(stranger.status).toBe(201);
  });
});

describe('the shop’s daily text budget', () => {
  const original = process.env;
  beforeAll(async () => {
    // A new object, so the validated environment (src/server/env.ts) is read again.
    process.env = { ...original, TEXT_BUDGET_PER_DAY: '5' };
    await query(`DELETE FROM rate_limits WHERE bucket = 'text-budget:shop'`);
  });
  afterAll(() => {
    process.env = original;
  });

  it('texts five codes, then answers 429 text_budget_spent in plain words and sends nothing more; the dashboard warns', async () => {
    const staff = await staffKey('Dashboard Reader');
    const dashboard = async () =>
      DashboardResponseSchema.parse((await staffCall('GET', '/v1.0.1/management/dashboard', { key: staff.key })).body)
        .textBudget;
    const textsBefore = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE channel = 'sms'`))[0]!
      .n;

    for (let i = 0; i < 3; i++) expect((await askCode(freshNumber(), `2001:db8:500:${i}::1`)).status).toBe(202);
    expect(await dashboard()).toMatchObject({ used: 3, budget: 5, near: false, spent: false });
    expect((await askCode(freshNumber(), '2001:db8:500:3::1')).status).toBe(202);
    expect(await dashboard()).toMatchObject({ used: 4, budget: 5, near: true, spent: false });
    expect((await askCode(freshNumber(), '2001:db8:500:4::1')).status).toBe(202);

    const refused = await askCode(freshNumber(), '2001:db8:500:5::1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: string; code: string };
    expect(body.code).toBe('text_budget_spent');
    expect(body.error).toMatch(/call us on 020 8539 1234/);

    // The staff door answers the same for the staff number and anyone else's, and sends nothing.
    const groomer = freshNumber();
    await addStaffMember(groomer);
    const [forStaff, forStranger] = [
      await askStaffCode(groomer, '2001:db8:500:6::1'),
      await askStaffCode(freshNumber(), '2001:db8:500:7::1'),
    ];
    expect(forStaff).toMatchObject({ status: 429, body: { code: 'text_budget_spent' } });
    expect(forStranger.body).toEqual(forStaff.body);

    const textsAfter = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE channel = 'sms'`))[0]!
      .n;
    expect(textsAfter - textsBefore).toBe(5);
    expect(await dashboard()).toMatchObject({ used: 5, budget: 5, near: true, spent: true });
  });

  it('still takes a booking that needs no text: confirmed by e-mail, with no text to the unproven number', async () => {
    const number = freshNumber();
    const res = await book(
      booking(number, { owner: { ...booking(number).owner, email: 'budget@example.com' } }),
      '203.0.113.95',
    );
    expect(res.status).toBe(201);
    expect(CreateBookingResponseSchema.parse(await res.json()).status).toBe('confirmed');
    expect(await query(`SELECT 1 FROM outbox WHERE channel = 'sms' AND recipient = $1`, [e164(number)])).toEqual([]);
    expect(
      await query(`SELECT 1 FROM outbox WHERE channel = 'email' AND recipient = 'budget@example.com'`),
    ).toHaveLength(1);
  });

  it('a passkey signs the groomer in with the budget spent and the staff number’s codes used up', async () => {
    process.env = { ...original };
    const groomer = freshNumber();
    await addStaffMember(groomer, 'Passkey Groomer');
    const key = await signIn(groomer, '203.0.113.96');
    const authenticator = new SoftAuthenticator(HOST);
    const options = PasskeyOptionsResponseSchema.parse(
      (await call('POST', '/v1.0.1/management/passkeys/options', { key, body: {} })).body,
    );
    const registered = await call('POST', '/v1.0.1/management/passkeys', {
      key,
      body: { challengeId: options.challengeId, response: authenticator.create(options.options as never) },
    });
    expect(registered.status).toBe(201);
    process.env = { ...original, TEXT_BUDGET_PER_DAY: '5' };

    // Strangers ask for the staff number's code from many addresses; the budget is spent.
    for (let i = 0; i < 6; i++) await askStaffCode(groomer, `2001:db8:600:${i}::1`);
    expect((await askStaffCode(groomer, '203.0.113.97')).body.code).toBe('text_budget_spent');

    const asked = await call('POST', '/v1.0.1/management/sign-in/passkey-options', { body: {}, ip: '203.0.113.97' });
    const challenge = PasskeyOptionsResponseSchema.parse(asked.body);
    const signedIn = await call('POST', '/v1.0.1/management/sign-in/by-passkey', {
      body: { challengeId: challenge.challengeId, response: authenticator.get(challenge.options as never) },
      ip: '203.0.113.97',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.staff.name).toBe('Passkey Groomer');
  });
});
