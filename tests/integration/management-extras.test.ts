import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as extrasModule from '../../netlify/functions/management-extras.ts';
import * as settingsModule from '../../netlify/functions/management-settings.ts';
import quoteHandler from '../../netlify/functions/quote.ts';
import { ExtraSavedSchema, StaffExtrasResponseSchema } from '../../src/domain/extras-catalogue.ts';
import { FreeTimesResponseSchema, StaffBookingResponseSchema } from '../../src/domain/schedule.ts';
import { ShopSettingsSchema } from '../../src/domain/shop-settings.ts';
import { query } from '../../src/server/db.ts';
import { routed } from '../helpers/netlify-context.ts';
import {
  auditSince,
  call,
  customerDeviceKey,
  lastAuditId,
  staffMember,
  type Handler,
} from '../helpers/staff-records.ts';
import { call as scheduleCall, openDays } from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The extras catalogue on the Settings screen (issue 20) against a migrated, seeded database: every
 * change audited, what it refuses (and then writes nothing), that the quote and the staff's free
 * times follow it at once, that a retired extra stays on the bookings that have it, and a phone
 * booking with extras storing them and its length. Who may call at all: management-api.test.ts.
 */
useTestDatabase({ seed: true });
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
delete process.env.STRIPE_SECRET_KEY;

const extras = routed(extrasModule) as Handler;
const settings = routed(settingsModule) as Handler;
let key: string;
beforeAll(async () => {
  ({ key } = await staffMember('Extras Tester'));
});

const snapshot = async () =>
  JSON.stringify(
    await query(`SELECT (SELECT json_agg(e ORDER BY id) FROM extras e) AS e, (SELECT count(*) FROM audit_log) AS a`),
  );
const valid = (patch: Record<string, unknown> = {}) => ({
  title: 'Paw balm',
  description: 'A soothing balm for dry pads.',
  price: 400,
  minutes: 5,
  only_with: [],
  display_order: 6,
  active: true,
  ...patch,
});
const offeredWith = async (service: string) => {
  const res = await quoteHandler(new Request(`http://localhost/v1.0.1/quote?service=${service}&weightKg=9.5`));
  expect(res.status).toBe(200);
  return ((await res.json()) as { extrasOffered: { id: string }[] }).extrasOffered.map((e) => e.id);
};

describe('GET /v1.0.1/management/extras', () => {
  it('lists the first edition in order, with what each adds and where it is offered', async () => {
    const res = await call(extras, 'GET', '/v1.0.1/management/extras', { key });
    expect(res.status).toBe(200);
    const { extras: list } = StaffExtrasResponseSchema.parse(res.body);
    expect(list.map((e) => e._id)).toEqual(['nail-grind', 'teeth', 'deshed-boost', 'flea-bath', 'bandana']);
    expect(list[2]).toMatchObject({ price: 1200, minutes: 20, only_with: ['full', 'shower'], active: true });
  });
});

describe('POST /v1.0.1/management/extras and /extras/{id}', () => {
  it('adds an extra, audited, offered at once and named in Recent changes', async () => {
    const since = await lastAuditId();
    const res = await call(extras, 'POST', '/v1.0.1/management/extras', { key, body: valid() });
    expect(res.status, res.text).toBe(201);
    const { extra } = ExtraSavedSchema.parse(res.body);
    expect(extra).toMatchObject({ _id: 'paw-balm', price: 400, minutes: 5, only_with: [], bookingsAhead: 0 });
    const [row] = await auditSince(since);
    expect(row).toMatchObject({ action: 'extra.create', entity: 'extra', entity_id: 'paw-balm' });
    expect(row!.after).toMatchObject({ title: 'Paw balm', price: 400, minutes: 5 });
    expect(await offeredWith('nails')).toContain('paw-balm');
    const shop = ShopSettingsSchema.parse((await call(settings, 'GET', '/v1.0.1/management/settings', { key })).body);
    expect(shop.changes[0]?.summary).toBe('Extra added: Paw balm at £4.00, 5 min');
    // The same title again gets an id of its own.
    const again = await call(extras, 'POST', '/v1.0.1/management/extras', { key, body: valid() });
    expect(ExtraSavedSchema.parse(again.body).extra._id).toBe('paw-balm-2');
  });

  it('changes price, minutes and the services offered with, audited before and after', async () => {
    const since = await lastAuditId();
    const res = await call(extras, 'POST', '/v1.0.1/management/extras/teeth', {
      key,
      body: { price: 600, minutes: 10, only_with: ['full'] },
    });
    expect(res.status, res.text).toBe(200);
    expect(ExtraSavedSchema.parse(res.body).extra).toMatchObject({ price: 600, minutes: 10, only_with: ['full'] });
    const [row] = await auditSince(since);
    expect(row).toMatchObject({ action: 'extra.update', entity_id: 'teeth' });
    expect(row!.before).toMatchObject({ price: 500, minutes: 5, only_with: [] });
    expect(row!.after).toMatchObject({ price: 600, minutes: 10, only_with: ['full'] });
    expect(await offeredWith('full')).toContain('teeth');
    expect(await offeredWith('shower')).not.toContain('teeth');
    const shop = ShopSettingsSchema.parse((await call(settings, 'GET', '/v1.0.1/management/settings', { key })).body);
    expect(shop.changes[0]?.summary).toBe('Extra “Teeth brushing”: price £5.00 → £6.00, 5 → 10 min, only with full');
  });

  it('retires and restores an extra; a booking that has it keeps it', async () => {
    const [day] = await openDays('full');
    const booked = await scheduleCall('POST', '/v1.0.1/management/bookings', {
      key,
      body: phoneBooking(day!.slots[0]!.start, { extras: ['bandana'] }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = StaffBookingResponseSchema.parse(booked.body).booking.id;
    const since = await lastAuditId();
    const retired = await call(extras, 'POST', '/v1.0.1/management/extras/bandana', { key, body: { active: false } });
    expect(retired.status, retired.text).toBe(200);
    expect(ExtraSavedSchema.parse(retired.body).extra).toMatchObject({ active: false, bookingsAhead: 1 });
    expect((await auditSince(since))[0]).toMatchObject({ action: 'extra.update', after: { active: false } });
    expect(await offeredWith('full')).not.toContain('bandana');
    expect(
      await query('SELECT extra_id, title, price_pence FROM booking_extras WHERE booking_id = $1', [bookingId]),
    ).toEqual([{ extra_id: 'bandana', title: 'Bandana', price_pence: 300 }]);
    // Retired extras go to the end of the list, and come back when restored.
    const list = StaffExtrasResponseSchema.parse(
      (await call(extras, 'GET', '/v1.0.1/management/extras', { key })).body,
    );
    expect(list.extras.at(-1)?._id).toBe('bandana');
    const restored = await call(extras, 'POST', '/v1.0.1/management/extras/bandana', { key, body: { active: true } });
    expect(ExtraSavedSchema.parse(restored.body).extra.active).toBe(true);
    expect(await offeredWith('full')).toContain('bandana');
  });

  it.each([
    ['a negative price', 'POST', '/v1.0.1/management/extras', valid({ price: -100 })],
    ['part pence', 'POST', '/v1.0.1/management/extras', valid({ price: 12.5 })],
    ['more than 240 minutes', 'POST', '/v1.0.1/management/extras', valid({ minutes: 241 })],
    ['an unknown service in only_with', 'POST', '/v1.0.1/management/extras', valid({ only_with: ['cat-wash'] })],
    ['a service twice in only_with', 'POST', '/v1.0.1/management/extras', valid({ only_with: ['full', 'full'] })],
    ['not a service id in only_with', 'POST', '/v1.0.1/management/extras', valid({ only_with: ['Full Groom'] })],
    ['a NUL byte in the title', 'POST', '/v1.0.1/management/extras', valid({ title: 'Paw\u0000balm' })],
    ['a NUL byte in the description', 'POST', '/v1.0.1/management/extras', valid({ description: 'Soft\u0000' })],
    ['no title', 'POST', '/v1.0.1/management/extras', valid({ title: '  ' })],
    ['a title of 81 characters', 'POST', '/v1.0.1/management/extras', valid({ title: 'x'.repeat(81) })],
    ['an unknown field', 'POST', '/v1.0.1/management/extras', valid({ id: 'teeth' })],
    ['a field missing', 'POST', '/v1.0.1/management/extras', { title: 'Paw balm', price: 400 }],
    ['nothing to change', 'POST', '/v1.0.1/management/extras/teeth', {}],
    ['a change over 240 minutes', 'POST', '/v1.0.1/management/extras/teeth', { minutes: 600 }],
    ['a change to an unknown service', 'POST', '/v1.0.1/management/extras/teeth', { only_with: ['nope'] }],
    ['an id that is no id', 'POST', '/v1.0.1/management/extras/Teeth%20Brushing', { price: 100 }],
  ])('refuses %s with a 400 and writes nothing', async (_, method, path, body) => {
    const before = await snapshot();
    const res = await call(extras, method, path, { key, body });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for an extra that does not exist, and writes nothing', async () => {
    const before = await snapshot();
    const res = await call(extras, 'POST', '/v1.0.1/management/extras/no-such-extra', { key, body: { price: 100 } });
    expect(res.status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    ['no key', async () => null],
    ['a made-up key', async () => 'x'.repeat(43)],
    ["a customer's device key", customerDeviceKey],
  ])('refuses %s with a 401 and writes nothing', async (_, keyOf) => {
    const stranger = await keyOf();
    const before = await snapshot();
    for (const [method, path, body] of [
      ['GET', '/v1.0.1/management/extras', undefined],
      ['POST', '/v1.0.1/management/extras', valid({ title: 'Stranger balm' })],
      ['POST', '/v1.0.1/management/extras/teeth', { price: 1 }],
    ] as const) {
      const res = await call(extras, method, path, { key: stranger, body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await snapshot()).toBe(before);
  });
});

// ---- the phone booking with extras ------------------------------------------------------------

let phones = 500;
const phoneBooking = (start: string, patch: Record<string, unknown> = {}) => ({
  serviceId: 'full',
  start,
  customer: { name: 'Jo Extras', phone: `07700 900${String(phones++).padStart(3, '0')}` },
  // 9.5 kg: a small dog, whose full groom takes 1 h 45 (decision 080).
  dog: { name: 'Bella', breedId: 'cockapoo', weightKg: 9.5, coat: 'long' },
  idempotencyKey: randomUUID(),
  ...patch,
});
const freeStarts = async (date: string, q = '') => {
  const res = await scheduleCall('GET', `/v1.0.1/management/free-times?service=full&date=${date}${q}`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return FreeTimesResponseSchema.parse(res.body).day.slots.map((s) => s.start);
};

describe('the phone booking with extras', () => {
  it("offers times that fit the dog's size and extras, and books them with their price and length", async () => {
    const days = await openDays('full');
    const date = days[3]!.date;
    const plain = await freeStarts(date, '&weightKg=9.5');
    const longer = await freeStarts(date, '&weightKg=9.5&extras=deshed-boost,nail-grind');
    // Thirty minutes more: the last starts of the day no longer fit, and nothing new does.
    expect(longer.length).toBeLessThan(plain.length);
    expect(longer.every((s) => plain.includes(s))).toBe(true);
    const large = await freeStarts(date, '&weightKg=30');
    expect(large.length).toBeLessThan(plain.length);

    const start = longer.at(-1)!;
    const res = await scheduleCall('POST', '/v1.0.1/management/bookings', {
      key,
      body: phoneBooking(start, { extras: ['nail-grind', 'deshed-boost'] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { booking } = StaffBookingResponseSchema.parse(res.body);
    const [row] = await query<{ minutes: number; size: string; total: number }>(
      `SELECT (extract(epoch FROM end_at - start_at) / 60)::int AS minutes, size, (quote->>'totalFromPence')::int AS total
         FROM bookings WHERE id = $1`,
      [booking.id],
    );
    expect(row).toEqual({ minutes: 105 + 20 + 10, size: 'small', total: 4500 + 1200 + 500 });
    expect(
      await query(
        'SELECT extra_id, price_pence, duration_min FROM booking_extras WHERE booking_id = $1 ORDER BY extra_id',
        [booking.id],
      ),
    ).toEqual([
      { extra_id: 'deshed-boost', price_pence: 1200, duration_min: 20 },
      { extra_id: 'nail-grind', price_pence: 500, duration_min: 10 },
    ]);
    const [audited] = await query<{ after: { extras: string[] } }>(
      `SELECT after FROM audit_log WHERE action = 'booking.create' AND entity_id = $1`,
      [booking.id],
    );
    expect(audited!.after.extras).toEqual(['nail-grind', 'deshed-boost']);
  });

  it.each([
    ['an extra not offered with the service', { serviceId: 'nails', extras: ['deshed-boost'] }],
    ['an unknown extra', { extras: ['gold-leaf'] }],
    ['eleven extras', { extras: Array.from({ length: 11 }, (_, i) => `x${i}`) }],
    ['an extra that is no id', { extras: ['Nail grinding'] }],
  ])('refuses %s with a 400 and books nothing', async (_, patch) => {
    const [, day] = await openDays('full');
    const [before] = await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    const res = await scheduleCall('POST', '/v1.0.1/management/bookings', {
      key,
      body: phoneBooking(day!.slots[2]!.start, patch),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await query('SELECT count(*)::int AS n FROM bookings')).toEqual([before]);
  });

  it.each([
    ['an extra not offered with the service', '&extras=deshed-boost', 'nails'],
    ['an unknown extra', '&extras=gold-leaf', 'full'],
    ['a weight of 500 kg', '&weightKg=500', 'full'],
    ['a weight in words', '&weightKg=heavy', 'full'],
  ])('free times refuse %s with a 400', async (_, q, service) => {
    const [day] = await openDays('full');
    const res = await scheduleCall('GET', `/v1.0.1/management/free-times?service=${service}&date=${day!.date}${q}`, {
      key,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });
});
