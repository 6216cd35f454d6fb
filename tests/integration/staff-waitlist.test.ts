import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as managementWaitlist from '../../netlify/functions/management-waitlist.ts';
import * as waitlistOffers from '../../netlify/functions/waitlist-offers.ts';
import type { BookingSettings } from '../../src/domain/booking-settings.ts';
import {
  StaffOfferResponseSchema,
  StaffWaitlistDaySchema,
  WaitlistCountsResponseSchema,
} from '../../src/domain/staff-waitlist.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { routed } from '../helpers/netlify-context.ts';
import { customerWithDeviceKey } from '../helpers/staff.ts';
import { staffKey } from '../helpers/staff-schedule.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { waitingRequest, bookFullGroom, openDaysAway } from '../helpers/waitlist.ts';

/**
 * The waitlist on the staff schedule (docs/decisions/086) through its function: a day's requests and
 * the counts, a time offered by hand (checked by the availability engine, written and texted as the
 * offer job's are, booked by the owner through the public accept), the refusals in staff words, the
 * staff door, and the audit rows.
 */
process.env.URL = 'https://shop.example';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

let sms: SmsProvider;
useSmsProvider((started) => (sms = started));
useTestDatabase();

const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const handler = routed(managementWaitlist);
const answers = routed(waitlistOffers);

const settings = async (changes: Partial<BookingSettings>) => {
  await transaction((tx) => updateBookingSettings(tx, changes));
  // Changing the rules raises "a time has freed" (decision 083); these tests offer by hand alone.
  await query(`UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL AND cause = 'settings'`);
};

let staff: { id: string; key: string };
beforeAll(async () => {
  await settings({ deposit: { kind: 'none' } });
  staff = await staffKey('Jo Groomer');
});
beforeEach(async () => {
  await query(`UPDATE waitlist_requests SET status = 'withdrawn' WHERE status = 'waiting'`);
  await query(`UPDATE waitlist_offers SET status = 'declined', passed_on_at = now() WHERE status = 'open'`);
});

async function call(method: string, path: string, options: { key?: string | null; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.key !== null) headers['x-access-key'] = options.key ?? staff.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await handler(
    new Request(`${API}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

/** A fresh open day, at least two days away, with its first start (a morning). */
const nextDay = openDaysAway();

let phoneNo = 100;
const nextPhone = () => `+447700902${String(phoneNo++).padStart(3, '0')}`;

/** Requests asked in this order (a minute apart), each with its own number. */
async function asked(date: string, specs: Array<Partial<Parameters<typeof waitingRequest>[0]>>) {
  const base = Date.now() - 24 * 3_600_000;
  const made: Array<{ id: string; phone: string }> = [];
  for (const [i, spec] of specs.entries()) {
    const phone = nextPhone();
    made.push({ id: await waitingRequest({ createdAt: new Date(base + i * 60_000), date, phone, ...spec }), phone });
  }
  return made;
}

let bookingPhone = 700;
async function book(start: string) {
  await bookFullGroom(start, `07700 900${bookingPhone++}`);
}

const dayOf = async (date: string) => {
  const answer = await call('GET', `/management/waitlist/day?date=${date}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return StaffWaitlistDaySchema.parse(answer.body);
};
const offer = (id: string, start: string) => call('POST', `/management/waitlist/${id}/offers`, { body: { start } });
const auditOf = (id: string) =>
  query<{ action: string; staff_id: string; after: Record<string, unknown> }>(
    `SELECT action, staff_id, after FROM audit_log WHERE entity = 'waitlist_request' AND entity_id = $1 ORDER BY id`,
    [id],
  );

describe("the day's waitlist", () => {
  it('lists the requests that wait on the day, first asked first, with what staff need to call them', async () => {
    const day = await nextDay();
    const weekday = ((new Date(`${day.date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const [first, mornings, otherWeekday, otherDates, byPhone] = await asked(day.date, [
      { toDate: day.date, email: 'robin@example.com' },
      { parts: ['morning'] },
      { weekdays: [weekday === 1 ? 2 : 1] },
      { date: '2099-01-01', toDate: '2099-01-02' },
      {},
    ]);
    await query('UPDATE waitlist_requests SET created_by = $2 WHERE id = $1', [byPhone!.id, staff.id]);

    const { requests, timeZone } = await dayOf(day.date);
    expect(timeZone).toBe('Europe/London');
    expect(requests.map((r) => r.id)).toEqual([first!.id, mornings!.id, byPhone!.id]);
    const [one, two, three] = requests;
    expect(one).toMatchObject({
      contactName: 'Robin Waiting',
      phone: first!.phone,
      email: 'robin@example.com',
      dog: { name: 'Pickle', breed: 'Border Terrier', weightKg: 9 },
      service: { id: 'full' },
      extras: [],
      told: `by text to the number ending ${first!.phone.slice(-3)} and by e-mail`,
      addedByStaff: false,
      openOffer: null,
    });
    expect(one!.suits).toMatch(/^any time on /);
    expect(one!.minutes).toBeGreaterThan(0);
    expect(three!.addedByStaff).toBe(true);
    // The free starts of the day for the visit, beyond the notice; a morning-only request is told which suit it.
    expect(one!.freeStarts.map((s) => s.start)).toContain(day.start);
    expect(one!.freeStarts.every((s) => s.suits)).toBe(true);
    expect(two!.suits).toMatch(/morning/);
    expect(two!.freeStarts.filter((s) => !s.suits).every((s) => s.time >= '12:00')).toBe(true);
    expect(two!.freeStarts.some((s) => !s.suits)).toBe(true);
    expect(otherWeekday && otherDates).toBeDefined();

    const counts = await call('GET', `/management/waitlist/counts?from=${day.date}&days=7`);
    expect(counts.status).toBe(200);
    expect(WaitlistCountsResponseSchema.parse(counts.body).counts[day.date]).toBe(3);
  });

  it('is shut to strangers, customers and other sites', async () => {
    const day = await nextDay();
    const [request] = await asked(day.date, [{}]);
    const customer = await customerWithDeviceKey('07700 900699');
    for (const key of [null, 'A'.repeat(43), customer.key]) {
      expect((await call('GET', `/management/waitlist/day?date=${day.date}`, { key })).status).toBe(401);
      expect((await call('GET', `/management/waitlist/counts?from=${day.date}`, { key })).status).toBe(401);
      const tried = await call('POST', `/management/waitlist/${request!.id}/offers`, {
        key,
        body: { start: day.start },
      });
      expect(tried.status).toBe(401);
    }
    const crossSite = await handler(
      new Request(`${API}/management/waitlist/${request!.id}/offers`, {
        method: 'POST',
        headers: { ...JSON_TYPE, 'x-access-key': staff.key, 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify({ start: day.start }),
      }),
    );
    expect(crossSite.status).toBe(403);
    expect(await query('SELECT id FROM waitlist_offers WHERE request_id = $1', [request!.id])).toEqual([]);
  });
});

describe('a time offered by hand', () => {
  it('writes the offer and its text at once, audited, and the owner books it through the public accept', async () => {
    const day = await nextDay();
    const [request] = await asked(day.date, [{}]);
    const { requests } = await dayOf(day.date);
    const start = requests[0]!.freeStarts[2]!.start;

    const made = await offer(request!.id, start);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { offer: offered, messages } = StaffOfferResponseSchema.parse(made.body);
    expect([offered.start, offered.offeredBy, messages]).toEqual([start, 'Jo Groomer', 1]);

    const [row] = await query<{ offered_by: string; status: string }>(
      'SELECT offered_by, status FROM waitlist_offers WHERE id = $1',
      [offered.id],
    );
    expect(row).toEqual({ offered_by: staff.id, status: 'open' });
    // Sent at once, not at the outbox's next run.
    expect(JSON.stringify(sms.requests)).toContain(request!.phone);
    const [text] = await query<{ kind: string; body_text: string; sent_at: Date | null }>(
      'SELECT kind, body_text, sent_at FROM outbox WHERE recipient = $1',
      [request!.phone],
    );
    expect(text!.kind).toBe('waitlist_offer');
    expect(text!.sent_at).not.toBeNull();
    expect(text!.body_text).toContain(`https://shop.example/w/${request!.id}?offer=${offered.id}`);
    expect(await auditOf(request!.id)).toEqual([
      {
        action: 'waitlist.offer',
        staff_id: staff.id,
        after: { offerId: offered.id, start, expiresAt: offered.expiresAt },
      },
    ]);

    // The day's list shows the open offer, and no times to offer until it is answered.
    const after = (await dayOf(day.date)).requests[0]!;
    expect(after.openOffer).toEqual(offered);
    expect(after.freeStarts).toEqual([]);

    const accepted = await answers(
      new Request(`${API}/waitlist/${request!.id}/offers/${offered.id}/accept`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ idempotencyKey: randomUUID() }),
      }),
    );
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    const [booked] = await query<{ status: string; start_at: Date }>(
      `SELECT b.status, b.start_at FROM waitlist_requests r JOIN bookings b ON b.id = r.booking_id WHERE r.id = $1`,
      [request!.id],
    );
    expect([booked!.status, booked!.start_at.toISOString()]).toEqual(['confirmed', start]);
  });

  it('is refused in staff words: a taken time, a time too soon, an open offer, a request no longer waiting', async () => {
    const day = await nextDay();
    const [request, withdrawn] = await asked(day.date, [{}, {}]);
    await book(day.start);
    await book(day.start);
    const taken = await offer(request!.id, day.start);
    expect([taken.status, taken.body.code, taken.body.error]).toEqual([
      409,
      'slot_taken',
      'That time is no longer free.',
    ]);

    const soon = new Date(Math.ceil((Date.now() + 10 * 60_000) / 900_000) * 900_000).toISOString();
    const tooSoon = await offer(request!.id, soon);
    expect([tooSoon.status, tooSoon.body.code]).toEqual([422, 'too_soon']);

    const free = (await dayOf(day.date)).requests[0]!.freeStarts[0]!.start;
    expect((await offer(request!.id, free)).status).toBe(201);
    const again = await offer(request!.id, free);
    expect([again.status, again.body.code]).toEqual([409, 'open_offer']);
    expect(again.body.error).toMatch(/^This request already has an open offer until \d\d:\d\d\.$/);

    const stopped = await call('POST', `/management/waitlist/${withdrawn!.id}/withdraw`, { body: {} });
    expect([stopped.status, stopped.body.status]).toEqual([200, 'withdrawn']);
    const closed = await offer(withdrawn!.id, free);
    expect([closed.status, closed.body.code]).toEqual([409, 'not_waiting']);
    expect((await offer('A'.repeat(24), free)).status).toBe(404);

    expect((await auditOf(withdrawn!.id)).map((a) => [a.action, a.after])).toEqual([
      ['waitlist.withdraw', { status: 'withdrawn' }],
    ]);
    // One offer written, the refused ones nothing.
    expect(
      await query<{ n: number }>('SELECT count(*)::int AS n FROM waitlist_offers WHERE request_id = ANY ($1::text[])', [
        [request!.id, withdrawn!.id],
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it('withdrawing for a caller declines their open offer, so the job passes the time on', async () => {
    const day = await nextDay();
    const [request] = await asked(day.date, [{}]);
    const free = (await dayOf(day.date)).requests[0]!.freeStarts[0]!.start;
    expect((await offer(request!.id, free)).status).toBe(201);
    expect((await call('POST', `/management/waitlist/${request!.id}/withdraw`, { body: {} })).status).toBe(200);
    const [row] = await query<{ status: string }>('SELECT status FROM waitlist_offers WHERE request_id = $1', [
      request!.id,
    ]);
    expect(row!.status).toBe('declined');
  });

  it('answers bad input with a 4xx and writes nothing', async () => {
    const day = await nextDay();
    const [request] = await asked(day.date, [{}]);
    const path = `/management/waitlist/${request!.id}/offers`;
    for (const body of [{}, { start: 'tomorrow' }, { start: day.start, extra: 1 }, { start: 42 }, []])
      expect((await call('POST', path, { body })).status, JSON.stringify(body)).toBe(400);
    expect((await call('POST', `/management/waitlist/${request!.id}/withdraw`, { body: { why: 'x' } })).status).toBe(
      400,
    );
    for (const q of ['date=tomorrow', '', 'date=2026-02-30&x=1'])
      expect((await call('GET', `/management/waitlist/day?${q}`)).status, q).toBe(400);
    for (const q of [`from=${day.date}&days=15`, `from=${day.date}&days=0`, 'days=7'])
      expect((await call('GET', `/management/waitlist/counts?${q}`)).status, q).toBe(400);
    expect((await call('GET', path)).status).toBe(405);
    expect((await call('POST', `/management/waitlist/bad%20id/offers`, { body: { start: day.start } })).status).toBe(
      404,
    );
    expect(await query('SELECT id FROM waitlist_offers WHERE request_id = $1', [request!.id])).toEqual([]);
    expect(await auditOf(request!.id)).toEqual([]);
  });
});
