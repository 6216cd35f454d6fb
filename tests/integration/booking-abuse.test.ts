import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import phoneCodesHandler from '../../netlify/functions/phone-codes.ts';
import { ABUSE_LIMITS, UNPROVEN_TEXTS_PER_NUMBER_PER_DAY } from '../../src/domain/abuse-limits.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  CreateBookingResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { PHONE_CODE_MAX_ATTEMPTS } from '../../src/domain/phone-codes.ts';
import { query } from '../../src/server/db.ts';
import { hitRateLimit, sweepStaleWindows } from '../../src/server/rate-limit.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const bookingChangesHandler = routed(bookingChanges);

/**
 * What a script may ask of the booking system (docs/decisions/052-abuse-limits.md): bookings per
 * address and per number, changes per address and per booking, codes per number and per address,
 * and the rules of a code (tries, expiry, one use). Each refusal is a 429 with Retry-After, or the
 * code's own 400, and writes nothing.
 */
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
let phone = 500;
function booking(start: string, overrides: Partial<CreateBookingRequestInput> = {}): CreateBookingRequestInput {
  phone++;
  return {
    serviceId: 'nails',
    start,
    dog: { name: 'Nugget', breedId: 'pug', weightKg: 8, coat: 'short' },
    owner: {
      name: 'Ali Khan',
      phone: `07700 900${phone}`,
      email: `ali${phone}@example.com`,
      marketingConsent: false,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}
const post = (body: unknown, ip: string) =>
  bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ip },
  );
async function freeStarts(): Promise<string[]> {
  const { days } = AvailabilityResponseSchema.parse(
    await (await availabilityHandler(new Request(`${API}/availability?service=nails`))).json(),
  );
  return days.filter((d) => d.open).flatMap((d) => d.slots.map((s) => s.start));
}

describe('bookings', () => {
  it(`from one address: ${ABUSE_LIMITS.bookingsPerClient.limit} an hour, then 429 with Retry-After, and nothing written`, async () => {
    const starts = await freeStarts();
    const ip = '203.0.113.10';
    for (let i = 0; i < ABUSE_LIMITS.bookingsPerClient.limit; i++)
      expect((await post(booking(starts[i * 3]!), ip)).status).toBe(201);
    const [{ before }] = (await query<{ before: number }>('SELECT count(*)::int AS before FROM bookings')) as [
      { before: number },
    ];
    const refused = await post(booking(starts[60]!), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(BookingErrorSchema.parse(await refused.json()).code).toBe('rate_limited');
    expect((await query('SELECT 1 FROM bookings')).length).toBe(before);
    // Another address is not affected.
    expect((await post(booking(starts[63]!), '203.0.113.11')).status).toBe(201);
  });

  it(`for one number: ${ABUSE_LIMITS.bookingsPerPhone.limit} attempts a day from anywhere, refused ones included`, async () => {
    const starts = await freeStarts();
    const number = '07700 900999';
    const statuses: number[] = [];
    for (let i = 0; i < ABUSE_LIMITS.bookingsPerPhone.limit + 1; i++) {
      const res = await post(
        booking(starts[100 + i * 3]!, { owner: { ...booking('x').owner, phone: number } }),
        `198.51.100.${i}`,
      );
      statuses.push(res.status);
    }
    // Each books apart, answered as any number is (decision 072), until the limit refuses (429); the
    // number is texted only up to the unproven cap. (Its owner, proving the number, is never refused by
    // it: abuse-no-lockout.test.ts.)
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const [{ n }] = (await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE channel = 'sms' AND recipient = '+447700900999'`,
    )) as [{ n: number }];
    expect(n).toBe(UNPROVEN_TEXTS_PER_NUMBER_PER_DAY);
  });
});

describe('changes to a booking', () => {
  it(`${ABUSE_LIMITS.changesPerBooking.limit} a day for one booking, then 429`, async () => {
    const starts = await freeStarts();
    const { bookingId } = CreateBookingResponseSchema.parse(
      await (await post(booking(starts[200]!), '203.0.113.20')).json(),
    );
    const move = (start: string, i: number) =>
      bookingChangesHandler(
        new Request(`${API}/bookings/${bookingId}/move`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ start }),
        }),
        { ip: `203.0.113.${30 + i}` },
      );
    for (let i = 0; i < ABUSE_LIMITS.changesPerBooking.limit; i++)
      expect((await move(starts[201 + (i % 2)]!, i)).status).toBe(200);
    const refused = await move(starts[205]!, 99);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('codes texted to a number', () => {
  const ask = (phoneNumber: string, ip: string) =>
    phoneCodesHandler(
      new Request(`${API}/phone-codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: phoneNumber, purpose: 'booking' }),
      }),
      { ip },
    );

  it(`${ABUSE_LIMITS.codesPerPhoneHour.limit} texts an hour reach one number, whoever asks; a request past them gets the same answer and no text`, async () => {
    const answers = [];
    for (let i = 0; i < ABUSE_LIMITS.codesPerPhoneHour.limit + 2; i++)
      answers.push(await ask('07700 900888', `192.0.2.${i}`));
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(Object.keys(await res.json()).sort()).toEqual(['digits', 'expiresAt', 'requestId']);
    }
    const texts = await query(`SELECT 1 FROM outbox WHERE kind = 'phone_code' AND recipient = '+447700900888'`);
    expect(texts).toHaveLength(ABUSE_LIMITS.codesPerPhoneHour.limit);
  });

  it('refuses a landline, a foreign number and rubbish with a 400', async () => {
    for (const bad of ['020 8539 1234', '+1 202 555 0143', 'call me', '07700 900\u0000123'])
      expect((await ask(bad, '192.0.2.201')).status).toBe(400);
  });

  it(`a code allows ${PHONE_CODE_MAX_ATTEMPTS} tries, lasts its minutes, and proves only its own number`, async () => {
    const starts = await freeStarts();
    const number = '07700 900444';
    expect(
      (await post(booking(starts[300]!, { owner: { ...booking('x').owner, phone: number } }), '203.0.113.50')).status,
    ).toBe(201);
    const second = booking(starts[303]!, { owner: { ...booking('x').owner, phone: number } });

    const { requestId, code } = await textedCode(number);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) {
      codes.push(
        BookingErrorSchema.parse(
          await (await post({ ...second, phoneProof: { requestId, code: wrong } }, '203.0.113.51')).json(),
        ).code,
      );
    }
    expect(codes).toEqual([...Array(PHONE_CODE_MAX_ATTEMPTS - 1).fill('phone_code_wrong'), 'phone_code_expired']);
    // The right code after the last try no longer works.
    expect(
      BookingErrorSchema.parse(
        await (await post({ ...second, phoneProof: { requestId, code } }, '203.0.113.51')).json(),
      ).code,
    ).toBe('phone_code_expired');

    // A code for another number proves nothing about this one (a fresh number, inside its daily limit).
    const fresh = booking(starts[306]!, { owner: { ...booking('x').owner, phone: '07700 900446' } });
    const other = await textedCode('07700 900445');
    expect(
      BookingErrorSchema.parse(await (await post({ ...fresh, phoneProof: other }, '203.0.113.52')).json()).code,
    ).toBe('phone_code_wrong');

    // An expired code is refused.
    const late = await textedCode('07700 900446');
    await query(`UPDATE phone_codes SET expires_at = now() - interval '1 second' WHERE id = $1`, [late.requestId]);
    expect(
      BookingErrorSchema.parse(await (await post({ ...fresh, phoneProof: late }, '203.0.113.53')).json()).code,
    ).toBe('phone_code_expired');

    // Only a hash of the code is kept.
    const [stored] = await query<{ code_hash: string }>('SELECT code_hash FROM phone_codes WHERE id = $1', [
      late.requestId,
    ]);
    expect(stored!.code_hash).not.toContain(late.code);
  });
});

describe('the counts behind the limits', () => {
  it('sweeping stale windows never deletes a longer window that is still running', async () => {
    const now = new Date('2026-11-24T15:30:00Z');
    await hitRateLimit('sweep-test:day', 5, 24 * 3600, now);
    await hitRateLimit('sweep-test:minute', 5, 60, new Date(now.getTime() - 10 * 60_000));
    // A sweep two minutes later, as any /magic call may start one.
    await sweepStaleWindows(new Date(now.getTime() + 2 * 60_000));
    const left = await query<{ bucket: string }>(`SELECT bucket FROM rate_limits WHERE bucket LIKE 'sweep-test:%'`);
    expect(left.map((r) => r.bucket)).toEqual(['sweep-test:day']);
    expect((await hitRateLimit('sweep-test:day', 5, 24 * 3600, new Date(now.getTime() + 3 * 60_000))).hits).toBe(2);
  });
});
