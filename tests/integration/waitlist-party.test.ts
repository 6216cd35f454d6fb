import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import * as managementWaitlist from '../../netlify/functions/management-waitlist.ts';
import settlePayments from '../../netlify/functions/settle-payments.ts';
import joinHandler from '../../netlify/functions/waitlist.ts';
import * as waitlistOffers from '../../netlify/functions/waitlist-offers.ts';
import * as waitlistRequest from '../../netlify/functions/waitlist-request.ts';
import { CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import type { BookingSettings } from '../../src/domain/booking-settings.ts';
import { StaffWaitlistDaySchema } from '../../src/domain/staff-waitlist.ts';
import { JoinWaitlistResponseSchema, WaitlistViewSchema } from '../../src/domain/waitlist.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { routed } from '../helpers/netlify-context.ts';
import { staffKey } from '../helpers/staff-schedule.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { bookFullGroom, openDaysAway } from '../helpers/waitlist.ts';

/**
 * The waitlist for a booking of several dogs (docs/decisions/084 "Several dogs", 082) through the
 * real functions: a household joins with `dogs`, is offered only a freed time where every dog fits
 * as the party's availability places them, and "Book this time" books the whole party (one row a
 * dog, one party, the capacity trigger all or none).
 */
process.env.URL = 'https://shop.example';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
process.env.STRIPE_SECRET_KEY = 'sk_test_waitlist_party';
process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test_waitlist_party';
useFakeStripe(() => undefined);
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const changes = routed(bookingChanges);
const answers = routed(waitlistOffers);
const requests = routed(waitlistRequest);

/** The tests' own changes of the rules are marked handled: each test sees only the time it frees. */
const settings = async (change: Partial<BookingSettings>) => {
  await transaction((tx) => updateBookingSettings(tx, change));
  await query(`UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL AND cause = 'settings'`);
};

beforeAll(async () => {
  // Side by side only: a party of two needs both tables at its start, so one freed table is not enough.
  await settings({
    deposit: { kind: 'none' },
    partyPlacement: 'side_by_side',
    waitlist: { offersAtOnce: 3, offerMinutes: 60, wakingHours: { from: '00:00', to: '23:59' } },
  });
});
beforeEach(async () => {
  await settings({ deposit: { kind: 'none' } });
  await query(`UPDATE waitlist_requests SET status = 'withdrawn' WHERE status = 'waiting'`);
  await query(`UPDATE waitlist_offers SET status = 'declined', passed_on_at = now() WHERE status = 'open'`);
});

/** A fresh open day, at least two days away, with its first start (a morning). */
const nextDay = openDaysAway();

let phoneNo = 300;
const nextPhone = () => `07700 900${phoneNo++}`;
const e164 = (phone: string) => `+44${phone.replace(/\s/g, '').slice(1)}`;
const bella = { name: 'Bella', breedId: 'beagle', weightKg: 12, coat: 'short' as const };
const otis = { name: 'Otis', breedId: 'border-terrier', weightKg: 9, coat: 'wire' as const };

async function join(
  date: string,
  dogs: unknown[] = [
    { serviceId: 'full', dog: bella },
    { serviceId: 'nails', dog: otis },
  ],
) {
  const phone = nextPhone();
  const res = await joinHandler(
    new Request(`${API}/waitlist`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({
        dogs,
        from: date,
        to: date,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        parts: ['morning', 'afternoon'],
        owner: { name: 'Robin Hart', phone, email: '' },
        notify: { text: true, email: false },
        phoneProof: await textedCode(phone),
        idempotencyKey: randomUUID(),
      }),
    }),
    { ip: '198.51.100.60' },
  );
  return { res, phone: e164(phone) };
}

async function joined(date: string, dogs?: unknown[]) {
  const { res } = await join(date, dogs);
  expect(res.status, await res.clone().text()).toBe(201);
  return JoinWaitlistResponseSchema.parse(await res.json());
}

async function book(start: string) {
  return (await bookFullGroom(start, nextPhone())).bookingId;
}

async function cancel(id: string) {
  const res = await changes(
    new Request(`${API}/bookings/${id}/cancel`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ reason: 'Poorly' }),
    }),
  );
  expect(res.status).toBe(200);
}

const offersOf = (requestId: string) =>
  query<{ id: string; status: string; start_at: Date; placement: string | null }>(
    'SELECT id, status, start_at, placement FROM waitlist_offers WHERE request_id = $1 ORDER BY offered_at',
    [requestId],
  );

describe('a household with several dogs on the waitlist', () => {
  it('joins with `dogs`: 201, every dog on its page and in its first text', async () => {
    const day = await nextDay();
    const { res, phone } = await join(day.date);
    expect(res.status, await res.clone().text()).toBe(201);
    const answer = JoinWaitlistResponseSchema.parse(await res.json());
    expect(answer.request.dogs).toEqual([
      { name: 'Bella', breed: 'Beagle', service: 'Full Groom' },
      { name: 'Otis', breed: 'Border Terrier', service: expect.any(String) },
    ]);
    const [row] = await query<{ dog: { name: string }; dogs: unknown[]; service_id: string }>(
      'SELECT dog, dogs, service_id FROM waitlist_requests WHERE id = $1',
      [answer.requestId],
    );
    // The single columns keep the first dog; `dogs` the whole party.
    expect([row!.dog.name, row!.service_id, row!.dogs.length]).toEqual(['Bella', 'full', 2]);
    const page = WaitlistViewSchema.parse(
      await (await requests(new Request(`${API}/waitlist/${answer.requestId}`))).json(),
    );
    expect(page.dogs?.map((d) => d.name)).toEqual(['Bella', 'Otis']);
    const [text] = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE kind = 'waitlist_joined' AND recipient = $1`,
      [phone],
    );
    expect(text!.body_text).toContain("Bella's Full Groom and Otis's");
  });

  it('seven dogs, or more than the shop books at once, are refused and write nothing', async () => {
    const day = await nextDay();
    const before = await query<{ n: number }>('SELECT count(*)::int AS n FROM waitlist_requests');
    const four = Array.from({ length: 4 }, (_, i) => ({ serviceId: 'full', dog: { ...bella, name: `Dog ${i}` } }));
    const { res } = await join(day.date, four);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/up to 3 dogs/);
    expect(await query('SELECT count(*)::int AS n FROM waitlist_requests')).toEqual(before);
  });

  it('is not offered a freed time where only one of its dogs fits; one dog waiting behind it is', async () => {
    const day = await nextDay();
    const [, freed] = [await book(day.start), await book(day.start)];
    const party = await joined(day.date);
    const one = await joined(day.date, [{ serviceId: 'full', dog: bella }]);
    expect(one.request.dogs).toBeUndefined();
    await cancel(freed!);
    expect(await offersOf(party.requestId)).toEqual([]);
    expect((await offersOf(one.requestId)).map((o) => [o.status, o.start_at.toISOString(), o.placement])).toEqual([
      ['open', day.start, null],
    ]);
  });

  it('is offered a freed time where both dogs fit side by side, and "Book this time" books both in one party', async () => {
    const day = await nextDay();
    const taken = [await book(day.start), await book(day.start)];
    const party = await joined(day.date);
    for (const id of taken) await cancel(id);
    const [offer] = await offersOf(party.requestId);
    expect([offer?.status, offer?.start_at.toISOString(), offer?.placement]).toEqual([
      'open',
      day.start,
      'side_by_side',
    ]);
    const [text] = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE kind = 'waitlist_offer' AND body_text LIKE $1`,
      [`%offer=${offer!.id}%`],
    );
    expect(text!.body_text).toContain("a time has freed for Bella's Full Groom and Otis's");
    const page = WaitlistViewSchema.parse(
      await (await requests(new Request(`${API}/waitlist/${party.requestId}`))).json(),
    );
    expect(page.offer?.dogName).toBe('Bella and Otis');

    const res = await answers(
      new Request(`${API}/waitlist/${party.requestId}/offers/${offer!.id}/accept`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ idempotencyKey: randomUUID() }),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const made = CreateBookingResponseSchema.parse(await res.json());
    const rows = await query<{
      dog: string;
      start_at: Date;
      status: string;
      waitlist_offer_id: string;
      source: string;
    }>(
      `SELECT d.name AS dog, b.start_at, b.status, b.waitlist_offer_id, b.source
         FROM bookings b JOIN dogs d ON d.id = b.dog_id WHERE b.party_id = $1 ORDER BY b.id = $1 DESC`,
      [made.bookingId],
    );
    expect(rows.map((r) => [r.dog, r.start_at.toISOString(), r.status, r.waitlist_offer_id])).toEqual([
      ['Bella', day.start, 'confirmed', offer!.id],
      ['Otis', day.start, 'confirmed', offer!.id],
    ]);
    const [after] = await query<{ status: string; booking_id: string }>(
      'SELECT status, booking_id FROM waitlist_requests WHERE id = $1',
      [party.requestId],
    );
    expect(after).toEqual({ status: 'booked', booking_id: made.bookingId });
  });

  it('accepting when the time no longer fits every dog is the same "gone" answer as for one dog', async () => {
    const day = await nextDay();
    const taken = [await book(day.start), await book(day.start)];
    const party = await joined(day.date);
    for (const id of taken) await cancel(id);
    const [offer] = await offersOf(party.requestId);
    expect(offer?.status).toBe('open');
    // Someone books one of the two tables before the household taps.
    await book(day.start);
    const res = await answers(
      new Request(`${API}/waitlist/${party.requestId}/offers/${offer!.id}/accept`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ idempotencyKey: randomUUID() }),
      }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('offer_gone');
    expect((await offersOf(party.requestId)).map((o) => o.status)).toEqual(['gone']);
    const [still] = await query<{ status: string }>('SELECT status FROM waitlist_requests WHERE id = $1', [
      party.requestId,
    ]);
    expect(still!.status).toBe('waiting');
  });

  it("on staff's day list only where every dog fits, and offered by hand only there", async () => {
    const staff = await staffKey('Jo Groomer');
    const management = routed(managementWaitlist);
    const staffCall = async (method: string, path: string, body?: unknown) => {
      const res = await management(
        new Request(`${API}${path}`, {
          method,
          headers: { 'x-access-key': staff.key, ...(body ? JSON_TYPE : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const day = await nextDay();
    // One table of the day's first start is taken: one dog fits there, the household does not.
    await book(day.start);
    const party = await joined(day.date);
    const list = await staffCall('GET', `/management/waitlist/day?date=${day.date}`);
    expect(list.status).toBe(200);
    const entry = StaffWaitlistDaySchema.parse(list.body).requests.find((r) => r.id === party.requestId)!;
    expect(entry.dog.name).toBe('Bella and Otis');
    expect(entry.freeStarts.map((s) => s.start)).not.toContain(day.start);
    expect(entry.freeStarts.length).toBeGreaterThan(0);

    const refused = await staffCall('POST', `/management/waitlist/${party.requestId}/offers`, { start: day.start });
    expect([refused.status, refused.body.code]).toEqual([409, 'slot_taken']);
    const later = entry.freeStarts[0]!.start;
    const made = await staffCall('POST', `/management/waitlist/${party.requestId}/offers`, { start: later });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await offersOf(party.requestId)).map((o) => [o.start_at.toISOString(), o.placement])).toEqual([
      [later, 'side_by_side'],
    ]);
  });

  it('with a deposit: one deposit on the first dog, one Checkout hold; a hold lapsing unpaid puts the request back', async () => {
    await settings({ deposit: { kind: 'fixed', pence: 1000 } });
    const day = await nextDay();
    const taken = [await book(day.start), await book(day.start)];
    // Paid holds first: the bookings of the full start stand until they are cancelled.
    await query(`UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL WHERE start_at = $1`, [day.start]);
    const party = await joined(day.date);
    for (const id of taken) await cancel(id);
    const [offer] = await offersOf(party.requestId);
    const res = await answers(
      new Request(`${API}/waitlist/${party.requestId}/offers/${offer!.id}/accept`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ idempotencyKey: randomUUID() }),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const made = CreateBookingResponseSchema.parse(await res.json());
    expect(made.status).toBe('pending_payment');
    expect(made.checkoutUrl).toMatch(/^https?:/);
    const rows = await query<{ status: string; deposit_pence: number }>(
      'SELECT status, deposit_pence FROM bookings WHERE party_id = $1 ORDER BY id = $1 DESC',
      [made.bookingId],
    );
    expect(rows).toEqual([
      { status: 'pending_payment', deposit_pence: 2000 },
      { status: 'pending_payment', deposit_pence: 0 },
    ]);

    await query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE party_id = $1`, [
      made.bookingId,
    ]);
    expect((await settlePayments()).status).toBe(204);
    const [back] = await query<{ status: string }>('SELECT status FROM waitlist_requests WHERE id = $1', [
      party.requestId,
    ]);
    expect(back!.status).toBe('waiting');
  });
});
