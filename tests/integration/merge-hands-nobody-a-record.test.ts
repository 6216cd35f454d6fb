import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import customerAuthHandler from '../../netlify/functions/customer-auth.ts';
import devicesAuthHandler from '../../netlify/functions/devices-auth.ts';
import * as customers from '../../netlify/functions/management-customers.ts';
import savedDogsHandler from '../../netlify/functions/saved-dogs.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import {
  CustomerRecordSchema,
  MergeCodeSentSchema,
  MergedSchema,
  type CustomerRecord,
} from '../../src/domain/customer-records.ts';
import { query } from '../../src/server/db.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { call, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';
import { fromTomorrow } from '../helpers/days.ts';

const customersHandler = routed(customers);

/**
 * Issue 18: a merge never hands one person's record to another (docs/decisions/068). A customer books
 * with a code; a stranger books with the customer's number from another device, without one, and
 * gets a device key and a record of their own (decision 050). Staff see two look-alike records and
 * merge them, either way round. Whatever they do, the stranger's key reads nothing of the customer's.
 */
useTestDatabase({ seed: true });
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

const API = 'http://localhost/v1.0.1';
const SECRETS = ['Gate code 4521', 'key under the mat', 'priya.', 'Priya Shah', 'Cavalier'];
const staff = customersHandler as Handler;
let staffKey: string;
beforeAll(async () => {
  ({ key: staffKey } = await staffMember('Merging Groomer'));
});

let day = 0;
async function freeStart(): Promise<string> {
  const { days } = AvailabilityResponseSchema.parse(
    await (await availabilityHandler(new Request(`${API}/availability?service=full`))).json(),
  );
  return fromTomorrow(days).filter((d) => d.open && d.slots.length >= 4)[day++ % 20]!.slots[0]!.start;
}

async function book(phone: string, who: 'victim' | 'stranger', phoneProof?: { requestId: string; code: string }) {
  const victim = who === 'victim';
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: 'full',
        start: await freeStart(),
        dog: victim
          ? {
              name: 'Biscuit',
              breedId: 'cavalier-king-charles-spaniel',
              weightKg: 9.2,
              coat: 'long',
              notes: 'Gate code 4521, key under the mat',
            }
          : { name: 'Rex', breedId: 'beagle', weightKg: 14, coat: 'short' },
        owner: {
          name: victim ? 'Priya Shah' : 'Mallory Hill',
          phone,
          email: victim ? `priya.${phone.slice(-3)}@example.com` : `mallory.${phone.slice(-3)}@example.com`,
          marketingConsent: false,
          acceptTerms: true,
        },
        idempotencyKey: randomUUID(),
        ...(phoneProof ? { phoneProof } : {}),
      }),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const answer = CreateBookingResponseSchema.parse(await res.json());
  const [row] = await query<{ customer_id: string }>('SELECT customer_id FROM bookings WHERE id = $1', [
    answer.bookingId,
  ]);
  return { key: answer.accessKey!, customerId: row!.customer_id, bookingId: answer.bookingId };
}

/** The customer with a proved number and private notes, and a stranger who booked with that number. */
async function victimAndStranger(phone: string) {
  const victim = await book(phone, 'victim', await textedCode(phone));
  // Their visit has been: with no booking of theirs ahead, the number books without a code.
  await query(
    `UPDATE bookings SET start_at = date_trunc('hour', now()) - make_interval(days => $2), end_at = date_trunc('hour', now()) - make_interval(days => $2) + interval '2 hours'
      WHERE id = $1`,
    [victim.bookingId, 3 + day],
  );
  const stranger = await book(phone, 'stranger');
  expect(stranger.customerId).not.toBe(victim.customerId);
  return { victim, stranger };
}

/** Everything a device key opens, as one text. */
async function whatTheKeyReads(key: string): Promise<{ text: string; statuses: number[] }> {
  const asked = [
    await savedDogsHandler(new Request(`${API}/customer/dogs`, { headers: { 'x-access-key': key } })),
    await customerAuthHandler(new Request(`${API}/customer/auth`, { headers: { 'x-access-key': key } })),
    await devicesAuthHandler(new Request(`${API}/devices/auth`, { headers: { 'x-access-key': key } })),
  ];
  return {
    text: (await Promise.all(asked.map((r) => r.text()))).join('\n'),
    statuses: asked.map((r) => r.status),
  };
}
const secretsIn = (text: string) => SECRETS.filter((s) => text.includes(s));

const record = async (id: string): Promise<CustomerRecord> => {
  const res = await call(staff, 'GET', `/v1.0.1/management/customers/${id}`, { key: staffKey });
  expect(res.status).toBe(200);
  return CustomerRecordSchema.parse(res.body);
};
const merge = (into: string, body: object) =>
  call(staff, 'POST', `/v1.0.1/management/customers/${into}/merge`, { key: staffKey, body });

/** The code the shop texted for a merge, read where the customer reads it. */
async function mergeCode(phone: string): Promise<string> {
  const [text] = await query<{ body_text: string }>(
    `SELECT body_text FROM outbox WHERE kind = 'phone_code' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
    [phone],
  );
  expect(text?.body_text).toContain('read it to the groomer');
  return /^(\d{6}) /.exec(text!.body_text)![1]!;
}

describe("staff merge the customer's record and the stranger's look-alike", () => {
  it.each([
    ['the stranger into the customer', '+447700900881', (v: string, s: string) => [v, s] as const],
    ['the customer into the stranger', '+447700900882', (v: string, s: string) => [s, v] as const],
  ])('merging %s without a fresh code is refused and the stranger reads nothing', async (_way, phone, order) => {
    const { victim, stranger } = await victimAndStranger(phone);
    const here = await record(victim.customerId);
    expect(here.verified).toBe(true);
    expect(here.sameContact).toEqual([expect.objectContaining({ _id: stranger.customerId, verified: false })]);

    const [into, from] = order(victim.customerId, stranger.customerId);
    const res = await merge(into, { from });
    // The attack's end: whatever staff did, the stranger's device finds nothing of the customer's.
    expect(secretsIn((await whatTheKeyReads(stranger.key)).text)).toEqual([]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'needs_proof', phone });
    expect(res.body.error).toMatch(/proved its number/);
    // Nothing moved: two records still, each with its own booking, and the customer's device still works.
    const [{ n }] = (await query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE phone = $1', [
      phone,
    ])) as [{ n: number }];
    expect(n).toBe(2);
    expect(secretsIn((await whatTheKeyReads(victim.key)).text)).toContain('Gate code 4521');
  });

  it.each([
    ['the stranger into the customer', '+447700900883', (v: string, s: string) => [v, s] as const],
    ['the customer into the stranger', '+447700900884', (v: string, s: string) => [s, v] as const],
  ])(
    'merging %s with a code the customer reads out signs the stranger out and keeps the proof',
    async (way, phone, order) => {
      const { victim, stranger } = await victimAndStranger(phone);
      const [into, from] = order(victim.customerId, stranger.customerId);
      const sent = await call(staff, 'POST', `/v1.0.1/management/customers/${into}/merge/code`, {
        key: staffKey,
        body: { from },
      });
      expect(sent.status, sent.text).toBe(202);
      expect(MergeCodeSentSchema.parse(sent.body).phone).toBe(phone);
      const requestId = (sent.body as { requestId: string }).requestId;
      const code = await mergeCode(phone);

      const wrong = await merge(into, {
        from,
        phoneProof: { requestId, code: code === '000000' ? '111111' : '000000' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'phone_code_wrong' });

      const res = await merge(into, { from, phoneProof: { requestId, code } });
      expect(res.status, res.text).toBe(200);
      const merged = MergedSchema.parse(res.body);
      expect(merged.customer).toMatchObject({ phone, verified: true, totals: { visits: 1, upcoming: 1 } });

      const strangerReads = await whatTheKeyReads(stranger.key);
      expect(secretsIn(strangerReads.text)).toEqual([]);
      expect(strangerReads.statuses).toEqual([401, 401, 401]);
      // Kept into the customer's proved record, the customer's device still opens it; kept into the
      // stranger's unproved one, no device does until the number is proved again by a code.
      const victimReads = await whatTheKeyReads(victim.key);
      if (way === 'the stranger into the customer') {
        expect(victimReads.statuses).toEqual([200, 200, 200]);
        expect(merged.devicesSignedOut).toBe(1);
      } else {
        expect(victimReads.statuses).toEqual([401, 401, 401]);
        expect(merged.devicesSignedOut).toBe(2);
      }
      // The other record is gone: nothing is left to merge again.
      expect((await merge(into, { from, phoneProof: { requestId, code } })).status).toBe(404);
    },
  );
});
