import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import * as managementSettings from '../../netlify/functions/management-settings.ts';
import settlePayments from '../../netlify/functions/settle-payments.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import type { TimeFreedCause } from '../../src/domain/time-freed.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { claimTimesFreed, markTimesFreedHandled } from '../../src/server/waitlist/time-freed.ts';
import { signedEvent, type FakeStripe } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call as staffCall, rawBooking, staffKey } from '../helpers/staff-schedule.ts';
import { call as settingsCall, type Handler } from '../helpers/staff-records.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * "A time has freed" (docs/decisions/083): every path that gives a time back raises exactly the
 * event it should, read through the waitlist's own API (claimTimesFreed), and the paths that free
 * nothing raise nothing. Each path goes through its real entry point: the function an owner's page
 * or the staff screens call, Stripe's webhook, the scheduled reconciler.
 */
const WEBHOOK_SECRET = 'whsec_test_time_freed';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_time_freed';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
process.env.CMS_REBUILD_DELAY_SECONDS = '0';

let stripe: FakeStripe;
useFakeStripe((started) => (stripe = started));
useTestDatabase();

const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const bookingChangesHandler = routed(bookingChanges);
const settingsHandler = routed(managementSettings) as Handler;

let staff: { id: string; key: string };
beforeAll(async () => {
  // A £10 deposit, so an online booking is an unpaid hold until Stripe says it is paid; two tables.
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
  staff = await staffKey('Freed Tester');
});

interface Seen {
  cause: TimeFreedCause;
  bookingId: string | null;
  start: string;
  end: string;
}
/** The events raised since the last look, handled as the waitlist will handle them. */
async function freed(): Promise<Seen[]> {
  return transaction(async (tx) => {
    const events = await claimTimesFreed(tx, 100);
    await markTimesFreedHandled(
      tx,
      events.map((e) => e.id),
      new Date(),
    );
    return events.map((e) => ({
      cause: e.cause,
      bookingId: e.bookingId,
      start: e.start.toISOString(),
      end: e.end.toISOString(),
    }));
  });
}
beforeEach(async () => {
  await freed();
});

let dayIndex = 0;
/** A fresh open day (at least two days away, so changes are in good time) for each test. */
async function nextDay(q = 'service=full') {
  const res = await availabilityHandler(new Request(`${API}/availability?${q}`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  const away = Date.now() + 48 * 3_600_000;
  const day = days.filter((d) => d.open && d.slots.length >= 12 && Date.parse(d.slots[0]!.start) > away)[dayIndex++];
  if (!day) throw new Error('out of days');
  return { date: day.date, slots: day.slots.map((s) => s.start) };
}

let phoneNo = 100;
const owner = () => ({
  name: 'Sam Waiting',
  phone: `07700 900${phoneNo++}`,
  email: `sam${phoneNo}@example.com`,
  marketingConsent: false,
  acceptTerms: true,
});
const dog = { name: 'Biscuit', breedId: 'border-terrier', weightKg: 9, coat: 'wire' };

async function post(body: unknown) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
/** An online booking, left as its unpaid hold. */
async function hold(start: string): Promise<string> {
  const made = await post({ serviceId: 'full', start, dog, owner: owner(), idempotencyKey: randomUUID() });
  expect(made.status).toBe(201);
  return CreateBookingResponseSchema.parse(made.body).bookingId;
}
async function session(id: string) {
  const [r] = await query<{ stripe_session_id: string }>('SELECT stripe_session_id FROM bookings WHERE id = $1', [id]);
  return r!.stripe_session_id;
}
async function webhook(type: string, object: Record<string, unknown>) {
  const { body, signature } = signedEvent(WEBHOOK_SECRET, type, object);
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature }, body }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { outcome?: string }).outcome;
}
async function pay(id: string, amount = 1000) {
  const paid = await session(id);
  stripe.pay(paid, `pi_freed_${id.slice(0, 10)}`);
  const outcome = await webhook('checkout.session.completed', {
    id: paid,
    status: 'complete',
    payment_status: 'paid',
    amount_total: amount,
    currency: 'gbp',
    payment_intent: `pi_freed_${id.slice(0, 10)}`,
    client_reference_id: id,
    metadata: { booking_id: id },
  });
  expect(outcome).toBe('confirmed');
}
/** An online booking paid for: confirmed. */
async function booked(start: string): Promise<string> {
  const id = await hold(start);
  await pay(id);
  return id;
}
/** The time a booking holds now, as its event should name it. */
async function timeOf(id: string) {
  const [r] = await query<{ start_at: Date; end_at: Date }>('SELECT start_at, end_at FROM bookings WHERE id = $1', [
    id,
  ]);
  return { start: r!.start_at.toISOString(), end: r!.end_at.toISOString() };
}
const ownerChange = async (id: string, action: 'cancel' | 'move', body: unknown = {}) => {
  const res = await bookingChangesHandler(
    new Request(`${API}/bookings/${id}/${action}`, { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) }),
  );
  expect(res.status).toBe(200);
};
/** As if the hold's time had run out (the clock, not a path of its own). */
const lapse = (id: string) =>
  query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);

describe('paths that free nothing raise nothing', () => {
  it('a booking made, its payment confirming the hold, a note, a no-show mark, a block and a closure added', async () => {
    const day = await nextDay();
    const id = await hold(day.slots[0]!);
    expect(await freed()).toEqual([]);
    await pay(id);
    expect(await freed()).toEqual([]);

    expect(
      (await staffCall('POST', `/v1.0.1/management/bookings/${id}/note`, { key: staff.key, body: { note: 'Shy' } }))
        .status,
    ).toBe(200);
    // A no-show is marked once the appointment has begun: one that began an hour ago.
    const past = await rawBooking({ start: new Date(Date.now() - 3_600_000) });
    await freed();
    const marked = await staffCall('POST', `/v1.0.1/management/bookings/${past.id}/attendance`, {
      key: staff.key,
      body: { attendance: 'no_show' },
    });
    expect(marked.status).toBe(200);

    const block = await staffCall('POST', '/v1.0.1/management/blocks', {
      key: staff.key,
      body: { start: day.slots[10]!, end: new Date(Date.parse(day.slots[10]!) + 3_600_000).toISOString() },
    });
    expect(block.status).toBe(201);
    const closed = await settingsCall(settingsHandler, 'POST', '/v1.0.1/management/closures', {
      key: staff.key,
      body: { date: (await nextDay()).date, reason: 'Training' },
    });
    expect(closed.status).toBe(201);
    expect(await freed()).toEqual([]);
  });
});

describe('a booking gives its time back', () => {
  it('the owner cancels on /b/{id}', async () => {
    const id = await booked((await nextDay()).slots[0]!);
    const was = await timeOf(id);
    await ownerChange(id, 'cancel', { reason: 'Poorly' });
    expect(await freed()).toEqual([{ cause: 'cancelled', bookingId: id, ...was }]);
  });

  it('the owner moves: the old time frees, the new one is taken', async () => {
    const day = await nextDay();
    const id = await booked(day.slots[0]!);
    const was = await timeOf(id);
    await ownerChange(id, 'move', { start: day.slots[12]! });
    expect((await timeOf(id)).start).toBe(day.slots[12]!);
    expect(await freed()).toEqual([{ cause: 'moved', bookingId: id, ...was }]);
  });

  it('staff cancel', async () => {
    const id = await booked((await nextDay()).slots[0]!);
    const was = await timeOf(id);
    const res = await staffCall('POST', `/v1.0.1/management/bookings/${id}/cancel`, {
      key: staff.key,
      body: { reason: 'Groomer off sick', refundDeposit: true },
    });
    expect(res.status).toBe(200);
    expect(await freed()).toEqual([{ cause: 'cancelled', bookingId: id, ...was }]);
  });

  it('staff move it on the schedule', async () => {
    const day = await nextDay();
    const id = await booked(day.slots[0]!);
    const was = await timeOf(id);
    const res = await staffCall('POST', `/v1.0.1/management/bookings/${id}/move`, {
      key: staff.key,
      body: { start: day.slots[8]! },
    });
    expect(res.status).toBe(200);
    expect(await freed()).toEqual([{ cause: 'moved', bookingId: id, ...was }]);
  });
});

describe('a booking of several dogs', () => {
  const partyQuery = 'dogs=full:9,shower:8';
  const party = (start: string) => ({
    dogs: [
      { serviceId: 'full', dog },
      { serviceId: 'shower', dog: { name: 'Bella', breedId: 'whippet', weightKg: 8, coat: 'short' } },
    ],
    start,
    owner: owner(),
    idempotencyKey: randomUUID(),
  });
  async function bookParty(start: string) {
    const made = await post(party(start));
    expect(made.status).toBe(201);
    const lead = CreateBookingResponseSchema.parse(made.body).bookingId;
    await pay(lead, 2000);
    const dogs = await query<{ id: string }>('SELECT id FROM bookings WHERE party_id = $1 ORDER BY start_at, id', [
      lead,
    ]);
    expect(dogs).toHaveLength(2);
    return { lead, dogs: await Promise.all(dogs.map(async (d) => ({ id: d.id, ...(await timeOf(d.id)) }))) };
  }
  const byBooking = (a: Seen, b: Seen) => (a.bookingId! < b.bookingId! ? -1 : 1);

  it('cancelled: one event per dog, each over its own time', async () => {
    const { lead, dogs } = await bookParty((await nextDay(partyQuery)).slots[0]!);
    await ownerChange(lead, 'cancel');
    expect((await freed()).sort(byBooking)).toEqual(
      dogs.map((d): Seen => ({ cause: 'cancelled', bookingId: d.id, start: d.start, end: d.end })).sort(byBooking),
    );
  });

  it('moved: one event per dog, over its old time', async () => {
    const day = await nextDay(partyQuery);
    const { lead, dogs } = await bookParty(day.slots[0]!);
    await ownerChange(lead, 'move', { start: day.slots[12]! });
    expect((await freed()).sort(byBooking)).toEqual(
      dogs.map((d): Seen => ({ cause: 'moved', bookingId: d.id, start: d.start, end: d.end })).sort(byBooking),
    );
  });

  it('staff splitting a dog out frees nothing: it keeps its time and its table', async () => {
    const { dogs, lead } = await bookParty((await nextDay(partyQuery)).slots[0]!);
    const other = dogs.find((d) => d.id !== lead)!;
    const res = await staffCall('POST', `/v1.0.1/management/bookings/${other.id}/split`, {
      key: staff.key,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(await freed()).toEqual([]);
  });
});

describe('an unpaid hold gives its time back', () => {
  it('lapsed, swept by the reconciler (the settle-payments scheduled function)', async () => {
    const id = await hold((await nextDay()).slots[0]!);
    const was = await timeOf(id);
    await lapse(id);
    expect((await settlePayments()).status).toBe(204);
    expect(await freed()).toEqual([{ cause: 'expired', bookingId: id, ...was }]);
  });

  it('lapsed, expired by another booking of its time', async () => {
    const day = await nextDay();
    const id = await hold(day.slots[0]!);
    const was = await timeOf(id);
    await lapse(id);
    await hold(day.slots[0]!);
    expect(await freed()).toEqual([{ cause: 'expired', bookingId: id, ...was }]);
  });

  it('lapsed, expired by a booking of several dogs at its time', async () => {
    const day = await nextDay('dogs=full:9,shower:8');
    const id = await hold(day.slots[0]!);
    const was = await timeOf(id);
    await lapse(id);
    const made = await post({
      dogs: [
        { serviceId: 'full', dog },
        { serviceId: 'shower', dog: { name: 'Bella', breedId: 'whippet', weightKg: 8, coat: 'short' } },
      ],
      start: day.slots[0]!,
      owner: owner(),
      idempotencyKey: randomUUID(),
    });
    expect(made.status).toBe(201);
    expect(await freed()).toEqual([{ cause: 'expired', bookingId: id, ...was }]);
  });

  it('its Checkout page expired (webhook checkout.session.expired)', async () => {
    const id = await hold((await nextDay()).slots[0]!);
    const was = await timeOf(id);
    const outcome = await webhook('checkout.session.expired', {
      id: await session(id),
      status: 'expired',
      payment_status: 'unpaid',
      amount_total: 1000,
      payment_intent: null,
      client_reference_id: id,
      metadata: { booking_id: id },
    });
    expect(outcome).toMatch(/expired|released/);
    expect(await freed()).toEqual([{ cause: 'expired', bookingId: id, ...was }]);
  });

  it('its bank payment failed (webhook checkout.session.async_payment_failed)', async () => {
    const id = await hold((await nextDay()).slots[0]!);
    const was = await timeOf(id);
    const base = { id: await session(id), amount_total: 1000, client_reference_id: id, metadata: { booking_id: id } };
    expect(await webhook('checkout.session.completed', { ...base, status: 'complete', payment_status: 'unpaid' })).toBe(
      'awaiting_payment',
    );
    expect(await freed()).toEqual([]);
    expect(
      await webhook('checkout.session.async_payment_failed', { ...base, status: 'complete', payment_status: 'unpaid' }),
    ).toBe('payment_failed_released');
    expect(await freed()).toEqual([{ cause: 'expired', bookingId: id, ...was }]);
  });

  it('its payment page could not be opened (Stripe down while booking)', async () => {
    const day = await nextDay();
    stripe.failNext(1);
    const made = await post({
      serviceId: 'full',
      start: day.slots[0]!,
      dog,
      owner: owner(),
      idempotencyKey: randomUUID(),
    });
    stripe.failNext(0);
    expect(made.status).toBe(409);
    const [held] = await query<{ id: string }>(`SELECT id FROM bookings WHERE start_at = $1 AND status = 'expired'`, [
      day.slots[0]!,
    ]);
    expect(await freed()).toEqual([{ cause: 'expired', bookingId: held!.id, ...(await timeOf(held!.id)) }]);
  });
});

describe('the shop gives time back', () => {
  it('a block removed', async () => {
    const day = await nextDay();
    const start = day.slots[4]!;
    const end = new Date(Date.parse(start) + 2 * 3_600_000).toISOString();
    const made = await staffCall('POST', '/v1.0.1/management/blocks', { key: staff.key, body: { start, end } });
    expect(made.status).toBe(201);
    expect(await freed()).toEqual([]);
    const removed = await staffCall('POST', `/v1.0.1/management/blocks/${made.body.block.id}/remove`, {
      key: staff.key,
      body: {},
    });
    expect(removed.status).toBe(200);
    expect(await freed()).toEqual([{ cause: 'unblocked', bookingId: null, start, end }]);
  });

  it('a block shortened (no endpoint does this yet; the database raises it for whatever will)', async () => {
    const day = await nextDay();
    const start = new Date(day.slots[0]!);
    const end = new Date(start.getTime() + 3 * 3_600_000);
    await query(`INSERT INTO time_blocks (id, start_at, end_at) VALUES ('shortenedblock01', $1, $2)`, [start, end]);
    await query(`UPDATE time_blocks SET end_at = end_at + interval '1 hour' WHERE id = 'shortenedblock01'`);
    await query(`UPDATE time_blocks SET reason = 'Longer break' WHERE id = 'shortenedblock01'`);
    expect(await freed()).toEqual([]);
    await query(`UPDATE time_blocks SET end_at = $2 WHERE id = $1`, ['shortenedblock01', end]);
    expect(await freed()).toEqual([
      {
        cause: 'unblocked',
        bookingId: null,
        start: start.toISOString(),
        end: new Date(end.getTime() + 3_600_000).toISOString(),
      },
    ]);
    await query(`DELETE FROM time_blocks WHERE id = 'shortenedblock01'`);
  });

  it('a closed day lifted: the whole London day', async () => {
    const date = addDays(todayIn('Europe/London', new Date()), 30);
    expect(
      (
        await settingsCall(settingsHandler, 'POST', '/v1.0.1/management/closures', {
          key: staff.key,
          body: { date, reason: 'Holiday' },
        })
      ).status,
    ).toBe(201);
    expect(await freed()).toEqual([]);
    const lifted = await settingsCall(settingsHandler, 'POST', `/v1.0.1/management/closures/${date}/remove`, {
      key: staff.key,
      body: {},
    });
    expect(lifted.status).toBe(200);
    expect(await freed()).toEqual([
      {
        cause: 'reopened',
        bookingId: null,
        start: zonedDateTimeToInstant(date, '00:00', 'Europe/London').toISOString(),
        end: zonedDateTimeToInstant(addDays(date, 1), '00:00', 'Europe/London').toISOString(),
      },
    ]);
  });
});

describe('the shop’s rules change in Settings', () => {
  const save = async (body: Record<string, unknown>) => {
    const res = await settingsCall(settingsHandler, 'POST', '/v1.0.1/management/settings', { key: staff.key, body });
    expect(res.status).toBe(200);
  };
  const current = async () => {
    const res = await settingsCall(settingsHandler, 'GET', '/v1.0.1/management/settings', { key: staff.key });
    return res.body.settings as {
      capacity: number;
      openingHours: Record<string, { opens: string; closes: string } | null>;
    };
  };
  /** The one event a change that may free time raises: from now to the end of the horizon (8 weeks). */
  async function expectHorizonFreed(before: number) {
    const seen = await freed();
    expect(seen).toHaveLength(1);
    const [event] = seen;
    expect(event).toMatchObject({ cause: 'settings', bookingId: null });
    expect(Date.parse(event!.start)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(event!.start)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(event!.end) - Date.parse(event!.start)).toBe((8 * 7 + 1) * 86_400_000);
  }

  it('more grooming tables', async () => {
    const { capacity } = await current();
    const before = Date.now();
    await save({ capacity: capacity + 1 });
    await expectHorizonFreed(before);
    // Back to as it was: fewer tables free nothing.
    await save({ capacity });
    expect(await freed()).toEqual([]);
  });

  it('longer opening hours', async () => {
    const { openingHours } = await current();
    const [day, span] = Object.entries(openingHours).find(([, s]) => s !== null)!;
    const before = Date.now();
    await save({ openingHours: { ...openingHours, [day]: { opens: span!.opens, closes: '20:00' } } });
    await expectHorizonFreed(before);
    // Back to as it was: shorter hours free nothing; nor does a new deposit.
    await save({ openingHours });
    await save({ deposit: { kind: 'fixed', pence: 1500 } });
    await save({ deposit: { kind: 'fixed', pence: 1000 } });
    expect(await freed()).toEqual([]);
  });

  it('the waitlist’s and check-in’s own settings free nothing (20261130000000)', async () => {
    await save({ waitlist: { offersAtOnce: 5, offerMinutes: 30, wakingHours: { from: '07:00', to: '22:00' } } });
    await save({
      checkIn: {
        tiers: [{ id: 'heavy-matting', label: 'Heavy matting', kind: 'matting', surchargePence: 2000 }],
        vaccinationsRequired: false,
      },
    });
    expect(await freed()).toEqual([]);
  });

  it('a day the shop was closed on opens', async () => {
    const { openingHours } = await current();
    const [day] = Object.entries(openingHours).find(([, s]) => s === null)!;
    const before = Date.now();
    await save({ openingHours: { ...openingHours, [day]: { opens: '10:00', closes: '14:00' } } });
    await expectHorizonFreed(before);
    await save({ openingHours });
    expect(await freed()).toEqual([]);
  });
});

describe('a booking deleted outright', () => {
  it('raises "deleted" (no path of the app deletes a booking: erasure keeps them, and refuses one to come)', async () => {
    const made = await rawBooking({ start: new Date((await nextDay()).slots[0]!) });
    const was = await timeOf(made.id);
    await freed();
    await query('DELETE FROM bookings WHERE id = $1', [made.id]);
    expect(await freed()).toEqual([{ cause: 'deleted', bookingId: made.id, ...was }]);
  });
});

describe('the waitlist’s reading of the events', () => {
  it('takes the oldest first, and two sweeps at once never take the same row', async () => {
    const day = await nextDay();
    const ids = [await booked(day.slots[0]!), await booked(day.slots[8]!)];
    for (const id of ids) await ownerChange(id, 'cancel');
    // The embedded database runs one transaction at a time; SKIP LOCKED is proved on PostgreSQL
    // (time-freed-postgres.test.ts). Here: order, and handled rows never come back.
    const first = await transaction((tx) => claimTimesFreed(tx, 1));
    expect(first.map((e) => e.bookingId)).toEqual([ids[0]]);
    await transaction((tx) =>
      markTimesFreedHandled(
        tx,
        first.map((e) => e.id),
        new Date(),
      ),
    );
    expect((await freed()).map((e) => e.bookingId)).toEqual([ids[1]]);
    expect(await freed()).toEqual([]);
  });
});
