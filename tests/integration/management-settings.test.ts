import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import availability from '../../netlify/functions/availability.ts';
import bookingTypes from '../../netlify/functions/booking-types.ts';
import * as settings from '../../netlify/functions/management-settings.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { ShopSettingsSchema } from '../../src/domain/shop-settings.ts';
import { query, transaction } from '../../src/server/db.ts';
import { loadBookingSettings } from '../../src/server/settings.ts';
import { auditSince, call, insertBooking, lastAuditId, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const settingsHandler = routed(settings);

/**
 * The Settings screen's endpoints against a migrated, seeded database: what they refuse (and then
 * write nothing), what they change, that the public site sees it at once, the audit row of each
 * change, and the rebuild a change of hours asks for.
 */
process.env.CMS_REBUILD_DELAY_SECONDS = '0';
const builds: string[] = [];
let hook: Server;
beforeAll(async () => {
  hook = createServer((req, res) => {
    builds.push(req.url ?? '');
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as { port: number }).port}/build_hooks/staff`;
});
afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())));

useTestDatabase({ seed: true });

const handler = settingsHandler as Handler;
let key: string;
let staffId: string;
beforeAll(async () => {
  ({ key, id: staffId } = await staffMember('Settings Tester'));
});

const TZ = 'Europe/London';
const today = () => todayIn(TZ, new Date());
/** A weekday a fortnight or so ahead, at a London wall time. */
function ahead(days: number, time: string): Date {
  let date = addDays(today(), days);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) date = addDays(date, 1);
  return zonedDateTimeToInstant(date, time, TZ);
}
const snapshot = async () =>
  JSON.stringify(
    await query(`SELECT (SELECT booking FROM settings) AS s, (SELECT count(*) FROM closures) AS c,
  (SELECT json_agg(t ORDER BY id) FROM booking_types t) AS t, (SELECT count(*) FROM audit_log) AS a`),
  );

describe('GET /v1.0.1/management/settings', () => {
  it('answers the booking rules, services with their bookings ahead, closures and recent changes', async () => {
    const res = await call(handler, 'GET', '/v1.0.1/management/settings', { key });
    expect(res.status).toBe(200);
    const body = ShopSettingsSchema.parse(res.body);
    expect(body.settings.capacity).toBe(2);
    expect(body.services.map((s) => s._id)).toContain('full');
    expect(body.services.find((s) => s._id === 'full')).toMatchObject({ price: 4500, duration: 120, active: true });
    expect(body.rebuildHook).toBe(true);
    expect(body.onlinePayments).toBe(false);
  });
});

describe('POST /v1.0.1/management/settings', () => {
  it.each([
    ['nothing', {}],
    ['no tables', { capacity: 0 }],
    ['51 tables', { capacity: 51 }],
    ['half a table', { capacity: 1.5 }],
    [
      'a day that closes before it opens',
      {
        openingHours: {
          monday: { opens: '18:00', closes: '09:00' },
          tuesday: null,
          wednesday: null,
          thursday: null,
          friday: null,
          saturday: null,
          sunday: null,
        },
      },
    ],
    ['a day missing', { openingHours: { monday: null } }],
    ['a setting staff do not edit', { timeZone: 'America/New_York' }],
    ['an unknown key', { capacity: 2, extra: 1 }],
    ['a negative deposit', { deposit: { kind: 'fixed', pence: -100 } }],
    ['a deposit over 100%', { deposit: { kind: 'percent', percent: 150 } }],
    ['a string for a number', { horizonWeeks: '8' }],
    [
      'a waitlist offering nobody',
      { waitlist: { offersAtOnce: 0, offerMinutes: 60, wakingHours: { from: '08:00', to: '21:00' } } },
    ],
    [
      'waitlist offers held five minutes',
      { waitlist: { offersAtOnce: 3, offerMinutes: 5, wakingHours: { from: '08:00', to: '21:00' } } },
    ],
    [
      'waitlist waking hours back to front',
      { waitlist: { offersAtOnce: 3, offerMinutes: 60, wakingHours: { from: '21:00', to: '08:00' } } },
    ],
    ['half the waitlist settings', { waitlist: { offersAtOnce: 2 } }],
  ])('refuses %s with a 400 and writes nothing', async (_name, body) => {
    const before = await snapshot();
    const res = await call(handler, 'POST', '/v1.0.1/management/settings', { key, body });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
    expect(await snapshot()).toBe(before);
  });

  it('saves a change with its audit row (who, what, before and after) and asks for no rebuild unless hours change', async () => {
    const since = await lastAuditId();
    const res = await call(handler, 'POST', '/v1.0.1/management/settings', {
      key,
      body: { minNoticeMinutes: 240, deposit: { kind: 'fixed', pence: 1000 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.rebuild).toBe('not needed');
    expect(res.body.settings).toMatchObject({ minNoticeMinutes: 240, deposit: { kind: 'fixed', pence: 1000 } });
    const rows = await auditSince(since);
    expect(rows).toEqual([
      expect.objectContaining({
        staff_id: staffId,
        action: 'settings.update',
        entity: 'settings',
        before: { minNoticeMinutes: 120, deposit: { kind: 'none' } },
        after: { minNoticeMinutes: 240, deposit: { kind: 'fixed', pence: 1000 } },
      }),
    ]);
    const shown = ShopSettingsSchema.parse((await call(handler, 'GET', '/v1.0.1/management/settings', { key })).body);
    expect(shown.changes[0]!.summary).toBe('Deposit: no deposit → £10.00 deposit; Notice: 2 hours → 4 hours');
    expect(shown.changes[0]!.who).toBe('Settings Tester');
  });

  it('changes the waitlist’s offers, audited in words, and the offer job reads them', async () => {
    const since = await lastAuditId();
    const waitlist = { offersAtOnce: 1, offerMinutes: 90, wakingHours: { from: '09:00', to: '19:30' } };
    const res = await call(handler, 'POST', '/v1.0.1/management/settings', { key, body: { waitlist } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ settings: { waitlist }, rebuild: 'not needed' });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        staff_id: staffId,
        action: 'settings.update',
        before: { waitlist: { offersAtOnce: 3, offerMinutes: 60, wakingHours: { from: '08:00', to: '21:00' } } },
        after: { waitlist },
      }),
    ]);
    const shown = ShopSettingsSchema.parse((await call(handler, 'GET', '/v1.0.1/management/settings', { key })).body);
    expect(shown.settings.waitlist).toEqual(waitlist);
    expect(shown.changes[0]!.summary).toBe(
      'Waitlist offers: 3 owners at a time, 1 hour to answer, sent 08:00–21:00 → 1 owner at a time, 90 min to answer, sent 09:00–19:30',
    );
    expect((await transaction((tx) => loadBookingSettings(tx))).waitlist).toEqual(waitlist);
  });

  it('changes the hours online booking offers at once, and asks for one rebuild of the static pages', async () => {
    builds.length = 0;
    const current = ShopSettingsSchema.parse(
      (await call(handler, 'GET', '/v1.0.1/management/settings', { key })).body,
    ).settings;
    const openingHours = { ...current.openingHours, saturday: null };
    const pending: Promise<unknown>[] = [];
    const res = await call(handler, 'POST', '/v1.0.1/management/settings', {
      key,
      body: { openingHours },
      context: { waitUntil: (p: Promise<unknown>) => void pending.push(p) },
    });
    expect(res.status).toBe(200);
    expect(res.body.rebuild).toBe('scheduled');
    await Promise.all(pending);
    expect(builds).toHaveLength(1);
    let saturday = addDays(today(), 3);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const slots = await (availability as Handler)(
      new Request(`http://localhost/v1.0.1/availability?service=nails&from=${saturday}&days=1`),
    );
    const { days } = (await slots.json()) as { days: { open: boolean; reason?: string }[] };
    expect(days[0]).toMatchObject({ open: false, reason: 'closed' });
    // Open again, for the tests after this one.
    await call(handler, 'POST', '/v1.0.1/management/settings', { key, body: { openingHours: current.openingHours } });
  });

  it('goes down to one table only when no two appointments ahead overlap, and moves bookings off the second table', async () => {
    const start = ahead(14, '10:00');
    const first = await insertBooking({ start, minutes: 60 });
    const second = await insertBooking({ start: new Date(start.getTime() + 30 * 60_000), minutes: 60 });
    const refused = await call(handler, 'POST', '/v1.0.1/management/settings', { key, body: { capacity: 1 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/2 appointments overlap on .* move one before going down to 1 table/);
    // The first is cancelled: the second now sits alone on table 2 for its first half hour.
    await query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [first.bookingId]);
    const seats = await query<{ seat: number }>('SELECT DISTINCT seat FROM booking_cells WHERE booking_id = $1', [
      second.bookingId,
    ]);
    expect(seats.map((s) => s.seat)).toContain(2);
    const ok = await call(handler, 'POST', '/v1.0.1/management/settings', { key, body: { capacity: 1 } });
    expect(ok.status).toBe(200);
    expect(await query('SELECT DISTINCT seat FROM booking_cells WHERE booking_id = $1', [second.bookingId])).toEqual([
      { seat: 1 },
    ]);
    // With one table, nothing may overlap the second booking any more.
    await expect(insertBooking({ start, minutes: 60 })).rejects.toThrow(/No grooming table is free/);
    await call(handler, 'POST', '/v1.0.1/management/settings', { key, body: { capacity: 2 } });
    await query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [second.bookingId]);
  });
});

describe('services', () => {
  it('adds a service with a readable id and a sanitised description, shown on the public price list at once', async () => {
    const since = await lastAuditId();
    const res = await call(handler, 'POST', '/v1.0.1/management/services', {
      key,
      body: {
        title: 'Teeth & Breath!',
        price: 1500,
        duration: 20,
        description: '<p>Fresh <strong>breath</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        display_order: 9,
        kind: 'extras',
        active: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.service).toMatchObject({
      _id: 'teeth-breath',
      price: 1500,
      description: '<p>Fresh <strong>breath</strong></p>',
      bookingsAhead: 0,
    });
    const publicList = (await (
      await (bookingTypes as Handler)(new Request('http://localhost/v1.0.1/cms/booking-types'))
    ).json()) as { _id: string; description: string }[];
    expect(publicList.find((s) => s._id === 'teeth-breath')?.description).toBe('<p>Fresh <strong>breath</strong></p>');
    const again = await call(handler, 'POST', '/v1.0.1/management/services', {
      key,
      body: { ...res.body.service, _id: undefined, descriptionHtml: undefined, bookingsAhead: undefined },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.service._id).toBe('teeth-breath-2');
    expect((await auditSince(since)).map((r) => [r.action, r.entity_id])).toEqual([
      ['service.create', 'teeth-breath'],
      ['service.create', 'teeth-breath-2'],
    ]);
  });

  it('changes a price and hides a service; the public list follows; the audit keeps before and after', async () => {
    const since = await lastAuditId();
    const res = await call(handler, 'POST', '/v1.0.1/management/services/teeth-breath-2', {
      key,
      body: { price: 1750, active: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.service).toMatchObject({ price: 1750, active: false });
    const publicList = (await (
      await (bookingTypes as Handler)(new Request('http://localhost/v1.0.1/cms/booking-types'))
    ).json()) as { _id: string }[];
    expect(publicList.map((s) => s._id)).not.toContain('teeth-breath-2');
    const [row] = await auditSince(since);
    expect(row).toMatchObject({
      action: 'service.update',
      before: { price: 1500, active: true },
      after: { price: 1750, active: false },
    });
  });

  it.each([
    ['a price in pounds', { price: 17.5 }],
    ['a negative price', { price: -1 }],
    ['no title', { title: '   ' }],
    ['a 1-minute service', { duration: 1 }],
    ['an unknown kind', { kind: 'spa' }],
    ['nothing', {}],
    ['a control character', { title: 'Bath\u0000' }],
  ])('refuses %s', async (_name, body) => {
    const before = await snapshot();
    const res = await call(handler, 'POST', '/v1.0.1/management/services/full', { key, body });
    expect(res.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for a service that does not exist, and 400 for an id that cannot be one', async () => {
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/services/no-such', { key, body: { price: 100 } })).status,
    ).toBe(404);
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/services/NO_SUCH', { key, body: { price: 100 } })).status,
    ).toBe(400);
  });
});

describe('closures', () => {
  it('closes a day (online booking offers nothing then), says how many are booked that day, and opens it again', async () => {
    // A weekday the shop opens (Tuesday to Friday), so 'closure' and not 'closed' is the reason.
    let day = addDays(today(), 20);
    while (![2, 3, 4, 5].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
    await insertBooking({ start: zonedDateTimeToInstant(day, '11:00', TZ) });
    const since = await lastAuditId();
    const res = await call(handler, 'POST', '/v1.0.1/management/closures', {
      key,
      body: { date: day, reason: 'Training day' },
    });
    expect(res.status).toBe(201);
    expect(res.body.closures).toContainEqual({ date: day, reason: 'Training day' });
    expect(res.body.bookingsThatDay).toBe(1);
    const slots = await (availability as Handler)(
      new Request(`http://localhost/v1.0.1/availability?service=nails&from=${day}&days=1`),
    );
    expect(((await slots.json()) as { days: { reason?: string }[] }).days[0]!.reason).toBe('closure');
    const removed = await call(handler, 'POST', `/v1.0.1/management/closures/${day}/remove`, { key, body: {} });
    expect(removed.status).toBe(200);
    expect(removed.body.closures).not.toContainEqual(expect.objectContaining({ date: day }));
    expect((await auditSince(since)).map((r) => r.action)).toEqual(['closure.create', 'closure.remove']);
  });

  it.each([
    ['a day that has passed', { date: '2020-01-01' }],
    ['not a date', { date: '2026-02-30' }],
    ['a reason too long', { date: '2999-01-01', reason: 'x'.repeat(201) }],
  ])('refuses %s', async (_name, body) => {
    const before = await snapshot();
    expect((await call(handler, 'POST', '/v1.0.1/management/closures', { key, body })).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 when removing a day that is not closed', async () => {
    expect(
      (await call(handler, 'POST', '/v1.0.1/management/closures/2999-01-02/remove', { key, body: {} })).status,
    ).toBe(404);
  });
});
