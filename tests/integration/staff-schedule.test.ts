import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import { BookingErrorSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import {
  AttendanceResponseSchema,
  FreeTimesResponseSchema,
  ScheduleResponseSchema,
  StaffBookingResponseSchema,
  type ScheduleBooking,
} from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import {
  auditRows,
  call,
  HOST,
  openDays,
  outboxOf,
  publicStarts,
  rawBooking,
  staffKey,
} from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const bookingChangesHandler = routed(bookingChanges);

/**
 * The schedule's staff API against a migrated, seeded database: each endpoint's validation, the
 * same booking rules as online (staff allowed more only where decision 060 says), the customer
 * told through the outbox, an audit row for every change, and nothing written by a refusal.
 * Who may call at all: management-api.test.ts (every management path, enumerated).
 */
useTestDatabase({ seed: true });
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
delete process.env.STRIPE_SECRET_KEY;

const TZ = 'Europe/London';
let staff: { id: string; key: string };
beforeAll(async () => {
  staff = await staffKey();
});

const as = (method: string, path: string, body?: unknown) =>
  call(method, path, { key: staff.key, ...(body === undefined ? {} : { body }) });
let days: Awaited<ReturnType<typeof openDays>> = [];
let dayIndex = 0;
/** A fresh open day for each test, so tests do not share tables. */
async function freshDay() {
  if (!days.length) days = await openDays('full');
  const day = days[dayIndex++];
  if (!day) throw new Error('out of open days');
  return day;
}
let phones = 100;
// Ofcom's drama numbers (07700 900000–900999): valid to the schema, nobody's phone.
const phone = () => `07700 900${String(phones++).padStart(3, '0')}`;
const newCustomer = () => ({ name: 'Jo Bloggs', phone: phone(), email: 'jo@example.com' });
const dog = {
  name: 'Bella',
  breedId: 'cockapoo',
  weightKg: 9.5,
  coat: 'long' as const,
  nervous: true,
  notes: 'Hates the dryer',
};
const phoneBooking = (start: string, extra: Record<string, unknown> = {}) => ({
  serviceId: 'full',
  start,
  customer: newCustomer(),
  dog,
  idempotencyKey: randomUUID(),
  ...extra,
});
async function counts() {
  const [row] = await query<{ b: number; c: number; a: number; o: number; t: number }>(
    `SELECT (SELECT count(*) FROM bookings)::int AS b, (SELECT count(*) FROM customers)::int AS c, (SELECT count(*) FROM audit_log)::int AS a,
            (SELECT count(*) FROM outbox)::int AS o, (SELECT count(*) FROM time_blocks)::int AS t`,
  );
  return row!;
}
async function bookOnline(start: string, phoneNumber = phone()) {
  const res = await bookingsHandler(
    new Request(`${HOST}/v1.0.1/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: 'full',
        start,
        dog: { name: 'Rex', breedId: 'beagle', weightKg: 14, coat: 'short' },
        idempotencyKey: randomUUID(),
        owner: {
          name: 'Sam Online',
          phone: phoneNumber,
          email: 'sam@example.com',
          marketingConsent: false,
          acceptTerms: true,
        },
      }),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /management/schedule', () => {
  it('gives a day of active bookings with their dog, customer, money and notes, the hours and the blocks', async () => {
    const day = await freshDay();
    const [first, second] = [day.slots[0]!.start, day.slots[8]!.start];
    const online = await bookOnline(first);
    expect(online.status).toBe(201);
    const phoned = await as('POST', '/v1.0.1/management/bookings', phoneBooking(second, { note: 'Call when done' }));
    expect(phoned.status, JSON.stringify(phoned.body)).toBe(201);
    const cancelled = await bookOnline(day.slots[12]!.start);
    await bookingChangesHandler(
      new Request(`${HOST}/v1.0.1/bookings/${String(cancelled.body.bookingId)}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );

    const res = await as('GET', `/v1.0.1/management/schedule?from=${day.date}&days=1`);
    expect(res.status).toBe(200);
    const schedule = ScheduleResponseSchema.parse(res.body);
    expect(schedule.tables).toBe(2);
    expect(schedule.days).toEqual([
      expect.objectContaining({ date: day.date, open: true, opens: '09:00', closes: '18:00' }),
    ]);
    // The cancelled one is not on the schedule.
    expect(schedule.bookings.map((b) => b.start)).toEqual([first, second]);
    const [a, b] = schedule.bookings as [ScheduleBooking, ScheduleBooking];
    expect(a).toMatchObject({
      takenBy: 'online',
      dog: { name: 'Rex', breed: 'Beagle' },
      customer: { name: 'Sam Online' },
      // Rex, 14 kg, is priced as a medium dog (decision 080).
      totalFromPence: 5500,
      balanceDuePence: 5500,
      attendance: null,
    });
    expect(b).toMatchObject({
      takenBy: 'phone',
      staffNote: 'Call when done',
      firstVisit: true,
      dog: { name: 'Bella', nervous: true, notes: 'Hates the dryer', weightKg: 9.5, coat: 'long' },
      customer: { name: 'Jo Bloggs' },
    });
    expect(schedule.next).toBeNull();
  });

  it('pages a busy week by cursor, each booking once and in order', async () => {
    await transaction((tx) => updateBookingSettings(tx, { capacity: 50 }));
    try {
      // A Monday a year ahead: 230 short bookings across its morning.
      const monday = '2027-11-22';
      const base = zonedDateTimeToInstant(monday, '09:00', TZ);
      const { customerId } = await rawBooking({ start: base, minutes: 15 });
      const [{ dog_id: dogId }] = (await query<{ dog_id: string }>(
        'SELECT dog_id FROM bookings WHERE customer_id = $1',
        [customerId],
      )) as [{ dog_id: string }];
      await query(
        `INSERT INTO bookings (id, customer_id, dog_id, service_id, start_at, end_at, status, quote, price_from_pence, idempotency_key, request_hash, contact_name, contact_email)
         SELECT 'page-test-' || lpad(i::text, 16, '0'), $1, $2, 'nails', $3::timestamptz + (i % 20) * interval '15 minutes',
                $3::timestamptz + (i % 20) * interval '15 minutes' + interval '15 minutes', 'confirmed', '{"totalFromPence":1000}', 1000,
                'page-test-' || i, repeat('0', 64), 'Pat Page', 'pat@example.com'
           FROM generate_series(1, 229) AS i`,
        [customerId, dogId, base],
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await as(
          'GET',
          `/v1.0.1/management/schedule?from=${monday}&days=7${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const page = ScheduleResponseSchema.parse(res.body);
        seen.push(...page.bookings.map((b) => b.id));
        if (pages > 0) expect(page.blocks).toEqual([]);
        cursor = page.next;
        pages++;
      } while (cursor && pages < 5);
      expect(pages).toBe(2);
      expect(new Set(seen).size).toBe(230);
      const [{ ids }] = (await query<{ ids: string[] }>(
        `SELECT array_agg(id ORDER BY start_at, id) AS ids FROM bookings WHERE start_at >= $1 AND start_at < $1::timestamptz + interval '1 day'`,
        [base],
      )) as [{ ids: string[] }];
      expect(seen).toEqual(ids);
    } finally {
      await transaction((tx) => updateBookingSettings(tx, { capacity: 2 }));
    }
  });

  it.each([
    ['no day', '/v1.0.1/management/schedule'],
    ['eight days', '/v1.0.1/management/schedule?from=2026-11-23&days=8'],
    ['not a date', '/v1.0.1/management/schedule?from=2026-02-30'],
    ['a year outside the business', '/v1.0.1/management/schedule?from=1999-12-31'],
    ['a made-up cursor', '/v1.0.1/management/schedule?from=2026-11-23&cursor=abc'],
    [
      'a cursor of another day',
      `/v1.0.1/management/schedule?from=2026-11-23&cursor=${Date.parse('2026-12-01T10:00:00Z')}.AAAAAAAAAAAAAAAAAAAAAA`,
    ],
    ['an unknown parameter', '/v1.0.1/management/schedule?from=2026-11-23&table=1'],
  ])('refuses %s with a 400', async (_name, path) => {
    const res = await as('GET', path);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('POST /management/bookings: a booking taken on the phone', () => {
  it('books a new customer, tells them (not the shop) through the outbox, names the staff and audits it', async () => {
    const day = await freshDay();
    const before = await counts();
    const body = phoneBooking(day.slots[2]!.start, { note: 'Prefers a short face' });
    const res = await as('POST', '/v1.0.1/management/bookings', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { booking } = StaffBookingResponseSchema.parse(res.body);
    expect(booking).toMatchObject({
      status: 'confirmed',
      start: day.slots[2]!.start,
      takenBy: 'phone',
      staffNote: 'Prefers a short face',
    });
    const [row] = await query<{ created_by: string; phone_proven: boolean; contact_phone: string; source: string }>(
      'SELECT created_by, phone_proven, contact_phone, source FROM bookings WHERE id = $1',
      [booking.id],
    );
    expect(row).toEqual({
      created_by: staff.id,
      phone_proven: true,
      contact_phone: expect.stringMatching(/^\+447700900/),
      source: 'phone',
    });
    expect((await outboxOf(booking.id)).map((m) => `${m.kind} ${m.channel}`).sort()).toEqual([
      'booking_confirmation email',
      'booking_confirmation sms',
    ]);
    expect(await auditRows(booking.id)).toEqual([
      expect.objectContaining({ action: 'booking.create', staff_id: staff.id }),
    ]);
    const after = await counts();
    expect(after.b - before.b).toBe(1);
    expect(after.c - before.c).toBe(1);

    // The same request again (a double tap) books once.
    const again = await as('POST', '/v1.0.1/management/bookings', body);
    expect(again.status).toBe(201);
    expect(again.body.booking.id).toBe(booking.id);
    expect((await counts()).b).toBe(after.b);
    const reused = await as('POST', '/v1.0.1/management/bookings', { ...body, start: day.slots[3]!.start });
    expect(reused).toMatchObject({ status: 409, body: { code: 'idempotency_conflict' } });
  });

  it('joins a customer found by the lookup: their record and their saved dog, updated', async () => {
    const day = await freshDay();
    const first = await as(
      'POST',
      '/v1.0.1/management/bookings',
      phoneBooking(day.slots[0]!.start, { customer: { name: 'Ada Lovelace', phone: '07700 900900' } }),
    );
    expect(first.status).toBe(201);
    const found = await as('GET', '/v1.0.1/management/customer-lookup?q=07700%20900900');
    const ada = found.body.customers[0];
    expect(ada).toMatchObject({
      name: 'Ada Lovelace',
      dogs: [expect.objectContaining({ name: 'Bella', weightKg: 9.5 })],
    });

    const second = await as(
      'POST',
      '/v1.0.1/management/bookings',
      phoneBooking(day.slots[12]!.start, {
        customer: { id: ada.id },
        dog: { ...dog, id: ada.dogs[0].id, weightKg: 10.5 },
      }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.booking).toMatchObject({
      customer: { id: ada.id, name: 'Ada Lovelace' },
      dog: { id: ada.dogs[0].id, weightKg: 10.5 },
    });
    const [{ n }] = (await query<{ n: number }>('SELECT count(*)::int AS n FROM dogs WHERE customer_id = $1', [
      ada.id,
    ])) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('holds staff to the online rules: opening hours, the grid, the horizon, the tables', async () => {
    const day = await freshDay();
    const start = day.slots[4]!.start;
    expect((await bookOnline(start)).status).toBe(201);
    expect((await bookOnline(start)).status).toBe(201);
    const before = await counts();
    const full = await as('POST', '/v1.0.1/management/bookings', phoneBooking(start));
    expect(full.status).toBe(409);
    const error = BookingErrorSchema.parse(full.body);
    expect(error.code).toBe('slot_taken');
    expect(error.slots?.map((s) => s.start)).not.toContain(start);
    expect(error.slots?.length).toBeGreaterThan(0);

    const sunday = (() => {
      let d = day.date;
      while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 0) d = addDays(d, 1);
      return d;
    })();
    const refusals = [
      { start: zonedDateTimeToInstant(sunday, '10:00', TZ).toISOString(), message: /closed/ },
      { start: zonedDateTimeToInstant(day.date, '10:05', TZ).toISOString(), message: /start times/ },
      { start: zonedDateTimeToInstant(day.date, '17:00', TZ).toISOString(), message: /start times/ }, // two hours would end after closing
      {
        start: zonedDateTimeToInstant(addDays(todayIn(TZ, new Date()), 70), '10:00', TZ).toISOString(),
        message: /weeks ahead/,
      },
      { start: new Date(Date.now() - 86_400_000).toISOString(), message: /passed/ },
    ];
    for (const r of refusals) {
      const res = await as('POST', '/v1.0.1/management/bookings', phoneBooking(r.start));
      expect(res.status, r.start).toBe(422);
      expect(res.body.error).toMatch(r.message);
    }
    const unknown = await as(
      'POST',
      '/v1.0.1/management/bookings',
      phoneBooking(day.slots[20]!.start, { customer: { id: 'NoSuchCustomer00000' } }),
    );
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const noBreed = await as(
      'POST',
      '/v1.0.1/management/bookings',
      phoneBooking(day.slots[20]!.start, { dog: { ...dog, breedId: 'unicorn' } }),
    );
    expect(noBreed.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('may book inside the minimum notice, where a customer may not', async () => {
    const day = await freshDay();
    await transaction((tx) => updateBookingSettings(tx, { minNoticeMinutes: 60 * 24 * 30 }));
    try {
      expect(await publicStarts('full', day.date)).toEqual([]);
      const free = await as('GET', `/v1.0.1/management/free-times?service=full&date=${day.date}`);
      const { day: staffDay } = FreeTimesResponseSchema.parse(free.body);
      expect(staffDay.slots.map((s) => s.start)).toEqual(day.slots.map((s) => s.start));
      expect((await bookOnline(day.slots[6]!.start)).status).toBe(422);
      expect((await as('POST', '/v1.0.1/management/bookings', phoneBooking(day.slots[6]!.start))).status).toBe(201);
    } finally {
      await transaction((tx) => updateBookingSettings(tx, { minNoticeMinutes: 120 }));
    }
  });

  it.each([
    ['a landline', { customer: { name: 'Jo', phone: '020 8539 1234' } }],
    ['no start', { start: undefined }],
    ['a dog of 300 kg', { dog: { ...dog, weightKg: 300 } }],
    ['a price sent by the caller', { price: 1 }],
    ['a control character in the note', { note: 'a\u0000b' }],
    ['a note too long', { note: 'x'.repeat(1001) }],
  ])('refuses %s with a 400 and writes nothing', async (_name, patch) => {
    const before = await counts();
    const res = await as('POST', '/v1.0.1/management/bookings', {
      ...phoneBooking('2026-12-01T10:00:00.000Z'),
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("leaves the public identity rules alone: a stranger online with that number gets a booking apart from the customer's", async () => {
    const day = await freshDay();
    const number = '07700 900950';
    expect(
      (
        await as(
          'POST',
          '/v1.0.1/management/bookings',
          phoneBooking(day.slots[0]!.start, { customer: { name: 'Real Owner', phone: number } }),
        )
      ).status,
    ).toBe(201);
    const stranger = await bookOnline(day.slots[10]!.start, number);
    expect(stranger.status).toBe(201);
    const records = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM customers WHERE phone = '+447700900950'`,
    );
    expect(records[0]!.n).toBe(2);
  });
});

describe('POST /management/bookings/{id}/move and /cancel', () => {
  it('moves inside the customer notice window, where the customer may not, and tells them', async () => {
    const day = await freshDay();
    const made = CreateBookingResponseSchema.parse((await bookOnline(day.slots[0]!.start)).body);
    // Booked a month ago, before the window (one booked inside it may move online: decision 079).
    await query(`UPDATE bookings SET created_at = now() - interval '30 days' WHERE id = $1`, [made.bookingId]);
    await transaction((tx) => updateBookingSettings(tx, { cancellationNoticeHours: 24 * 14 }));
    try {
      const own = await bookingChangesHandler(
        new Request(`${HOST}/v1.0.1/bookings/${made.bookingId}/move`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ start: day.slots[8]!.start }),
        }),
      );
      expect(own.status).toBe(409);
      const moved = await as('POST', `/v1.0.1/management/bookings/${made.bookingId}/move`, {
        start: day.slots[8]!.start,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.booking.start).toBe(day.slots[8]!.start);
    } finally {
      await transaction((tx) => updateBookingSettings(tx, { cancellationNoticeHours: 24 }));
    }
    expect((await outboxOf(made.bookingId)).map((m) => m.kind)).toContain('booking_moved');
    expect(await auditRows(made.bookingId)).toEqual([
      expect.objectContaining({
        action: 'booking.move',
        staff_id: staff.id,
        before: { start: day.slots[0]!.start },
        after: { start: day.slots[8]!.start },
      }),
    ]);
    // The old time is free again for a customer.
    expect(await publicStarts('full', day.date)).toContain(day.slots[0]!.start);
  });

  it('refuses a move into a full time with the fresh times, and leaves the booking where it was', async () => {
    const day = await freshDay();
    const mine = CreateBookingResponseSchema.parse((await bookOnline(day.slots[0]!.start)).body);
    await bookOnline(day.slots[16]!.start);
    await bookOnline(day.slots[16]!.start);
    const before = await counts();
    const res = await as('POST', `/v1.0.1/management/bookings/${mine.bookingId}/move`, { start: day.slots[16]!.start });
    expect(res).toMatchObject({ status: 409, body: { code: 'slot_taken' } });
    expect(res.body.slots.map((s: { start: string }) => s.start)).toContain(day.slots[0]!.start);
    expect(await counts()).toEqual(before);
    const [{ start_at: startAt }] = (await query<{ start_at: Date }>('SELECT start_at FROM bookings WHERE id = $1', [
      mine.bookingId,
    ])) as [{ start_at: Date }];
    expect(startAt.toISOString()).toBe(day.slots[0]!.start);
  });

  it('cancels, keeping or refunding a deposit as staff choose, and tells the customer', async () => {
    const day = await freshDay();
    const kept = await rawBooking({
      start: new Date(day.slots[0]!.start),
      depositPaidPence: 1000,
      phone: '+447700900960',
    });
    const refunded = await rawBooking({
      start: new Date(day.slots[10]!.start),
      depositPaidPence: 1000,
      phone: '+447700900961',
    });
    const a = await as('POST', `/v1.0.1/management/bookings/${kept.id}/cancel`, {
      reason: 'Rang to cancel late',
      refundDeposit: false,
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.booking).toMatchObject({ status: 'cancelled', depositHeldPence: 1000 });
    const b = await as('POST', `/v1.0.1/management/bookings/${refunded.id}/cancel`, {
      reason: 'Groomer ill',
      refundDeposit: true,
    });
    expect(b.body.booking).toMatchObject({ status: 'cancelled', depositHeldPence: 0 });
    const rows = await query<{ id: string; status_note: string; refund_due_pence: number }>(
      'SELECT id, status_note, refund_due_pence FROM bookings WHERE id = ANY($1) ORDER BY refund_due_pence',
      [[kept.id, refunded.id]],
    );
    expect(rows).toEqual([
      { id: kept.id, status_note: 'cancelled by the shop: Rang to cancel late', refund_due_pence: 0 },
      { id: refunded.id, status_note: 'cancelled by the shop: Groomer ill', refund_due_pence: 1000 },
    ]);
    expect((await outboxOf(refunded.id)).map((m) => `${m.kind} ${m.channel}`).sort()).toEqual([
      'booking_cancelled email',
      'booking_cancelled sms',
    ]);
    expect((await auditRows(kept.id))[0]).toMatchObject({ action: 'booking.cancel', after: { refundPence: 0 } });
    expect(await publicStarts('full', day.date)).toContain(day.slots[0]!.start);

    const twice = await as('POST', `/v1.0.1/management/bookings/${kept.id}/cancel`, {});
    expect(twice).toMatchObject({ status: 409, body: { code: 'policy' } });
  });

  it.each([
    {
      name: 'an unknown booking',
      path: '/v1.0.1/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/move',
      body: { start: '2026-12-01T10:00:00.000Z' },
      status: 404,
    },
    {
      name: 'an odd id',
      path: '/v1.0.1/management/bookings/..%2F..%2Fx/move',
      body: { start: '2026-12-01T10:00:00.000Z' },
      status: 404,
    },
    {
      name: 'an unknown action',
      path: '/v1.0.1/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/delete',
      body: {},
      status: 404,
    },
    {
      name: 'a move without a start',
      path: '/v1.0.1/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/move',
      body: {},
      status: 400,
    },
    {
      name: 'a cancel with a refund of "yes"',
      path: '/v1.0.1/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/cancel',
      body: { refundDeposit: 'yes' },
      status: 400,
    },
  ])('answers $name with a $status', async ({ path, body, status }) => {
    expect((await as('POST', path, body)).status).toBe(status);
  });
});

describe('POST /management/bookings/{id}/attendance and /note', () => {
  it('marks arrived, then completed with the balance taken, and takes a no-show back (the undo)', async () => {
    const earlier = new Date(Math.floor((Date.now() - 3 * 3600_000) / 300_000) * 300_000);
    const done = await rawBooking({ start: earlier, minutes: 60, depositPaidPence: 1000 });
    const missed = await rawBooking({ start: new Date(earlier.getTime() + 60 * 60_000), minutes: 60 });

    const arrived = AttendanceResponseSchema.parse(
      (await as('POST', `/v1.0.1/management/bookings/${done.id}/attendance`, { attendance: 'arrived' })).body,
    );
    expect(arrived).toMatchObject({
      booking: { attendance: 'arrived', balanceDuePence: 3500 },
      previous: { attendance: null, balance: null },
    });
    const completed = AttendanceResponseSchema.parse(
      (
        await as('POST', `/v1.0.1/management/bookings/${done.id}/attendance`, {
          attendance: 'completed',
          balance: { pence: 4000, method: 'card' },
        })
      ).body,
    );
    expect(completed.booking).toMatchObject({
      attendance: 'completed',
      balancePaidPence: 4000,
      balanceMethod: 'card',
      balanceDuePence: 0,
    });
    const [row] = await query<{ arrived_at: Date | null; completed_at: Date | null; balance_paid_at: Date | null }>(
      'SELECT arrived_at, completed_at, balance_paid_at FROM bookings WHERE id = $1',
      [done.id],
    );
    expect(row!.arrived_at).toBeInstanceOf(Date);
    expect(row!.completed_at).toBeInstanceOf(Date);
    expect(row!.balance_paid_at).toBeInstanceOf(Date);

    const noShow = AttendanceResponseSchema.parse(
      (await as('POST', `/v1.0.1/management/bookings/${missed.id}/attendance`, { attendance: 'no_show' })).body,
    );
    expect(noShow.booking.attendance).toBe('no_show');
    const undone = await as('POST', `/v1.0.1/management/bookings/${missed.id}/attendance`, {
      attendance: noShow.previous.attendance,
    });
    expect(undone.body.booking.attendance).toBeNull();
    expect((await auditRows(missed.id)).map((a) => `${a.action} ${a.after.attendance}`)).toEqual([
      'booking.attendance no_show',
      'booking.attendance null',
    ]);

    // Undoing a completion takes the balance off too, so Finances never counts money not taken.
    const back = await as('POST', `/v1.0.1/management/bookings/${done.id}/attendance`, { attendance: 'arrived' });
    expect(back.body.booking).toMatchObject({ attendance: 'arrived', balancePaidPence: 0, balanceMethod: null });
    expect(back.body.previous).toEqual({ attendance: 'completed', balance: { pence: 4000, method: 'card' } });
  });

  it('refuses a no-show before its time, a mark on a later day, and a cancelled booking', async () => {
    // A day of its own: a time picked by the clock once met another test's full tables.
    const soon = await rawBooking({ start: new Date((await freshDay()).slots[0]!.start) });
    const before = await counts();
    expect(
      await as('POST', `/v1.0.1/management/bookings/${soon.id}/attendance`, { attendance: 'no_show' }),
    ).toMatchObject({ status: 409, body: { code: 'policy' } });
    expect(
      (await as('POST', `/v1.0.1/management/bookings/${soon.id}/attendance`, { attendance: 'arrived' })).status,
    ).toBe(409);
    expect(
      (
        await as('POST', `/v1.0.1/management/bookings/${soon.id}/attendance`, {
          attendance: 'no_show',
          balance: { pence: 10, method: 'cash' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await as('POST', `/v1.0.1/management/bookings/${soon.id}/attendance`, {
          attendance: 'completed',
          balance: { pence: -1, method: 'cash' },
        })
      ).status,
    ).toBe(400);
    const gone = await rawBooking({
      start: new Date(Math.floor((Date.now() - 86_400_000) / 300_000) * 300_000),
      status: 'cancelled',
    });
    expect(
      (await as('POST', `/v1.0.1/management/bookings/${gone.id}/attendance`, { attendance: 'no_show' })).status,
    ).toBe(409);
    expect((await counts()).a).toBe(before.a + 0);
  });

  it('keeps a note for the team and audits it', async () => {
    const booking = await rawBooking({ start: new Date((await freshDay()).slots[0]!.start) });
    const res = await as('POST', `/v1.0.1/management/bookings/${booking.id}/note`, {
      note: 'Muzzle for nails\nOwner will wait',
    });
    expect(res.body.booking.staffNote).toBe('Muzzle for nails\nOwner will wait');
    expect((await auditRows(booking.id))[0]).toMatchObject({ action: 'booking.note', before: { note: '' } });
    expect(
      (await as('POST', `/v1.0.1/management/bookings/${booking.id}/note`, { note: 'x'.repeat(1001) })).status,
    ).toBe(400);
  });
});

describe('GET /management/customer-lookup', () => {
  it("finds a caller by number however typed, by the start of their name or their dog's, and nobody by a wildcard", async () => {
    await rawBooking({
      start: new Date(Date.now() - 40 * 86_400_000),
      name: 'Priya Patel',
      phone: '+447700900970',
      dog: 'Waffles',
    });
    const q = async (text: string) =>
      (await as('GET', `/v1.0.1/management/customer-lookup?q=${encodeURIComponent(text)}`)).body.customers.map(
        (c: { name: string }) => c.name,
      );
    expect(await q('07700 900970')).toEqual(['Priya Patel']);
    expect(await q('+44 7700 900970')).toEqual(['Priya Patel']);
    expect(await q('priya')).toEqual(['Priya Patel']);
    expect(await q('WAFF')).toEqual(['Priya Patel']);
    expect(await q('atel')).toEqual([]);
    expect(await q('%%')).toEqual([]);
    expect(await q('__')).toEqual([]);
    const [found] = (await as('GET', '/v1.0.1/management/customer-lookup?q=Priya')).body.customers;
    expect(found).toMatchObject({
      dogs: [expect.objectContaining({ name: 'Waffles', breed: 'Beagle' })],
      lastVisit: expect.any(String),
      verified: false,
    });
  });

  it.each([
    ['', 400],
    ['a', 400],
    ['x'.repeat(81), 400],
  ])('refuses %j', async (text, status) => {
    expect((await as('GET', `/v1.0.1/management/customer-lookup?q=${text}`)).status).toBe(status);
  });
});
