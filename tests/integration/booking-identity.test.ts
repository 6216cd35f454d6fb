import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingHandler from '../../netlify/functions/booking.ts';
import bookingChangesHandler from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import savedDogsHandler from '../../netlify/functions/saved-dogs.ts';
import {
  AvailabilityResponseSchema,
  BookingErrorSchema,
  CreateBookingResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { query } from '../../src/server/db.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

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
  return days.filter((d) => d.open && d.slots.length >= 10)[n]!.slots;
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

describe("a stranger who books with a customer's phone number and dog's name", () => {
  it('is refused while the customer has a booking ahead, and nothing is written', async () => {
    const day = await slots(0);
    const victim = await post(victimBooking(day[0]!.start));
    expect(victim.status).toBe(201);
    const [{ before }] = (await query<{ before: number }>(
      'SELECT (SELECT count(*) FROM bookings) + (SELECT count(*) FROM customers) + (SELECT count(*) FROM dogs) + (SELECT count(*) FROM outbox) AS before',
    )) as [{ before: number }];
    const res = await post(strangerBooking(day[10]!.start));
    expect(res.status).toBe(403);
    const body = BookingErrorSchema.parse(await res.json());
    expect(body.code).toBe('phone_verification_required');
    expect(mentionsVictim(JSON.stringify(body))).toEqual([]);
    const [{ after }] = (await query<{ after: number }>(
      'SELECT (SELECT count(*) FROM bookings) + (SELECT count(*) FROM customers) + (SELECT count(*) FROM dogs) + (SELECT count(*) FROM outbox) AS after',
    )) as [{ after: number }];
    expect(after).toBe(before);
  });

  it("once the customer has no booking ahead, gets a booking of their own that carries nothing of the customer's", async () => {
    // The customer's booking is in the past now.
    await query(
      `UPDATE bookings SET start_at = now() - interval '3 days', end_at = now() - interval '3 days' + interval '2 hours' WHERE contact_phone = '+447700900777'`,
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
    expect(records).toEqual({ customers: 2, dogs: 2, verified: 0 });

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
