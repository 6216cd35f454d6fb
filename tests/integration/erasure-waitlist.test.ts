import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import * as customers from '../../netlify/functions/management-customers.ts';
import * as managementWaitlist from '../../netlify/functions/management-waitlist.ts';
import * as waitlistOffers from '../../netlify/functions/waitlist-offers.ts';
import * as waitlistRequest from '../../netlify/functions/waitlist-request.ts';
import joinHandler from '../../netlify/functions/waitlist.ts';
import { CustomerExportSchema, ErasedSchema, MergedSchema } from '../../src/domain/customer-records.ts';
import { StaffWaitlistDaySchema } from '../../src/domain/staff-waitlist.ts';
import { JoinWaitlistResponseSchema } from '../../src/domain/waitlist.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { runOfferJob } from '../../src/server/waitlist/offers.ts';
import { routed } from '../helpers/netlify-context.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { call, insertBooking, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { bookFullGroom, waitingRequest, openDaysAway } from '../helpers/waitlist.ts';

/**
 * Erasing a customer reaches their waitlist requests (issue 29, docs/decisions/098), through the
 * real functions: the requests of their record and those made with their number are withdrawn and
 * emptied in the erasure's transaction, an open offer of theirs is declined and its time passed on,
 * their page answers 404, the staff list no longer shows them, and a time that frees afterwards is
 * never texted to the erased number. The export of a customer carries their requests and offers; a
 * merge takes the absorbed record's requests along. Each of these failed before: the requests stayed
 * waiting, named and offered, and the next freed time was texted to the erased number at once.
 */
process.env.URL = 'https://shop.example';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

let sms: SmsProvider;
useSmsProvider((started) => (sms = started));
useTestDatabase();

const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const customersHandler = routed(customers) as Handler;
const staffWaitlist = routed(managementWaitlist) as Handler;
const requestHandler = routed(waitlistRequest);
const offersHandler = routed(waitlistOffers);
const changes = routed(bookingChanges);
const DAY = 86_400_000;

let key: string;
beforeAll(async () => {
  await transaction((tx) =>
    updateBookingSettings(tx, {
      deposit: { kind: 'none' },
      waitlist: { offersAtOnce: 1, offerMinutes: 60, wakingHours: { from: '00:00', to: '23:59' } },
    }),
  );
  // Only the times the tests free are offered.
  await query(`UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL`);
  ({ key } = await staffMember('Privacy Tester'));
});

/** A fresh open day, at least two days away, with its first start (a morning). */
const nextDay = openDaysAway();

let bookingPhone = 300;
/** Both tables of a start taken by strangers; returns the two bookings' ids. */
async function fullStart(start: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) ids.push((await bookFullGroom(start, `07700 900${bookingPhone++}`)).bookingId);
  return ids;
}

async function cancelOnItsPage(id: string) {
  const res = await changes(
    new Request(`${API}/bookings/${id}/cancel`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ reason: 'Poorly' }),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

let visitNo = 0;
/** A customer with a visit in the past (the accounts keep it), as the shop's records hold one. */
const customerWithVisit = (name: string, phone: string, email: string) =>
  insertBooking({
    customer: { name, phone, email },
    dog: { name: 'Pepper' },
    start: new Date(Date.now() - 20 * DAY - visitNo++ * 3 * 3_600_000),
  });

/** The owner joins the waitlist online, their number proved by the code texted to it. */
async function joinOnline(phone: string, date: string, name: string, email: string) {
  const res = await joinHandler(
    new Request(`${API}/waitlist`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({
        serviceId: 'full',
        dog: { name: 'Pepper', breedId: 'beagle', weightKg: 12, coat: 'short', notes: 'Hates the dryer' },
        from: date,
        to: date,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        parts: ['morning', 'afternoon'],
        owner: { name, phone, email },
        notify: { text: true, email: true },
        idempotencyKey: randomUUID(),
        phoneProof: await textedCode(phone),
      }),
    }),
    { ip: '198.51.100.77' },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return JoinWaitlistResponseSchema.parse(await res.json()).requestId;
}

const erase = async (customerId: string) => {
  const res = await call(customersHandler, 'POST', `/v1.0.1/management/customers/${customerId}/erase`, {
    key,
    body: { confirm: 'erase' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ErasedSchema.parse(res.body);
};
const exported = async (customerId: string) => {
  const res = await call(customersHandler, 'GET', `/v1.0.1/management/customers/${customerId}/export`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CustomerExportSchema.parse(res.body);
};
const staffDay = async (date: string) => {
  const res = await call(staffWaitlist, 'GET', `/v1.0.1/management/waitlist/day?date=${date}`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StaffWaitlistDaySchema.parse(res.body);
};
const requestRows = (ids: string[]) =>
  query<Record<string, unknown>>('SELECT * FROM waitlist_requests WHERE id = ANY ($1) ORDER BY id', [ids]);
const textsTo = (phone: string) => sms.requests.filter((r) => r.body.to === phone).map((r) => r.body.text);
const outboxTo = (recipients: string[]) =>
  query<{ kind: string; recipient: string }>(
    'SELECT kind, recipient FROM outbox WHERE lower(recipient) = ANY ($1) ORDER BY id',
    [recipients.map((r) => r.toLowerCase())],
  );

/** Erin, with a visit behind her, waits for a time on `date`: one request online, one staff added for her. */
async function erinWaits(date: string, phone: string, otherPhone: string) {
  const erin = await customerWithVisit('Erin Waiting', phone, 'erin@example.com');
  // One request made online with her number (no record had proved it, so it names none)…
  const online = await joinOnline(
    `0${phone.slice(3, 7)} ${phone.slice(7)}`,
    date,
    'Erin Waiting',
    'erin.waitlist@example.com',
  );
  // …and one staff added for her from the phone, on her record, from another number she gave.
  const byPhone = await waitingRequest({
    createdAt: new Date(Date.now() - DAY),
    date,
    phone: otherPhone,
    email: 'erin.other@example.com',
    dog: { name: 'Pepper', breedId: 'beagle', weightKg: 12, coat: 'short' },
  });
  await query('UPDATE waitlist_requests SET customer_id = $2, contact_name = $3 WHERE id = $1', [
    byPhone,
    erin.customerId,
    'Erin Waiting',
  ]);
  return { customerId: erin.customerId, online, byPhone };
}

describe('erasing a customer who waits for a time', () => {
  it('never texts the next freed time to the erased number; their requests are withdrawn, emptied and found by nobody', async () => {
    const { date, start } = await nextDay();
    const booked = await fullStart(start);
    const phone = '+447700900801';
    const otherPhone = '+447700900802';
    const erin = await erinWaits(date, phone, otherPhone);
    const { online, byPhone } = erin;
    expect((await staffDay(date)).requests.map((r) => r.id).sort()).toEqual([online, byPhone].sort());

    const erased = await erase(erin.customerId);
    // A table frees on the very day she asked for: it is offered to nobody, and texted to nobody.
    const textsBefore = sms.requests.length;
    await cancelOnItsPage(booked[0]!);
    await runOfferJob();
    expect(sms.requests.slice(textsBefore).filter((r) => [phone, otherPhone].includes(r.body.to))).toEqual([]);
    expect([...textsTo(phone), ...textsTo(otherPhone)].filter((t) => /a time has freed/.test(t))).toEqual([]);
    expect(await query('SELECT id FROM waitlist_offers WHERE request_id = ANY ($1)', [[online, byPhone]])).toEqual([]);
    expect(await outboxTo([phone, otherPhone, 'erin.waitlist@example.com', 'erin.other@example.com'])).toEqual([]);

    expect(erased.waitlistRequests).toBe(2);
    const rows = await requestRows([online, byPhone]);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'withdrawn',
        contact_name: 'Erased',
        phone: null,
        email: null,
        dog: {},
        dogs: null,
        extras: [],
      });
      expect(row.erased_at).not.toBeNull();
    }
    expect(JSON.stringify(rows)).not.toMatch(/Erin|Pepper|dryer|900801|900802|erin/);
    // Nobody finds them any more: not the staff list, not the request's page, not its withdraw.
    expect((await staffDay(date)).requests).toEqual([]);
    expect((await requestHandler(new Request(`${API}/waitlist/${online}`))).status).toBe(404);
    const withdrawn = await requestHandler(
      new Request(`${API}/waitlist/${online}/withdraw`, { method: 'POST', headers: JSON_TYPE, body: '{}' }),
    );
    expect(withdrawn.status).toBe(404);
  });

  it('exports their waitlist requests, of their record or their number, and the messages the waitlist sent them', async () => {
    const { date } = await nextDay();
    const phone = '+447700900803';
    const erin = await erinWaits(date, phone, '+447700900804');
    const data = await exported(erin.customerId);
    expect(data.waitlistRequests.map((r) => r.id).sort()).toEqual([erin.online, erin.byPhone].sort());
    expect(data.waitlistRequests.find((r) => r.id === erin.online)).toMatchObject({
      service: expect.any(String),
      contact_name: 'Erin Waiting',
      phone,
      email: 'erin.waitlist@example.com',
      status: 'waiting',
      dog: expect.objectContaining({ name: 'Pepper', notes: 'Hates the dryer' }),
      offers: [],
    });
    // The waitlist's own messages (to an address of the request's, not the record's) are hers too.
    expect(data.messages.map((m) => m.recipient)).toEqual(expect.arrayContaining([phone, 'erin.waitlist@example.com']));
  });

  it("declines an offer they hold, and its time passes on to the next in line; the offer's link finds nothing", async () => {
    const { date, start } = await nextDay();
    const booked = await fullStart(start);
    const phone = '+447700900811';
    const other = '+447700900812';
    const first = await waitingRequest({ createdAt: new Date(Date.now() - 2 * DAY), date, phone });
    const second = await waitingRequest({ createdAt: new Date(Date.now() - DAY), date, phone: other });
    await cancelOnItsPage(booked[0]!);
    const [offer] = await query<{ id: string; status: string }>(
      `SELECT id, status FROM waitlist_offers WHERE request_id = $1`,
      [first],
    );
    expect(offer).toMatchObject({ status: 'open' });
    expect(await query(`SELECT id FROM waitlist_offers WHERE request_id = $1`, [second])).toEqual([]);

    const holder = await customerWithVisit('Frankie Offered', phone, 'frankie@example.com');
    expect((await erase(holder.customerId)).waitlistRequests).toBe(1);
    expect(await query('SELECT status FROM waitlist_offers WHERE id = $1', [offer!.id])).toEqual([
      { status: 'declined' },
    ]);
    const accept = await offersHandler(
      new Request(`${API}/waitlist/${first}/offers/${offer!.id}/accept`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ idempotencyKey: randomUUID() }),
      }),
    );
    expect(accept.status).toBe(404);

    await runOfferJob();
    expect(await query(`SELECT status FROM waitlist_offers WHERE request_id = $1`, [second])).toEqual([
      { status: 'open' },
    ]);
    expect(textsTo(other).some((t) => /a time has freed/.test(t))).toBe(true);
    expect(await outboxTo([phone])).toEqual([]);
  });

  it('reaches the requests of someone the accounts hold nothing of, whose record goes whole', async () => {
    const { date } = await nextDay();
    const phone = '+447700900821';
    const id = await waitingRequest({ createdAt: new Date(), date, phone, email: 'gale@example.com' });
    const { customerId, bookingId } = await customerWithVisit('Gale Nobooking', phone, 'gale@example.com');
    await query('DELETE FROM bookings WHERE id = $1', [bookingId]);
    const erased = await erase(customerId);
    expect(erased).toMatchObject({ visitsKept: 0, waitlistRequests: 1 });
    expect(await requestRows([id])).toEqual([
      expect.objectContaining({ status: 'withdrawn', phone: null, email: null, contact_name: 'Erased' }),
    ]);
  });
});

describe('merging two records of one person', () => {
  it("takes the absorbed record's requests along: the merged record's export lists them and its erasure empties them", async () => {
    const { date } = await nextDay();
    const kept = await customerWithVisit('Harper Kept', '+447700900831', 'harper@example.com');
    const absorbed = await customerWithVisit('Harper Old', '+447700900832', 'harper.old@example.com');
    // Asked by staff for the absorbed record, from a number neither record holds now.
    const id = await waitingRequest({ createdAt: new Date(), date, phone: '+447700900833' });
    await query('UPDATE waitlist_requests SET customer_id = $2 WHERE id = $1', [id, absorbed.customerId]);

    const res = await call(customersHandler, 'POST', `/v1.0.1/management/customers/${kept.customerId}/merge`, {
      key,
      body: { from: absorbed.customerId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    MergedSchema.parse(res.body);
    expect(await query('SELECT customer_id FROM waitlist_requests WHERE id = $1', [id])).toEqual([
      { customer_id: kept.customerId },
    ]);
    expect((await exported(kept.customerId)).waitlistRequests.map((r) => r.id)).toEqual([id]);

    expect((await erase(kept.customerId)).waitlistRequests).toBe(1);
    expect(await requestRows([id])).toEqual([expect.objectContaining({ status: 'withdrawn', phone: null })]);
  });
});
