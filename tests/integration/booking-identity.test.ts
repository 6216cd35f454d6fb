import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as booking from '../../netlify/functions/booking.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import savedDogsHandler from '../../netlify/functions/saved-dogs.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  CreateBookingResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { UNPROVEN_TEXTS_PER_NUMBER_PER_DAY } from '../../src/domain/abuse-limits.ts';
import { query } from '../../src/server/db.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';
import { fromTomorrow } from '../helpers/days.ts';

const bookingHandler = routed(booking);
const bookingChangesHandler = routed(bookingChanges);

/**
 * Phone numbers are not identity (docs/decisions/050). A stranger who knows a customer's number and
 * their dog's name books with them, and must find nothing of the customer's: not their dog's notes,
 * breed or weight, not their e-mail, not their key, not in any answer and not in any message. Only a
 * code texted to the number joins a booking to the number's earlier records.
 */
useTestDatabase({ seed: true });
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

const API = 'http://localhost/v1.0.1';
const VICTIM_PHONE = '07700 900777';
const SECRETS = ['Bites vets', '4521', 'priya@example.com', 'Priya Shah', 'Cavalier'];

async function slots(n: number) {
  const { days } = AvailabilityResponseSchema.parse(
    await (await availabilityHandler(new Request(`${API}/availability?service=full`))).json(),
  );
  return fromTomorrow(days).filter((d) => d.open && d.slots.length >= 10)[n]!.slots;
}
const post = (body: CreateBookingRequestInput & { phoneProof?: unknown }, headers: Record<string, string> = {}) =>
  bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );

function victimBooking(start: string): CreateBookingRequestInput {
  return {
    serviceId: 'full',
    start,
    dog: {
      name: 'Biscuit',
      breedId: 'cavalier-king-charles-spaniel',
      weightKg: 9.2,
      coat: 'long',
      notes: 'Bites vets. Gate code 4521',
      nervous: true,
    },
    owner: {
      name: 'Priya Shah',
      phone: VICTIM_PHONE,
      email: 'priya@example.com',
      marketingConsent: true,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
  };
}
function strangerBooking(start: string): CreateBookingRequestInput {
  return {
    serviceId: 'full',
    start,
    dog: { name: 'Biscuit', breedId: 'beagle', weightKg: 14, coat: 'short' },
    owner: {
      name: 'Mallory Hill',
      phone: VICTIM_PHONE,
      email: 'mallory@example.com',
      marketingConsent: false,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
  };
}
const mentionsVictim = (text: string) => SECRETS.filter((s) => text.includes(s));
/** The headers a script could read a difference from (dates and lengths aside). */
const headersThatMatter = (res: Response) =>
  [...res.headers].filter(([name]) => !['date', 'content-length'].includes(name)).sort();
/** The keys and kinds of a JSON answer, all the way down, without its values. */
const shapeOf = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shapeOf)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]))
      : typeof value;

describe("a stranger who books with a customer's phone number and dog's name", () => {
  it('gets one answer whether or not the number has a booking ahead, and only the number is told', async () => {
    // Days ahead: tomorrow's times straddle "booked less than 24 hours ahead" as the clock moves, and
    // the two answers compared here must be under one cancellation policy.
    const day = await slots(4);
    const victim = await post(victimBooking(day[0]!.start));
    expect(victim.status).toBe(201);

    // The same stranger's booking, once with the customer's number (a booking ahead) and once with a
    // number that has none: nothing in the answer may tell the two apart.
    const withBooking = await post(strangerBooking(day[10]!.start));
    const withoutBooking = await post({
      ...strangerBooking(day[14]!.start),
      owner: { ...strangerBooking(day[14]!.start).owner, phone: '07700 900778' },
    });
    expect(withBooking.status).toBe(withoutBooking.status);
    expect(withBooking.status).toBe(201);
    expect(headersThatMatter(withBooking)).toEqual(headersThatMatter(withoutBooking));
    const [a, b] = [await withBooking.json(), await withoutBooking.json()];
    expect(shapeOf(a)).toEqual(shapeOf(b));
    const [answerA, answerB] = [CreateBookingResponseSchema.parse(a), CreateBookingResponseSchema.parse(b)];
    expect(answerA.status).toBe(answerB.status);
    // The two times differ on purpose, and the policy names when its rule ends ("until Thursday … at
    // 10:30"), which follows the time: everything else must be the same.
    const untilTime = (message: string | undefined) => message?.replace(/until [^.;]+/, 'until …');
    expect({
      ...answerA.booking,
      id: '',
      start: '',
      end: '',
      policyMessage: untilTime(answerA.booking?.policyMessage),
    }).toEqual({
      ...answerB.booking,
      id: '',
      start: '',
      end: '',
      policyMessage: untilTime(answerB.booking?.policyMessage),
    });
    expect(mentionsVictim(JSON.stringify(a))).toEqual([]);

    // The number's own phone is told of the booking made with it while one was ahead, with the link
    // to cancel it; the stranger's e-mail says nothing of the customer's booking.
    const toVictim = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE booking_id = $1 AND recipient = '+447700900777'`,
      [answerA.bookingId],
    );
    expect(toVictim).toHaveLength(1);
    expect(toVictim[0]!.body_text).toMatch(/already has one with us on .*If it was not you, cancel it here: .*\/b\//);
    expect(toVictim[0]!.body_text).toContain(`/b/${answerA.bookingId}`);
    const toStranger = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE booking_id = $1 AND recipient = 'mallory@example.com'`,
      [answerA.bookingId],
    );
    expect(toStranger).toHaveLength(1);
    expect(toStranger[0]!.body_text).not.toMatch(/already has/);
    expect(mentionsVictim(toStranger[0]!.body_text)).toEqual([]);
    // The other number, with nothing ahead, gets the plain confirmation.
    const other = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE booking_id = $1 AND recipient = '+447700900778'`,
      [answerB.bookingId],
    );
    expect(other[0]!.body_text).toMatch(/is booked for/);

    // The stranger's booking is kept apart: the customer's record and dog are as they were.
    const [records] = await query<{ customers: number; verified: number }>(
      `SELECT count(*)::int AS customers, count(phone_verified_at)::int AS verified FROM customers WHERE phone = '+447700900777'`,
    );
    expect(records).toEqual({ customers: 2, verified: 0 });
  });

  it('cannot make the shop text the number without bound by booking again and again', async () => {
    // Within the eight bookings a number may have a day (decision 052), which the tests below use too.
    expect((await post(strangerBooking((await slots(3))[0]!.start))).status).toBe(201);
    const [{ n }] = (await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE channel = 'sms' AND recipient = '+447700900777'`,
    )) as [{ n: number }];
    expect(n).toBe(UNPROVEN_TEXTS_PER_NUMBER_PER_DAY);
  });

  it("once the customer has no booking ahead, gets a booking of their own that carries nothing of the customer's", async () => {
    // The number's bookings are in the past now (a year back, as far apart as they were).
    await query(
      `UPDATE bookings SET start_at = start_at - interval '400 days', end_at = end_at - interval '400 days' WHERE contact_phone = '+447700900777'`,
    );
    const day = await slots(1);
    const res = await post(strangerBooking(day[0]!.start));
    expect(res.status).toBe(201);
    const answerText = await res.clone().text();
    const answer = CreateBookingResponseSchema.parse(await res.json());
    expect(mentionsVictim(answerText)).toEqual([]);

    // Their own customer record and dog, with what they typed.
    const [records] = await query<{ customers: number; dogs: number; verified: number }>(
      `SELECT count(DISTINCT c.id)::int AS customers, count(DISTINCT d.id)::int AS dogs, count(c.phone_verified_at)::int AS verified
         FROM customers c LEFT JOIN dogs d ON d.customer_id = c.id WHERE c.phone = '+447700900777'`,
    );
    // The customer's, and one for each of the stranger's bookings.
    const [{ bookings }] = (await query<{ bookings: number }>(
      `SELECT count(*)::int AS bookings FROM bookings WHERE contact_phone = '+447700900777'`,
    )) as [{ bookings: number }];
    expect(bookings).toBe(4);
    expect(records).toEqual({ customers: bookings, dogs: bookings, verified: 0 });

    // The booking's page shows the stranger's breed, never the customer's.
    const view = await (await bookingHandler(new Request(`${API}/bookings/${answer.bookingId}`))).text();
    expect(view).toContain('Beagle');
    expect(mentionsVictim(view)).toEqual([]);

    // The stranger's device key sees only the stranger's dog.
    const saved = await (
      await savedDogsHandler(new Request(`${API}/customer/dogs`, { headers: { 'x-access-key': answer.accessKey! } }))
    ).text();
    expect(mentionsVictim(saved)).toEqual([]);
    expect(saved).toContain('beagle');

    // Every message about this booking, to the shop and to the contact typed, carries only the stranger's details.
    const messages = await query<{
      recipient: string;
      body_text: string;
      body_html: string | null;
      subject: string | null;
    }>('SELECT recipient, body_text, body_html, subject FROM outbox WHERE booking_id = $1', [answer.bookingId]);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages)
      expect(mentionsVictim(`${m.recipient} ${m.subject} ${m.body_text} ${m.body_html}`)).toEqual([]);
    expect(messages.map((m) => m.recipient)).toContain('mallory@example.com');

    // The calendar file and a cancellation say nothing of the customer either.
    const ics = await (await bookingHandler(new Request(`${API}/bookings/${answer.bookingId}/calendar.ics`))).text();
    expect(mentionsVictim(ics)).toEqual([]);
    const cancelled = await bookingChangesHandler(
      new Request(`${API}/bookings/${answer.bookingId}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(mentionsVictim(await cancelled.text())).toEqual([]);
  });

  it('texts the number only a little for bookings that never proved it', async () => {
    const texts = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE channel = 'sms' AND recipient = '+447700900777' AND created_at > now() - interval '1 day'`,
    );
    // The customer's own confirmation, and the stranger's confirmation; the stranger's cancellation was not texted.
    expect(texts[0]!.n).toBe(2);
  });
});

describe('the customer, proving the number with the code texted to it', () => {
  it('joins their own earlier records only with the code, and the device keys they get last a year', async () => {
    const day = await slots(2);
    const victimKey = await query<{ expires_at: Date }>(
      `SELECT k.expires_at FROM access_keys k JOIN customers c ON c.id = k.customer_id WHERE c.email = 'priya@example.com'`,
    );
    expect(victimKey[0]!.expires_at.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600_000);
    expect(victimKey[0]!.expires_at.getTime()).toBeLessThan(Date.now() + 370 * 24 * 3600_000);

    // A wrong code is refused and counted.
    const { requestId, code } = await textedCode(VICTIM_PHONE);
    const wrong = await post({
      ...victimBooking(day[0]!.start),
      phoneProof: { requestId, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(BookingErrorSchema.parse(await wrong.json())).toMatchObject({ code: 'phone_code_wrong', attemptsLeft: 4 });

    const proved = await post({ ...victimBooking(day[0]!.start), phoneProof: { requestId, code } });
    expect(proved.status).toBe(201);
    const answer = CreateBookingResponseSchema.parse(await proved.json());
    // The code is spent.
    const reuse = await post({ ...victimBooking(day[12]!.start), phoneProof: { requestId, code } });
    expect(BookingErrorSchema.parse(await reuse.json()).code).toBe('phone_code_expired');

    const [row] = await query<{ phone_proven: boolean; verified: boolean }>(
      'SELECT b.phone_proven, c.phone_verified_at IS NOT NULL AS verified FROM bookings b JOIN customers c ON c.id = b.customer_id WHERE b.id = $1',
      [answer.bookingId],
    );
    expect(row).toEqual({ phone_proven: true, verified: true });
    // A second code-proved booking of the number joins the same, one verified record.
    const again = await post({ ...victimBooking(day[16]!.start), phoneProof: await textedCode(VICTIM_PHONE) });
    expect(again.status).toBe(201);
    const verified = await query(
      `SELECT id FROM customers WHERE phone = '+447700900777' AND phone_verified_at IS NOT NULL`,
    );
    expect(verified).toHaveLength(1);
  });
});
