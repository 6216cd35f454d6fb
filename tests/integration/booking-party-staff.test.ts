import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import * as managementSettings from '../../netlify/functions/management-settings.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import {
  FreeTimesResponseSchema,
  ScheduleResponseSchema,
  SplitResponseSchema,
  type ScheduleBooking,
} from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { loadBookingSettings, updateBookingSettings } from '../../src/server/settings.ts';
import { signedEvent } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { auditSince, call as callRecords, lastAuditId, type Handler } from '../helpers/staff-records.ts';
import { call, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { fromTomorrow } from '../helpers/days.ts';

/**
 * Several dogs in one booking as staff meet it (decision 082): the two settings saved and audited,
 * the schedule's amounts at the counter with the one deposit shared among the dogs, a dog split out
 * as the schedule then shows it, and the free times offered for moving a dog of the booking, which
 * are the whole booking's.
 */
const WEBHOOK_SECRET = 'whsec_test_party_staff';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_party_staff';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

useFakeStripe(() => {});
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const settingsHandler = routed(managementSettings) as Handler;
let staff: { id: string; key: string };

beforeAll(async () => {
  // A £10 deposit per dog; two tables.
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
  staff = await staffKey('Party Groomer');
});

let phoneNo = 500;
const dogOf = (name: string, weightKg: number) => ({ name, breedId: 'whippet', weightKg, coat: 'short' });
const REX = { serviceId: 'full', dog: dogOf('Rex', 13) };
const BISCUIT = { serviceId: 'shower', dog: dogOf('Biscuit', 8) };
const MOSS = { serviceId: 'shower', dog: dogOf('Moss', 6) };

async function book(dogs: unknown[], start: string, placement?: string) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        dogs,
        start,
        ...(placement ? { placement } : {}),
        owner: {
          name: 'Pat Household',
          phone: `07700 900${phoneNo++}`,
          email: 'pat@example.com',
          marketingConsent: false,
          acceptTerms: true,
        },
        idempotencyKey: randomUUID(),
      }),
    }),
  );
  expect(res.status).toBe(201);
  const made = CreateBookingResponseSchema.parse(await res.json());
  const [row] = await query<{ stripe_session_id: string; deposit_pence: number }>(
    'SELECT stripe_session_id, deposit_pence FROM bookings WHERE id = $1',
    [made.bookingId],
  );
  const { body, signature } = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
    id: row!.stripe_session_id,
    status: 'complete',
    payment_status: 'paid',
    amount_total: row!.deposit_pence,
    currency: 'gbp',
    payment_intent: `pi_party_${made.bookingId.slice(0, 8)}`,
    client_reference_id: made.bookingId,
    metadata: { booking_id: made.bookingId },
  });
  const paid = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature }, body }),
  );
  expect(paid.status).toBe(200);
  return made.bookingId;
}

let dayIndex = 4;
/** An open day ahead with room for the party asked, a new one each call. */
async function freeDay(dogs: string) {
  const res = await availabilityHandler(new Request(`${API}/availability?${dogs}`));
  const days = fromTomorrow(AvailabilityResponseSchema.parse(await res.json()).days).filter(
    (d) => d.open && d.slots.length >= 10,
  );
  return days[dayIndex++]!;
}

async function scheduleOf(date: string, partyId?: string): Promise<ScheduleBooking[]> {
  const res = await call('GET', `/v1.0.1/management/schedule?from=${date}`, { key: staff.key });
  expect(res.status).toBe(200);
  const { bookings } = ScheduleResponseSchema.parse(res.body);
  return partyId ? bookings.filter((b) => b.partyId === partyId) : bookings;
}
const byName = (bookings: ScheduleBooking[]) => Object.fromEntries(bookings.map((b) => [b.dog.name, b]));

describe('the several-dogs settings', () => {
  it('saves the limit and the placement, audited, and the times follow them', async () => {
    const since = await lastAuditId();
    const res = await callRecords(settingsHandler, 'POST', '/v1.0.1/management/settings', {
      key: staff.key,
      body: { maxDogsPerBooking: 2, partyPlacement: 'one_after_another' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ settings: { maxDogsPerBooking: 2, partyPlacement: 'one_after_another' } });
    expect(await auditSince(since)).toMatchObject([
      {
        action: 'settings.update',
        staff_id: staff.id,
        before: { maxDogsPerBooking: 3, partyPlacement: 'either' },
        after: { maxDogsPerBooking: 2, partyPlacement: 'one_after_another' },
      },
    ]);
    const three = await availabilityHandler(new Request(`${API}/availability?dogs=full:13,shower:8,shower:6`));
    expect(three.status).toBe(400);
    const two = await availabilityHandler(new Request(`${API}/availability?dogs=full:13,shower:8`));
    const slots = AvailabilityResponseSchema.parse(await two.json()).days.flatMap((d) => d.slots);
    expect(new Set(slots.map((s) => s.placement))).toEqual(new Set(['one_after_another']));

    const back = await callRecords(settingsHandler, 'POST', '/v1.0.1/management/settings', {
      key: staff.key,
      body: { maxDogsPerBooking: 3, partyPlacement: 'either' },
    });
    expect(back.status).toBe(200);
  });

  it.each([
    ['no dogs', { maxDogsPerBooking: 0 }],
    ['seven dogs', { maxDogsPerBooking: 7 }],
    ['half a dog', { maxDogsPerBooking: 1.5 }],
    ['a number in words', { maxDogsPerBooking: 'two' }],
    ['a placement we do not have', { partyPlacement: 'stacked' }],
  ])('refuses %s with a 400 and writes nothing', async (_, body) => {
    const since = await lastAuditId();
    const before = await loadBookingSettings();
    const res = await callRecords(settingsHandler, 'POST', '/v1.0.1/management/settings', { key: staff.key, body });
    expect(res.status).toBe(400);
    expect(await auditSince(since)).toEqual([]);
    expect(await loadBookingSettings()).toEqual(before);
  });

  it('refuses a stranger with a 401', async () => {
    const res = await callRecords(settingsHandler, 'POST', '/v1.0.1/management/settings', {
      body: { maxDogsPerBooking: 1 },
    });
    expect(res.status).toBe(401);
  });
});

describe('the counter amounts of a booking of several dogs', () => {
  it('shares the one deposit among the dogs, and a dog split out leaves its part with those left', async () => {
    const day = await freeDay('dogs=full:13,shower:8,shower:6');
    const partyId = await book([REX, BISCUIT, MOSS], day.slots[0]!.start);
    const dogs = byName(await scheduleOf(day.date, partyId));
    expect(Object.keys(dogs).sort()).toEqual(['Biscuit', 'Moss', 'Rex']);
    for (const dog of Object.values(dogs)) {
      // Each dog's own £10, not £30 off the first dog and nothing off the others.
      expect(dog.partyDepositHeldPence).toBe(3000);
      expect(dog.depositHeldPence).toBe(1000);
      expect(dog.balanceDuePence).toBe(dog.totalFromPence - 1000);
    }
    // Finances still count the deposit once, on the first dog's row.
    expect(dogs.Rex!.depositPence).toBe(3000);
    expect(dogs.Biscuit!.depositPence).toBe(0);

    const split = await call('POST', `/v1.0.1/management/bookings/${dogs.Moss!.id}/split`, {
      key: staff.key,
      body: {},
    });
    expect(split.status).toBe(200);
    const answer = SplitResponseSchema.parse(split.body);
    expect(answer.booking).toMatchObject({ depositHeldPence: 0, balanceDuePence: answer.booking.totalFromPence });
    expect(answer.booking.partyId).toBeUndefined();
    expect(answer.booking.partyDepositHeldPence).toBeUndefined();
    // Rex and Biscuit stay one booking and now share the £30 paid.
    expect(answer.from).toMatchObject({ partyId, depositHeldPence: 1500, partyDepositHeldPence: 3000 });

    const after = byName(await scheduleOf(day.date));
    expect(after.Moss).toMatchObject({ id: dogs.Moss!.id, start: dogs.Moss!.start, depositHeldPence: 0 });
    expect(after.Moss!.partyId).toBeUndefined();
    expect(after.Rex).toMatchObject({
      partyId,
      depositHeldPence: 1500,
      balanceDuePence: dogs.Rex!.totalFromPence - 1500,
    });
    expect(after.Biscuit).toMatchObject({
      partyId,
      depositHeldPence: 1500,
      balanceDuePence: dogs.Biscuit!.totalFromPence - 1500,
    });
  });

  it('a single dog’s amounts are as before', async () => {
    const day = await freeDay('dogs=full:13,shower:8');
    const one = await rawBooking({
      start: new Date(day.slots[0]!.start),
      depositPaidPence: 1000,
      totalFromPence: 4500,
    });
    const [b] = (await scheduleOf(day.date)).filter((x) => x.id === one.id);
    expect(b).toMatchObject({ depositHeldPence: 1000, balanceDuePence: 3500 });
    expect(b!.partyDepositHeldPence).toBeUndefined();
  });
});

describe('free times when staff move a dog of a booking of several', () => {
  it('offers only the times where the whole booking fits, as the customer’s move does', async () => {
    const day = await freeDay('dogs=full:13,shower:8');
    const slots = day.slots.filter((s) => s.placement === 'side_by_side');
    const partyId = await book([REX, BISCUIT], slots[0]!.start, 'side_by_side');
    const biscuit = (await scheduleOf(day.date, partyId)).find((b) => b.dog.name === 'Biscuit')!;
    // Another customer takes one of the two tables later in the day: one dog still fits there, two side by side do not.
    const later = slots.find((s) => Date.parse(s.start) >= Date.parse(slots[0]!.start) + 4 * 3_600_000)!;
    await rawBooking({ start: new Date(later.start), minutes: 60 });

    const oneDog = await call('GET', `/v1.0.1/management/free-times?service=shower&date=${day.date}`, {
      key: staff.key,
    });
    const staffTimes = await call(
      'GET',
      `/v1.0.1/management/free-times?service=shower&date=${day.date}&exclude=${biscuit.id}`,
      { key: staff.key },
    );
    expect(staffTimes.status).toBe(200);
    const offered = FreeTimesResponseSchema.parse(staffTimes.body).day.slots.map((s) => s.start);
    expect(FreeTimesResponseSchema.parse(oneDog.body).day.slots.map((s) => s.start)).toContain(later.start);
    expect(offered).not.toContain(later.start);
    // The same starts the customer's own move is offered (a start is the first dog's).
    const customer = await availabilityHandler(
      new Request(`${API}/availability?service=full&from=${day.date}&days=1&exclude=${partyId}`),
    );
    const customerTimes = AvailabilityResponseSchema.parse(await customer.json()).days[0]!.slots.map((s) => s.start);
    expect(offered).toEqual(customerTimes);
    expect(offered).toContain(slots[0]!.start);

    // A time not offered is refused; an offered one moves both dogs together.
    const refused = await call('POST', `/v1.0.1/management/bookings/${biscuit.id}/move`, {
      key: staff.key,
      body: { start: later.start },
    });
    expect(refused.status).toBe(409);
    const target = offered.find((s) => Date.parse(s) > Date.parse(slots[0]!.start))!;
    const moved = await call('POST', `/v1.0.1/management/bookings/${biscuit.id}/move`, {
      key: staff.key,
      body: { start: target },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const now = byName(await scheduleOf(day.date, partyId));
    expect(now.Rex!.start).toBe(target);
    expect(now.Biscuit!.start).toBe(target);
  });

  it('refuses free times for a stranger', async () => {
    const res = await call('GET', `/v1.0.1/management/free-times?service=full&date=2026-12-01`);
    expect(res.status).toBe(401);
  });
});
