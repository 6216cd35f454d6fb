import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import addCallerHandler from '../../netlify/functions/management-waitlist-requests.ts';
import * as waitlistOffers from '../../netlify/functions/waitlist-offers.ts';
import type { BookingSettings } from '../../src/domain/booking-settings.ts';
import {
  StaffWaitlistResponseSchema,
  type StaffWaitlistRequestInput,
} from '../../src/domain/staff-waitlist-request.ts';
import { query, transaction } from '../../src/server/db.ts';
import { CROSS_SITE_REFUSED } from '../../src/server/http.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { runOfferJob } from '../../src/server/waitlist/offers.ts';
import { routed } from '../helpers/netlify-context.ts';
import { auditRows, openDays, staffKey } from '../helpers/staff-schedule.ts';
import { customerWithDeviceKey } from '../helpers/staff.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { waitingRequest, bookFullGroom } from '../helpers/waitlist.ts';

/**
 * Staff adding a caller to the waitlist from a phone booking (docs/decisions/087), through the real
 * function and database: the same request and first message as an online join, without a code, with
 * `created_by` the staff member, the customer found by the lookup, an audit row; refused for anyone
 * but staff and for bad input, writing nothing; and offered a freed time like any other request.
 */
process.env.URL = 'https://shop.example';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
delete process.env.STRIPE_SECRET_KEY;

let sms: SmsProvider;
useSmsProvider((started) => (sms = started));
useTestDatabase();

const API = 'https://shop.example/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const ALL_DAY = { from: '00:00', to: '23:59' };
let staff: { id: string; key: string };
let days: Awaited<ReturnType<typeof openDays>> = [];

/** A change of the rules frees the whole horizon (decision 083): marked handled, so the job sees only the test's time. */
async function settings(changes: Partial<BookingSettings>) {
  await transaction((tx) => updateBookingSettings(tx, changes));
  await query(`UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL AND cause = 'settings'`);
}

beforeAll(async () => {
  await settings({ deposit: { kind: 'none' }, waitlist: { offersAtOnce: 1, offerMinutes: 60, wakingHours: ALL_DAY } });
  staff = await staffKey('Sam Counter');
  days = await openDays('full');
});

let phones = 200;
const nextPhone = () => `07700 900${String(phones++).padStart(3, '0')}`;
const e164 = (phone: string) => `+44${phone.replace(/\s/g, '').slice(1)}`;

function caller(phone: string, change: Partial<StaffWaitlistRequestInput> = {}): StaffWaitlistRequestInput {
  const day = days[2]!.date;
  return {
    serviceId: 'full',
    dog: { name: 'Pickle', breedId: 'border-terrier', weightKg: 9, coat: 'wire' },
    from: day,
    to: days[8]!.date,
    weekdays: [1, 2, 3, 4, 5, 6],
    parts: ['morning', 'afternoon'],
    owner: { name: 'Robin Caller', phone },
    notify: { text: true, email: false },
    idempotencyKey: randomUUID(),
    ...change,
  };
}

async function add(body: unknown, headers: Record<string, string> = { 'x-access-key': staff.key }) {
  const res = await addCallerHandler(
    new Request(`${API}/management/waitlist`, {
      method: 'POST',
      headers: { ...JSON_TYPE, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

interface RequestRow {
  status: string;
  created_by: string | null;
  customer_id: string | null;
  phone: string;
  created_at: Date;
}
const requestRow = async (id: string) =>
  (
    await query<RequestRow>(
      'SELECT status, created_by, customer_id, phone, created_at FROM waitlist_requests WHERE id = $1',
      [id],
    )
  )[0]!;
const count = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM waitlist_requests'))[0]!.n;
const textsTo = (phone: string) => sms.requests.map((r) => r.body).filter((b) => b.to === phone);

async function customer(phone: string, email: string | null = null): Promise<string> {
  const id = `cust${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await query('INSERT INTO customers (id, phone, name, email) VALUES ($1, $2, $3, $4)', [
    id,
    e164(phone),
    'Ada Known',
    email,
  ]);
  return id;
}

describe('staff add a caller to the waitlist', () => {
  it('a known customer: waiting, created by the staff member, for that customer, texted the link, audited', async () => {
    const phone = nextPhone();
    const customerId = await customer(phone, 'ada@example.com');
    const res = await add(
      caller(e164(phone), {
        customerId,
        owner: { name: 'Ada Known', phone: e164(phone), email: 'ada@example.com' },
        notify: { text: true, email: true },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = StaffWaitlistResponseSchema.parse(res.body);
    expect(answer.updated).toBe(false);
    expect(answer.link).toBe(`https://shop.example/w/${answer.requestId}`);
    expect(answer.request).toMatchObject({ status: 'waiting', dog: { name: 'Pickle' }, service: { id: 'full' } });
    expect(await requestRow(answer.requestId)).toMatchObject({
      status: 'waiting',
      created_by: staff.id,
      customer_id: customerId,
      phone: e164(phone),
    });
    // The caller's confirmation, as online: by text at once (with the provider), and by e-mail.
    const [text] = textsTo(e164(phone));
    expect(text?.text).toContain(answer.link);
    expect(text?.text).toMatch(/on our waitlist for Pickle's Full Groom/i);
    const mails = await query<{ kind: string; body_text: string }>(
      `SELECT kind, body_text FROM outbox WHERE channel = 'email' AND recipient = 'ada@example.com'`,
    );
    expect(mails).toEqual([{ kind: 'waitlist_joined', body_text: expect.stringContaining(answer.link) }]);
    const audit = await auditRows(answer.requestId);
    expect(audit).toEqual([
      {
        action: 'waitlist.create',
        staff_id: staff.id,
        before: null,
        after: expect.objectContaining({ serviceId: 'full', dog: 'Pickle', customerId }),
      },
    ]);
  });

  it('a new number: waiting with no customer yet, created by the staff member; the same key again answers the same', async () => {
    const phone = nextPhone();
    const body = caller(phone);
    const first = await add(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const { requestId } = StaffWaitlistResponseSchema.parse(first.body);
    expect(await requestRow(requestId)).toMatchObject({ created_by: staff.id, customer_id: null, phone: e164(phone) });
    expect(textsTo(e164(phone))).toHaveLength(1);

    const before = await count();
    const again = await add(body);
    expect(again.status).toBe(201);
    expect(again.body.requestId).toBe(requestId);
    const reused = await add({ ...body, parts: ['morning'] });
    expect(reused).toMatchObject({ status: 409, body: { code: 'idempotency_conflict' } });
    expect(await count()).toBe(before);
  });

  it('one waiting request per number and service: the same dog changes it and keeps its place; another dog is a 409', async () => {
    const phone = nextPhone();
    const made = await add(caller(phone));
    const { requestId } = StaffWaitlistResponseSchema.parse(made.body);
    const placed = (await requestRow(requestId)).created_at;

    const changed = await add(caller(phone, { parts: ['morning'] }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ requestId, updated: true, request: { parts: ['morning'] } });
    expect((await requestRow(requestId)).created_at).toEqual(placed);
    expect((await auditRows(requestId)).map((a) => a.action)).toEqual(['waitlist.create', 'waitlist.update']);

    const before = await count();
    const other = await add(caller(phone, { dog: { name: 'Mabel', breedId: 'pug', weightKg: 8, coat: 'short' } }));
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('already_waiting');
    expect(other.body.error).toBe(
      "Pickle is already on the waitlist for a Full Groom from this number, and we keep one for each service. To add Mabel instead, withdraw Pickle's request first (its link is in the message we sent them).",
    );
    expect(await count()).toBe(before);
    // Another service is another request.
    expect((await add(caller(phone, { serviceId: 'shower' }))).status).toBe(201);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const phone = nextPhone();
    const known = await customer(nextPhone());
    const cases: Array<[unknown, number, RegExp | string]> = [
      ['{', 400, /JSON/i],
      [{}, 400, /serviceId/],
      [caller(phone, { notify: { text: false, email: false } }), 400, /how we should tell you/],
      [caller(phone, { notify: { text: true, email: true } }), 400, /e-mail address/],
      [caller(phone, { from: days[5]!.date, to: days[3]!.date }), 400, /last day/],
      [caller(phone, { from: '2020-01-01', to: '2020-01-09' }), 400, /from today/],
      [caller(phone, { to: '2099-01-01' }), 400, /we take bookings up to/],
      [caller(phone, { weekdays: [] }), 400, /day of the week/],
      [caller(phone, { serviceId: 'gold-plating' }), 400, /.+/],
      [caller(phone, { dog: { name: 'Rex', breedId: 'dragon', weightKg: 9, coat: 'wire' } }), 400, /.+/],
      [caller(phone, { owner: { name: 'Robin', phone: '020 7946 0000' } }), 400, /UK mobile/],
      [caller(phone, { customerId: known }), 400, /not the number on this customer's record/],
      [caller(phone, { customerId: 'nobody-at-all-here' }), 404, /could not find that customer/],
      [{ ...caller(phone), phoneProof: { requestId: randomUUID(), code: '123456' } }, 400, /.+/],
    ];
    const before = await count();
    const audits = (await query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n;
    for (const [body, status, error] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toMatch(error);
    }
    expect(await count()).toBe(before);
    expect((await query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n).toBe(audits);
    expect(textsTo(e164(phone))).toEqual([]);
  });

  it('answers only staff: no key, a customer key or another site is refused and nothing is written', async () => {
    const before = await count();
    const device = await customerWithDeviceKey(nextPhone());
    expect((await add(caller(nextPhone()), {})).status).toBe(401);
    expect((await add(caller(nextPhone()), { 'x-access-key': device.key })).status).toBe(401);
    const crossSite = await add(caller(nextPhone()), {
      'x-access-key': staff.key,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite).toMatchObject({ status: 403, body: { error: CROSS_SITE_REFUSED } });
    expect(await count()).toBe(before);
  });
});

describe('a caller added by staff is offered a freed time like any other request', () => {
  const changes = routed(bookingChanges);
  const answers = routed(waitlistOffers);
  let bookingPhone = 500;

  async function book(start: string): Promise<string> {
    return (await bookFullGroom(start, `07700 900${bookingPhone++}`)).bookingId;
  }
  const openOffers = (requestId: string) =>
    query<{ id: string; start_at: Date }>(
      `SELECT id, start_at FROM waitlist_offers WHERE request_id = $1 AND status = 'open'`,
      [requestId],
    );

  it('first asked, first offered: an owner who asked online before the call is offered first, then the caller', async () => {
    await query(`UPDATE waitlist_requests SET status = 'withdrawn' WHERE status = 'waiting'`);
    // A day at least two days away (beyond any notice), its first start taken on both tables.
    const day = days.find((d) => Date.parse(d.slots[0]!.start) > Date.now() + 48 * 3_600_000)!;
    const start = day.slots[0]!.start;
    const [kept, freed] = [await book(start), await book(start)];
    expect(kept).toBeTruthy();

    const online = await waitingRequest({
      createdAt: new Date(Date.now() - 3_600_000),
      date: day.date,
      phone: '+447700901777',
    });
    const phone = nextPhone();
    const added = await add(caller(phone, { from: day.date, to: day.date, weekdays: [1, 2, 3, 4, 5, 6, 7] }));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { requestId } = StaffWaitlistResponseSchema.parse(added.body);

    const cancel = await changes(
      new Request(`${API}/bookings/${freed}/cancel`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ reason: 'Poorly' }),
      }),
    );
    expect(cancel.status).toBe(200);
    // One offer at a time (offersAtOnce 1): to the owner who asked first.
    const [first] = await openOffers(online);
    expect(first?.start_at.toISOString()).toBe(new Date(start).toISOString());
    expect(await openOffers(requestId)).toEqual([]);

    // They say no: the time passes to the caller staff added, by text with the one-tap link.
    const declined = await answers(
      new Request(`${API}/waitlist/${online}/offers/${first!.id}/decline`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: '{}',
      }),
    );
    expect(declined.status).toBe(200);
    await runOfferJob();
    const [offer] = await openOffers(requestId);
    expect(offer?.start_at.toISOString()).toBe(new Date(start).toISOString());
    const texts = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE kind = 'waitlist_offer' AND recipient = $1`,
      [e164(phone)],
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body_text).toContain(`/w/${requestId}?offer=${offer!.id}`);
  });
});
