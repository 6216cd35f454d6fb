import { beforeAll, describe, expect, it } from 'vitest';
import * as customers from '../../netlify/functions/management-customers.ts';
import {
  CustomerExportSchema,
  CustomerListResponseSchema,
  CustomerRecordSchema,
  ErasedSchema,
  MergedSchema,
  type CustomerListItem,
} from '../../src/domain/customer-records.ts';
import { issueAccessKey, findKeyHolder } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import {
  auditSince,
  call,
  freshPhone,
  insertBooking,
  lastAuditId,
  staffMember,
  type Handler,
} from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const customersHandler = routed(customers);

/**
 * The customers screens' endpoints: the search in every spelling, the list's pages and visits, one
 * record with its dogs, visits and messages, changes with their audit rows, merging two records of
 * one person, and the UK GDPR export and erasure (what goes, and the money rows that stay).
 */
useTestDatabase({ seed: true });
const handler = customersHandler as Handler;
let key: string;
let staffId: string;
beforeAll(async () => {
  ({ key, id: staffId } = await staffMember('Customers Tester'));
});

const DAY = 86_400_000;
const now = Date.now();
const past = (days: number) => new Date(now - days * DAY);
const future = (days: number) => new Date(now + days * DAY);
const list = async (q: string, extra = '') => {
  const res = await call(handler, 'GET', `/v1.0.1/management/customers?q=${encodeURIComponent(q)}${extra}`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CustomerListResponseSchema.parse(res.body);
};
const names = (items: CustomerListItem[]) => items.map((c) => c.name);
const snapshotOf = (ids: string[]) =>
  query(
    `SELECT c.id, c.phone_verified_at IS NOT NULL AS verified, (SELECT count(*)::int FROM bookings b WHERE b.customer_id = c.id) AS bookings
       FROM customers c WHERE c.id = ANY ($1) ORDER BY c.id`,
    [ids],
  );
const record = async (id: string) => {
  const res = await call(handler, 'GET', `/v1.0.1/management/customers/${id}`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CustomerRecordSchema.parse(res.body);
};

let zoe: { customerId: string; dogId: string; bookingId: string };
beforeAll(async () => {
  zoe = await insertBooking({
    customer: { name: 'Zoë O\u2019Brien', phone: '+447700900461', email: 'Zoe.OBrien@Example.com' },
    dog: { name: 'Sir Biscuit', weightKg: 8.5 },
    start: past(30),
    attendance: 'completed',
  });
  await insertBooking({ customerId: zoe.customerId, dogId: zoe.dogId, start: past(10), attendance: 'completed' });
  await insertBooking({ customerId: zoe.customerId, dogId: zoe.dogId, start: past(5), attendance: 'no_show' });
  await insertBooking({ customerId: zoe.customerId, dogId: zoe.dogId, start: future(7) });
  await insertBooking({
    customer: { name: 'Sam Jones', phone: '+447700900462', email: 'sam@example.com' },
    dog: { name: 'Rex' },
    start: past(3),
  });
  await insertBooking({
    customer: { name: 'Samira Khan', phone: '+447700900463', email: 'samira@example.co.uk' },
    dog: { name: 'Biscuit' },
    start: past(2),
  });
  await insertBooking({
    customer: { name: 'Jonas Samuels', phone: '+447700900464', email: 'jonas@example.com' },
    dog: { name: 'Luna' },
    start: past(1),
  });
});

describe('search', () => {
  it.each([
    ['a first name', 'zoe', ['Zoë O’Brien']],
    ['an accented first name, in capitals', 'ZOË', ['Zoë O’Brien']],
    ['a surname with its apostrophe', "o'brien", ['Zoë O’Brien']],
    ['the start of a surname', 'obr', ['Zoë O’Brien']],
    ['the start of any word of the name', 'sam', ['Jonas Samuels', 'Sam Jones', 'Samira Khan']],
    ['two words, each the start of one', 'sam jo', ['Jonas Samuels', 'Sam Jones']],
    ['two words, in either order', 'jones sam', ['Sam Jones']],
    ['a name and a dog', 'zoe biscuit', ['Zoë O’Brien']],
    ["a dog's name", 'biscuit', ['Samira Khan', 'Zoë O’Brien']],
    ['a mobile as written on a card', '07700 900461', ['Zoë O’Brien']],
    ['a mobile in international form', '+44 (0)7700 900461', ['Zoë O’Brien']],
    ['a mobile from 0044', '0044 7700 900 461', ['Zoë O’Brien']],
    ['the start of a mobile', '07700 90046', ['Jonas Samuels', 'Sam Jones', 'Samira Khan', 'Zoë O’Brien']],
    ['a mobile without its 0', '7700900462', ['Sam Jones']],
    ['an e-mail address in other capitals', 'zoe.obrien@EXAMPLE.COM', ['Zoë O’Brien']],
    ['the start of an e-mail address', 'sam@', ['Sam Jones']],
    ['nobody', 'nobody', []],
    ['the staff never', 'customers tester', []],
  ])('finds customers by %s', async (_how, q, expected) => {
    expect(names((await list(q)).customers)).toEqual(expected);
  });

  it('gives each customer their dogs, last visit (not a no-show), next visit and visits', async () => {
    const [row] = (await list('zoe')).customers;
    expect(row).toMatchObject({
      _id: zoe.customerId,
      phone: '+447700900461',
      dogs: [{ _id: zoe.dogId, name: 'Sir Biscuit' }],
      visits: 2,
    });
    expect(Date.parse(row!.lastVisit!)).toBe(past(10).getTime());
    expect(Date.parse(row!.nextVisit!)).toBe(future(7).getTime());
  });

  it('counts a visit the counter marked completed before its time (a groom done early): one visit, its last, nothing still to come', async () => {
    // Later today, groomed and paid already: the list and the record agree it was a visit.
    const later = new Date(Date.now() + 3 * 3_600_000);
    const early = await insertBooking({
      customer: { name: 'Early Bird', phone: freshPhone(), email: null },
      start: later,
      attendance: 'completed',
      balance: { pence: 3500, method: 'card', at: new Date() },
    });
    const [row] = (await list('early bird')).customers;
    expect(row).toMatchObject({ _id: early.customerId, visits: 1, nextVisit: null });
    expect(Date.parse(row!.lastVisit!)).toBe(later.getTime());
    expect((await record(early.customerId)).totals).toMatchObject({ visits: 1, upcoming: 0 });
  });

  it('walks every customer a page at a time, in name order, none twice', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list('', `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.customers.length).toBeLessThanOrEqual(2);
      seen.push(...page.customers.map((c) => c.name ?? ''));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toEqual([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(['Jonas Samuels', 'Sam Jones', 'Samira Khan', 'Zoë O’Brien']));
  });

  it.each([
    ['a cursor that is not one', '?cursor=abc'],
    ['a cursor of the wrong shape', `?cursor=${Buffer.from('[1]').toString('base64url')}`],
    ['no rows', '?limit=0'],
    ['too many rows', '?limit=101'],
    ['a control character', '?q=%00'],
    ['an unknown parameter', '?sort=name'],
  ])('refuses %s with a 400', async (_name, qs) => {
    const res = await call(handler, 'GET', `/v1.0.1/management/customers${qs}`, { key });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('one customer', () => {
  it("shows contact details, the dog's card with its weights, visits newest first a page at a time, messages, and totals", async () => {
    await query(
      `INSERT INTO outbox (kind, channel, recipient, subject, body_text, booking_id) VALUES ('booking_confirmation', 'email', 'zoe.obrien@example.com', 'Your appointment', 'Hello Zoë, see you soon', $1)`,
      [zoe.bookingId],
    );
    await query(`UPDATE dogs SET weight_kg = 9.2 WHERE id = $1`, [zoe.dogId]);
    const customer = await record(zoe.customerId);
    expect(customer).toMatchObject({
      name: 'Zoë O’Brien',
      email: 'Zoe.OBrien@Example.com',
      erasedAt: null,
      staff: false,
      totals: { visits: 2, noShows: 1, upcoming: 1 },
    });
    expect(customer.dogs[0]).toMatchObject({
      name: 'Sir Biscuit',
      breed: { _id: 'beagle', name: 'Beagle' },
      weightKg: 9.2,
    });
    expect(customer.dogs[0]!.weights.map((w) => w.kg)).toEqual([8.5, 9.2]);
    expect(customer.visits.visits).toHaveLength(4);
    expect(customer.visits.visits.map((v) => v.start)).toEqual(
      [...customer.visits.visits.map((v) => v.start)].sort().reverse(),
    );
    expect(customer.messages.messages).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'Your appointment', preview: 'Hello Zoë, see you soon' }),
    ]);
    const first = await call(handler, 'GET', `/v1.0.1/management/customers/${zoe.customerId}/visits?limit=3`, { key });
    const second = await call(
      handler,
      'GET',
      `/v1.0.1/management/customers/${zoe.customerId}/visits?limit=3&cursor=${first.body.nextCursor}`,
      { key },
    );
    expect([...first.body.visits, ...second.body.visits].map((v: { _id: string }) => v._id)).toEqual(
      customer.visits.visits.map((v) => v._id),
    );
    expect(second.body.nextCursor).toBeNull();
  });

  it('answers 404 for a customer that does not exist, 400 for an id that cannot be one', async () => {
    expect((await call(handler, 'GET', '/v1.0.1/management/customers/AAAAAAAAAAAAAAAAAAAAAA', { key })).status).toBe(
      404,
    );
    expect((await call(handler, 'GET', '/v1.0.1/management/customers/a%20b', { key })).status).toBe(400);
  });
});

describe('changes', () => {
  it('changes contact details and notes, with an audit row of what changed; a new number is unproved', async () => {
    await query('UPDATE customers SET phone_verified_at = now() WHERE id = $1', [zoe.customerId]);
    const since = await lastAuditId();
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}`, {
      key,
      body: { notes: 'Prefers Saturday mornings', phone: '07700 900499' },
    });
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({
      notes: 'Prefers Saturday mornings',
      phone: '+447700900499',
      verified: false,
    });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        staff_id: staffId,
        action: 'customer.update',
        entity: 'customer',
        entity_id: zoe.customerId,
        before: { notes: '', phone: '+447700900461' },
        after: { notes: 'Prefers Saturday mornings', phone: '+447700900499' },
      }),
    ]);
    expect(names((await list('07700 900499')).customers)).toEqual(['Zoë O’Brien']);
  });

  it.each([
    ['an e-mail that is not one', { email: 'zoe@' }],
    ['a landline', { phone: '020 8539 1234' }],
    ['an empty name', { name: '' }],
    ['nothing', {}],
    ['a field staff do not edit', { privileges: 2 }],
  ])('refuses %s', async (_name, body) => {
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}`, { key, body });
    expect(res.status).toBe(400);
  });

  it('refuses to change a member of staff here', async () => {
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${staffId}`, { key, body: { notes: 'x' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('staff');
  });

  it('adds a dog and keeps every weight it is given; names are one per customer; breeds must exist', async () => {
    const added = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/dogs`, {
      key,
      body: { name: 'Pickle', breedId: 'pug', weightKg: 7, coat: 'short' },
    });
    expect(added.status).toBe(201);
    const pickle = added.body.customer.dogs.find((d: { name: string }) => d.name === 'Pickle');
    const since = await lastAuditId();
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/dogs/${pickle._id}`, {
      key,
      body: {
        weightKg: 7.4,
        temperament: 'Hates the dryer; muzzle for nails',
        vetName: 'Leyton Vets',
        vetPhone: '020 8556 0000',
        vaccinations: [{ name: 'Kennel cough', expiresOn: '2027-03-01' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const card = res.body.customer.dogs.find((d: { _id: string }) => d._id === pickle._id);
    expect(card).toMatchObject({
      weightKg: 7.4,
      temperament: 'Hates the dryer; muzzle for nails',
      vetName: 'Leyton Vets',
      vaccinations: [{ name: 'Kennel cough', expiresOn: '2027-03-01' }],
    });
    expect(card.weights.map((w: { kg: number }) => w.kg)).toEqual([7, 7.4]);
    expect((await auditSince(since))[0]).toMatchObject({
      action: 'dog.update',
      entity: 'dog',
      entity_id: pickle._id,
      before: { weightKg: 7, vetName: null },
      after: { weightKg: 7.4, vetName: 'Leyton Vets' },
    });
    expect(names((await list('pickle')).customers)).toEqual(['Zoë O’Brien']);
    expect(
      (
        await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/dogs`, {
          key,
          body: { name: 'PICKLE', breedId: 'pug', weightKg: 7, coat: 'short' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/dogs/${pickle._id}`, {
          key,
          body: { breedId: 'no-such' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/dogs/${pickle._id}`, {
          key,
          body: { vaccinations: [{ name: 'Rabies', expiresOn: '2027-02-30' }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/dogs/${pickle._id}`, {
          key,
          body: { weightKg: 7.45 },
        })
      ).status,
    ).toBe(400);
  });

  it("answers 404 for another customer's dog", async () => {
    const other = await insertBooking({ start: past(40) });
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/dogs/${other.dogId}`, {
      key,
      body: { nervous: true },
    });
    expect(res.status).toBe(404);
  });
});

describe('merging two records of one person', () => {
  it('merges two proved records (a changed number): dogs of one name become one dog, visits move, the other record and its devices go', async () => {
    const phone = freshPhone();
    const kept = await insertBooking({
      customer: { name: 'Ali Hassan', phone, email: 'ali@example.com' },
      dog: { name: 'Coco', weightKg: 6 },
      start: past(20),
    });
    const other = await insertBooking({
      customer: { name: 'Ali H', phone: freshPhone(), email: 'ali@example.com' },
      dog: { name: 'coco', weightKg: 6.5 },
      start: past(8),
    });
    const second = await insertBooking({ customerId: other.customerId, dog: { name: 'Mango' }, start: past(7) });
    await query('UPDATE customers SET phone_verified_at = now() WHERE id = ANY ($1)', [
      [kept.customerId, other.customerId],
    ]);
    await query('UPDATE customers SET notes = $2 WHERE id = $1', [other.customerId, 'Pays cash']);
    const keptDevice = await transaction((tx) => issueAccessKey(tx, kept.customerId, 'device'));
    const otherDevice = await transaction((tx) => issueAccessKey(tx, other.customerId, 'device'));
    const before = await record(kept.customerId);
    expect(before.sameContact).toEqual([
      expect.objectContaining({ _id: other.customerId, name: 'Ali H', verified: true, dogs: ['coco', 'Mango'] }),
    ]);
    const since = await lastAuditId();

    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${kept.customerId}/merge`, {
      key,
      body: { from: other.customerId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const merged = MergedSchema.parse(res.body);
    expect(merged).toMatchObject({ merged: other.customerId, dogsMerged: 1, visitsMoved: 2, devicesSignedOut: 1 });
    expect(merged.customer).toMatchObject({
      name: 'Ali Hassan',
      phone,
      verified: true,
      notes: 'Pays cash',
      totals: { visits: 3 },
    });
    expect(merged.customer.dogs.map((d) => d.name)).toEqual(['Coco', 'Mango']);
    expect(merged.customer.dogs[0]!.weights.map((w) => w.kg)).toEqual([6, 6.5]);
    expect(await query('SELECT dog_id FROM bookings WHERE id = $1', [other.bookingId])).toEqual([
      { dog_id: kept.dogId },
    ]);
    expect(await query('SELECT customer_id FROM bookings WHERE id = $1', [second.bookingId])).toEqual([
      { customer_id: kept.customerId },
    ]);
    // The kept record's own device still opens it; the absorbed record's device opens nothing.
    expect((await findKeyHolder(keptDevice))?.customerId).toBe(kept.customerId);
    expect(await findKeyHolder(otherDevice)).toBeNull();
    expect((await call(handler, 'GET', `/v1.0.1/management/customers/${other.customerId}`, { key })).status).toBe(404);
    expect(names((await list('mango')).customers)).toEqual(['Ali Hassan']);
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ action: 'customer.merge', entity_id: kept.customerId, staff_id: staffId }),
    ]);
  });

  it('merges two unproved records of one number, and signs out every device of both: neither proved the number', async () => {
    const phone = freshPhone();
    const one = await insertBooking({ customer: { name: 'Jo Bloggs', phone, email: null }, start: past(30) });
    const two = await insertBooking({ customer: { name: 'Jo B', phone, email: 'jo@example.com' }, start: past(9) });
    const oneDevice = await transaction((tx) => issueAccessKey(tx, one.customerId, 'device'));
    const twoDevice = await transaction((tx) => issueAccessKey(tx, two.customerId, 'device'));
    await query(`INSERT INTO visit_sessions (id, customer_id) VALUES ($1, $2)`, [
      `visit-${two.customerId}`,
      two.customerId,
    ]);

    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${one.customerId}/merge`, {
      key,
      body: { from: two.customerId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const merged = MergedSchema.parse(res.body);
    expect(merged).toMatchObject({ visitsMoved: 1, devicesSignedOut: 2 });
    expect(merged.customer).toMatchObject({ name: 'Jo Bloggs', phone, email: 'jo@example.com', verified: false });
    expect(await findKeyHolder(oneDevice)).toBeNull();
    expect(await findKeyHolder(twoDevice)).toBeNull();
    // The absorbed record's visits to the website stay in the statistics, linked to nobody.
    expect(await query('SELECT customer_id FROM visit_sessions WHERE id = $1', [`visit-${two.customerId}`])).toEqual([
      { customer_id: null },
    ]);
  });

  it('refuses a proved and an unproved record without a fresh code, and texts that code only for such a pair', async () => {
    const phone = freshPhone();
    const proved = await insertBooking({ customer: { name: 'Priya Shah', phone }, start: past(12) });
    const unproved = await insertBooking({ customer: { name: 'Priya', phone }, start: past(4) });
    await query('UPDATE customers SET phone_verified_at = now() WHERE id = $1', [proved.customerId]);
    const before = await snapshotOf([proved.customerId, unproved.customerId]);
    for (const [into, from] of [
      [proved.customerId, unproved.customerId],
      [unproved.customerId, proved.customerId],
    ]) {
      const res = await call(handler, 'POST', `/v1.0.1/management/customers/${into}/merge`, { key, body: { from } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'needs_proof', phone });
    }
    expect(await snapshotOf([proved.customerId, unproved.customerId])).toEqual(before);
    // A pair that needs no code is told so, and nothing is texted.
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/merge/code`, {
      key,
      body: { from: unproved.customerId },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'proof_not_needed' });
  });

  it.each([
    ['itself', () => zoe.customerId, 400],
    ['a record that does not exist', () => 'AAAAAAAAAAAAAAAAAAAAAA', 404],
    ['a member of staff', () => staffId, 409],
  ])('refuses to merge with %s', async (_name, from, status) => {
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/merge`, {
      key,
      body: { from: from() },
    });
    expect(res.status).toBe(status);
  });
});

describe('UK GDPR', () => {
  it('exports everything held about the person as a JSON download, and records who exported it', async () => {
    const since = await lastAuditId();
    const res = await call(handler, 'GET', `/v1.0.1/management/customers/${zoe.customerId}/export`, { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="customer-${zoe.customerId}.json"`);
    const data = CustomerExportSchema.parse(res.body);
    expect(data.customer).toMatchObject({
      id: zoe.customerId,
      name: 'Zoë O’Brien',
      notes: 'Prefers Saturday mornings',
    });
    expect(data.dogs.map((d) => d.name)).toEqual(['Sir Biscuit', 'Pickle']);
    expect(data.bookings).toHaveLength(4);
    expect(data.messages).toEqual([expect.objectContaining({ body_text: 'Hello Zoë, see you soon' })]);
    expect(data.staffChanges.map((c) => c.action)).toEqual(expect.arrayContaining(['customer.update', 'dog.update']));
    expect((await auditSince(since)).map((r) => r.action)).toEqual(['customer.export']);
  });

  it('will not erase someone with an appointment to come, or a refund still on its way', async () => {
    const upcoming = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/erase`, {
      key,
      body: { confirm: 'erase' },
    });
    expect(upcoming.status).toBe(409);
    expect(upcoming.body.code).toBe('upcoming');
    const owed = await insertBooking({ start: past(4), depositPaidPence: 1000, paymentIntent: 'pi_owed' });
    await query('UPDATE bookings SET refund_due_pence = 1000 WHERE id = $1', [owed.bookingId]);
    const refund = await call(handler, 'POST', `/v1.0.1/management/customers/${owed.customerId}/erase`, {
      key,
      body: { confirm: 'erase' },
    });
    expect(refund.status).toBe(409);
    expect(refund.body.code).toBe('refund_owed');
  });

  it("erases the person and keeps the accounts' rows: dates, services, money and ids", async () => {
    await query(`UPDATE bookings SET status = 'cancelled' WHERE customer_id = $1 AND start_at > now()`, [
      zoe.customerId,
    ]);
    const paid = await insertBooking({
      customerId: zoe.customerId,
      dogId: zoe.dogId,
      start: past(2),
      depositPaidPence: 1000,
      paymentIntent: 'pi_zoe',
      balance: { pence: 3500, method: 'card', at: past(2) },
      attendance: 'completed',
    });
    await query(
      `UPDATE bookings SET staff_note = 'Zoë says the gate code is 4521', session_id = 'visit-zoe' WHERE id = $1`,
      [paid.bookingId],
    );
    await query(`INSERT INTO visit_sessions (id, customer_id) VALUES ('visit-zoe', $1)`, [zoe.customerId]);
    await query(
      `INSERT INTO check_ins (booking_id, checked_in_at, condition, tier_id, tier_label, tier_kind, surcharge_pence, instructions,
                              photo_key, consent_method, consent_name, consented_at)
       VALUES ($1, $2, 'Matted behind Zoë''s ears', 'heavy-matting', 'Heavy matting', 'matting', 1500, 'Ring Zoë on 07700 900499',
               repeat('a', 64), 'typed', 'Zoë O’Brien', $2)`,
      [paid.bookingId, past(2)],
    );
    await query(
      `INSERT INTO outbox (kind, channel, recipient, body_text) VALUES ('phone_code', 'sms', '+447700900499', '123456 is your code')`,
    );
    await transaction((tx) => issueAccessKey(tx, zoe.customerId, 'device'));
    const money = await query(
      'SELECT booking_id, kind, method, pence, at FROM money_movements WHERE booking_id IN (SELECT id FROM bookings WHERE customer_id = $1) ORDER BY id',
      [zoe.customerId],
    );
    expect(money).toHaveLength(2);
    const since = await lastAuditId();

    const refused = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/erase`, {
      key,
      body: {},
    });
    expect(refused.status).toBe(400);
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/erase`, {
      key,
      body: { confirm: 'erase' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ErasedSchema.parse(res.body)).toMatchObject({
      customer: zoe.customerId,
      dogs: 2,
      messages: 2,
      deviceKeys: 1,
      visitsKept: 5,
    });

    const shown = await record(zoe.customerId);
    expect(shown).toMatchObject({
      name: null,
      phone: null,
      email: null,
      notes: '',
      dogs: [],
      messages: { messages: [] },
    });
    expect(shown.erasedAt).not.toBeNull();
    expect(shown.visits.visits).toHaveLength(5);
    expect(shown.visits.visits.every((v) => v.dogName === null && v.staffNote === null)).toBe(true);
    const [kept] = await query<Record<string, unknown>>(
      'SELECT contact_name, contact_email, contact_phone, staff_note, session_id, deposit_paid_pence, balance_paid_pence, balance_method, service_id FROM bookings WHERE id = $1',
      [paid.bookingId],
    );
    expect(kept).toEqual({
      contact_name: 'Erased',
      contact_email: '',
      contact_phone: null,
      staff_note: null,
      session_id: null,
      deposit_paid_pence: 1000,
      balance_paid_pence: 3500,
      balance_method: 'card',
      service_id: 'full',
    });
    expect(
      await query(
        'SELECT booking_id, kind, method, pence, at FROM money_movements WHERE booking_id IN (SELECT id FROM bookings WHERE customer_id = $1) ORDER BY id',
        [zoe.customerId],
      ),
    ).toEqual(money);
    expect(
      await query(
        'SELECT condition, instructions, photo_key, consent_method, consent_name, surcharge_pence FROM check_ins WHERE booking_id = $1',
        [paid.bookingId],
      ),
    ).toEqual([
      {
        condition: '',
        instructions: '',
        photo_key: null,
        consent_method: 'typed',
        consent_name: 'Erased',
        surcharge_pence: 1500,
      },
    ]);
    expect(
      await query('SELECT name, breed_id, weight_kg, temperament, vet_name FROM dogs WHERE customer_id = $1', [
        zoe.customerId,
      ]),
    ).toEqual([{ name: null, breed_id: null, weight_kg: null, temperament: '', vet_name: null }]);
    expect(
      await query(
        'SELECT count(*)::int AS n FROM dog_weights WHERE dog_id IN (SELECT id FROM dogs WHERE customer_id = $1)',
        [zoe.customerId],
      ),
    ).toEqual([{ n: 0 }]);
    expect(await query('SELECT count(*)::int AS n FROM access_keys WHERE customer_id = $1', [zoe.customerId])).toEqual([
      { n: 0 },
    ]);
    expect(
      await query(
        `SELECT count(*)::int AS n FROM outbox WHERE recipient IN ('+447700900499', 'zoe.obrien@example.com')`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await query(`SELECT customer_id FROM visit_sessions WHERE id = 'visit-zoe'`)).toEqual([
      { customer_id: null },
    ]);
    const scrubbed = await query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE entity IN ('customer', 'dog') AND id <= $1 AND (entity_id = $2 OR entity_id IN (SELECT id FROM dogs WHERE customer_id = $2))`,
      [since, zoe.customerId],
    );
    expect(scrubbed.length).toBeGreaterThan(0);
    expect(scrubbed.every((r) => r.before === null && r.after === null)).toBe(true);
    expect(JSON.stringify(await query('SELECT * FROM audit_log'))).not.toMatch(
      /Zoë|O’Brien|Saturday mornings|4521|900499/,
    );
    expect(names((await list('zoe')).customers)).toEqual([]);
    expect(names((await list('07700 900499')).customers)).toEqual([]);
    expect((await auditSince(since)).map((r) => [r.action, r.after])).toEqual([
      ['customer.erase', expect.objectContaining({ dogs: 2, visitsKept: 5 })],
    ]);

    const again = await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}/erase`, {
      key,
      body: { confirm: 'erase' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('erased');
    expect(
      (
        await call(handler, 'POST', `/v1.0.1/management/customers/${zoe.customerId}`, {
          key,
          body: { name: 'Back again' },
        })
      ).status,
    ).toBe(409);
  });

  it('deletes outright someone the accounts hold nothing of', async () => {
    const { customerId, bookingId } = await insertBooking({ start: past(50) });
    await query('DELETE FROM bookings WHERE id = $1', [bookingId]);
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${customerId}/erase`, {
      key,
      body: { confirm: 'erase' },
    });
    expect(res.status).toBe(200);
    expect(res.body.visitsKept).toBe(0);
    expect((await call(handler, 'GET', `/v1.0.1/management/customers/${customerId}`, { key })).status).toBe(404);
  });
});
