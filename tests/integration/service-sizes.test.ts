import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingTypes from '../../netlify/functions/booking-types.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import * as managementBreeds from '../../netlify/functions/management-breeds.ts';
import * as managementSchedule from '../../netlify/functions/management-schedule.ts';
import * as managementSettings from '../../netlify/functions/management-settings.ts';
import quoteHandler from '../../netlify/functions/quote.ts';
import {
  AvailabilityResponseSchema,
  CreateBookingResponseSchema,
  QuoteResponseSchema,
} from '../../src/domain/booking-schemas.ts';
import { BookingTypesResponseSchema } from '../../src/domain/booking-types.ts';
import { todayIn } from '../../src/domain/london-time.ts';
import { ScheduleResponseSchema } from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { routed } from '../helpers/netlify-context.ts';
import {
  auditSince,
  call,
  customerDeviceKey,
  lastAuditId,
  staffMember,
  type Handler,
} from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Sizes priced per service (issue 20 "The price shown is the price paid", decision 080), through the
 * real handlers on a migrated database: what staff save in Settings is what the quote, the booking,
 * the schedule's length and the amount staff take at the counter all say, for a 12 kg Cockapoo.
 */
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const settings = routed(managementSettings) as Handler;
const breeds = routed(managementBreeds) as Handler;
const schedule = routed(managementSchedule) as Handler;
let key: string;

beforeAll(async () => {
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
  ({ key } = await staffMember('Sizes Groomer'));
});

/** The full groom as staff price it here: a medium dog takes longer than the first edition said. */
const SIZES = [
  { size: 'small', price: 4500, duration: 105 },
  { size: 'medium', price: 5500, duration: 135 },
  { size: 'large', price: 7000, duration: 165 },
];

async function quote(params: string) {
  const res = await quoteHandler(new Request(`${API}/quote?service=full&${params}`));
  expect(res.status).toBe(200);
  return QuoteResponseSchema.parse(await res.json());
}

const sizesSnapshot = async () =>
  JSON.stringify(
    await query(`SELECT (SELECT json_agg(z ORDER BY service_id, size) FROM service_sizes z) AS z,
                        (SELECT json_agg(b ORDER BY id) FROM booking_types b) AS t,
                        (SELECT booking FROM settings WHERE id) AS s,
                        (SELECT json_agg(json_build_object('id', id, 'size', usual_size) ORDER BY id) FROM breeds) AS b,
                        (SELECT count(*) FROM audit_log) AS a`),
  );

describe('staff price the full groom by size; everything downstream agrees', () => {
  it('saves the sizes with the service in one audited change, shown on the public list at once', async () => {
    const since = await lastAuditId();
    const res = await call(settings, 'POST', '/v1.0.1/management/services/full', { key, body: { sizes: SIZES } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.service.sizes).toEqual(SIZES);
    const [row] = await auditSince(since);
    expect(row).toMatchObject({ action: 'service.update', entity_id: 'full' });
    expect((row!.before as { sizes: unknown }).sizes).toEqual([
      { size: 'small', price: 4500, duration: 105 },
      { size: 'medium', price: 5500, duration: 120 },
      { size: 'large', price: 7000, duration: 150 },
    ]);
    expect((row!.after as { sizes: unknown }).sizes).toEqual(SIZES);
    const list = BookingTypesResponseSchema.parse(
      await (await (bookingTypes as Handler)(new Request(`${API}/cms/booking-types`))).json(),
    );
    expect(
      list.find((s) => s._id === 'full')!.sizes!.map(({ size, price, duration }) => ({ size, price, duration })),
    ).toEqual(SIZES);
  });

  it('a 12 kg Cockapoo: £55 and 2 h 15 on the quote, the booking, the schedule and at the counter', async () => {
    const quoted = await quote('weightKg=12&breed=cockapoo');
    expect(quoted.size).toBe('medium');
    expect(quoted.durationMin).toBe(135);
    expect(quoted.quote.totalFromPence).toBe(5500);
    expect(quoted.quote.lines[0]).toMatchObject({ label: 'Full Groom, medium dog', pence: 5500 });

    const res = await availabilityHandler(new Request(`${API}/availability?service=full&weightKg=12`));
    const { days } = AvailabilityResponseSchema.parse(await res.json());
    const start = days.find((d) => d.open && d.slots.length > 3)!.slots[1]!.start;
    const made = await bookingsHandler(
      new Request(`${API}/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          serviceId: 'full',
          start,
          dog: { name: 'Biscuit', breedId: 'cockapoo', weightKg: 12, coat: 'long' },
          owner: {
            name: 'Sam Lee',
            phone: '07700 900321',
            email: 'sam@example.com',
            marketingConsent: false,
            acceptTerms: true,
          },
          idempotencyKey: randomUUID(),
        }),
      }),
    );
    expect(made.status, await made.clone().text()).toBe(201);
    const { bookingId } = CreateBookingResponseSchema.parse(await made.json());
    const [stored] = await query<{ price_from_pence: number; size: string; minutes: number; deposit_pence: number }>(
      `SELECT price_from_pence, size, deposit_pence, extract(epoch FROM end_at - start_at)::int / 60 AS minutes
         FROM bookings WHERE id = $1`,
      [bookingId],
    );
    expect(stored).toEqual({
      price_from_pence: 5500,
      size: 'medium',
      minutes: 135,
      deposit_pence: quoted.quote.depositPence,
    });

    const day = todayIn('Europe/London', new Date(start));
    const week = await call(schedule, 'GET', `/v1.0.1/management/schedule?from=${day}&days=1`, { key });
    expect(week.status).toBe(200);
    const card = ScheduleResponseSchema.parse(week.body).bookings.find((b) => b.id === bookingId)!;
    expect((Date.parse(card.end) - Date.parse(card.start)) / 60_000).toBe(135);
    // What staff see as the price and what is left to take at the counter ("Completed"): the quote's.
    expect(card.totalFromPence).toBe(5500);
    expect(card.balanceDuePence).toBe(5500 - card.depositPence);
  });

  it("without a weight the breed's usual size stands in, and staff can change it", async () => {
    expect((await quote('breed=cockapoo')).quote.totalFromPence).toBe(5500);
    const since = await lastAuditId();
    const saved = await call(breeds, 'POST', '/v1.0.1/management/breeds/cockapoo', {
      key,
      body: { usualSize: 'small' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.breed.usualSize).toBe('small');
    expect((await auditSince(since))[0]).toMatchObject({
      action: 'breed.update',
      before: { usualSize: 'medium' },
      after: { usualSize: 'small' },
    });
    expect((await quote('breed=cockapoo')).quote.totalFromPence).toBe(4500);
    // The weight, once known, decides.
    expect((await quote('weightKg=12&breed=cockapoo')).quote.totalFromPence).toBe(5500);
    expect(
      (await call(breeds, 'POST', '/v1.0.1/management/breeds/cockapoo', { key, body: { usualSize: null } })).status,
    ).toBe(200);
    expect((await quote('breed=cockapoo')).size).toBeNull();
  });

  it('the size limits in the booking rules move a 12 kg dog to small, audited', async () => {
    const since = await lastAuditId();
    const res = await call(settings, 'POST', '/v1.0.1/management/settings', {
      key,
      body: { sizeLimitsKg: { small: 12, medium: 25 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.sizeLimitsKg).toEqual({ small: 12, medium: 25 });
    expect((await auditSince(since))[0]).toMatchObject({
      action: 'settings.update',
      after: { sizeLimitsKg: { small: 12, medium: 25 } },
    });
    expect((await quote('weightKg=12')).quote.totalFromPence).toBe(4500);
    await call(settings, 'POST', '/v1.0.1/management/settings', {
      key,
      body: { sizeLimitsKg: { small: 10, medium: 25 } },
    });
  });

  it('a service without sizes has one price for every dog again', async () => {
    const res = await call(settings, 'POST', '/v1.0.1/management/services/full', { key, body: { sizes: [] } });
    expect(res.status).toBe(200);
    expect(res.body.service.sizes).toEqual([]);
    const quoted = await quote('weightKg=30');
    expect(quoted.size).toBeNull();
    expect(quoted.quote.totalFromPence).toBe(4500);
    await call(settings, 'POST', '/v1.0.1/management/services/full', { key, body: { sizes: SIZES } });
  });
});

describe('bad size input and strangers are refused, and write nothing', () => {
  const medium = { size: 'medium', price: 5500, duration: 120 };
  it.each([
    ['a negative price', { sizes: [{ ...medium, price: -1 }] }],
    ['over 600 minutes', { sizes: [{ ...medium, duration: 601 }] }],
    ['no minutes', { sizes: [{ ...medium, duration: 0 }] }],
    ['part pence', { sizes: [{ ...medium, price: 55.5 }] }],
    ['an unknown size', { sizes: [{ ...medium, size: 'huge' }] }],
    ['a size twice', { sizes: [medium, medium] }],
    ['four sizes', { sizes: [medium, { ...medium, size: 'small' }, { ...medium, size: 'large' }, medium] }],
    ['an extra field', { sizes: [{ ...medium, note: 'x' }] }],
    ['not a list', { sizes: { medium } }],
  ])('a service change with %s: 400', async (_name, body) => {
    const before = await sizesSnapshot();
    const res = await call(settings, 'POST', '/v1.0.1/management/services/full', { key, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await sizesSnapshot()).toBe(before);
  });

  it('a new service with a bad size: 400, and no service is added', async () => {
    const before = await sizesSnapshot();
    const res = await call(settings, 'POST', '/v1.0.1/management/services', {
      key,
      body: {
        title: 'Big Dog Bath',
        price: 5000,
        duration: 60,
        description: '',
        display_order: 50,
        kind: 'shower',
        active: true,
        sizes: [{ size: 'large', price: 6000, duration: 900 }],
      },
    });
    expect(res.status).toBe(400);
    expect(await sizesSnapshot()).toBe(before);
  });

  it.each([
    ['small heavier than medium', { small: 30, medium: 25 }],
    ['a negative limit', { small: -1, medium: 25 }],
    ['over 100 kg', { small: 10, medium: 101 }],
    ['no medium', { small: 10 }],
  ])('size limits with %s: 400', async (_name, sizeLimitsKg) => {
    const before = await sizesSnapshot();
    const res = await call(settings, 'POST', '/v1.0.1/management/settings', { key, body: { sizeLimitsKg } });
    expect(res.status).toBe(400);
    expect(await sizesSnapshot()).toBe(before);
  });

  it('a breed with an unknown usual size: 400', async () => {
    const before = await sizesSnapshot();
    const res = await call(breeds, 'POST', '/v1.0.1/management/breeds/beagle', { key, body: { usualSize: 'huge' } });
    expect(res.status).toBe(400);
    expect(await sizesSnapshot()).toBe(before);
  });

  it('a stranger and a customer are refused every size change', async () => {
    const customer = await customerDeviceKey();
    const before = await sizesSnapshot();
    for (const who of [null, customer, 'not-a-key']) {
      const asked = [
        await call(settings, 'POST', '/v1.0.1/management/services/full', { key: who, body: { sizes: [] } }),
        await call(settings, 'POST', '/v1.0.1/management/settings', {
          key: who,
          body: { sizeLimitsKg: { small: 5, medium: 6 } },
        }),
        await call(breeds, 'POST', '/v1.0.1/management/breeds/beagle', { key: who, body: { usualSize: 'large' } }),
      ];
      for (const res of asked) expect([401, 403]).toContain(res.status);
    }
    expect(await sizesSnapshot()).toBe(before);
  });
});
