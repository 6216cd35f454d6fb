import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as managementRebook from '../../netlify/functions/management-rebook.ts';
import * as managementSchedule from '../../netlify/functions/management-schedule.ts';
import * as rebookFunction from '../../netlify/functions/rebook.ts';
import { isBankHoliday } from '../../src/domain/bank-holidays.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { addDays, instantToZoned, todayIn, weekdayOf, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { longWhen, shortWhen } from '../../src/domain/messages.ts';
import { seriesAsked } from '../../src/domain/rebook.ts';
import {
  RebookProposalsSchema,
  RebookResponseSchema,
  StaffCancelSeriesResponseSchema,
  StaffSeriesResponseSchema,
  type RebookProposals,
} from '../../src/domain/rebook-schemas.ts';
import { ScheduleResponseSchema } from '../../src/domain/schedule.ts';
import { query, transaction } from '../../src/server/db.ts';
import { randomId } from '../../src/server/ids.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { routed } from '../helpers/netlify-context.ts';
import { auditSince, call, insertBooking, lastAuditId, staffMember } from '../helpers/staff-records.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The next groom booked by staff after "Completed", and a visit's series on the schedule (issue 21,
 * docs/decisions/089): the owner's own proposals and booking with a staff actor (no online deposit,
 * the phone booking's confirmation, audited), a date that cannot be had moved with why, the series
 * seen visit by visit, and the rest of it cancelled through the staff cancel in one transaction.
 */
useTestDatabase({ seed: true });
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';
// Online payment on, so a deposit would be asked online: the staff's booking must not ask it.
process.env.STRIPE_SECRET_KEY = 'sk_test_staff_rebook';
useFakeStripe(() => undefined);

const LONDON = DEFAULT_BOOKING_SETTINGS.timeZone;
const staffHandler = routed(managementRebook);
const scheduleHandler = routed(managementSchedule);
const ownerHandler = routed(rebookFunction);
let staff: { id: string; key: string };
/**
 * Staff rebook within the shop's horizon, as every booking (issue 29, docs/decisions/101). These
 * tests prove what staff's series is, so their shop takes bookings two years ahead (the most its
 * settings allow); rebook-same-rules.test.ts holds staff to the shop's own 8 weeks.
 */
const SERIES_HORIZON_WEEKS = 104;
beforeAll(async () => {
  staff = await staffMember();
  await transaction((tx) => updateBookingSettings(tx, { horizonWeeks: SERIES_HORIZON_WEEKS }));
});
afterEach(async () => {
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'none' } }));
  // Settings changed here free time (decision 083): not this file's concern.
  await query('UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL AND cause = $1', ['settings']);
});

const as = (handler: typeof staffHandler, method: string, path: string, body?: unknown) =>
  call(handler, method, `/v1.0.1${path}`, { key: staff.key, ...(body === undefined ? {} : { body }) });

/** A Wednesday whose visits every `weeks` weeks fall on plain open days, clear of the other tests'. */
const taken = new Set<string>();
function anchorDay(weeks: number, visits: number) {
  const plain = (d: string) => DEFAULT_BOOKING_SETTINGS.openingHours[weekdayOf(d)] !== null && !isBankHoliday(d);
  const today = todayIn(LONDON, new Date());
  for (let d = 2; d < 400; d++) {
    const date = addDays(today, d);
    if (weekdayOf(date) !== 'wednesday' || taken.has(date)) continue;
    const asked = seriesAsked(zonedDateTimeToInstant(date, '10:00', LONDON), weeks, visits, LONDON);
    const within = asked.at(-1)!.date < addDays(today, SERIES_HORIZON_WEEKS * 7 - 7);
    if (within && asked.every((a) => plain(a.date) && !taken.has(a.date))) {
      taken.add(date);
      for (const a of asked) for (let k = -3; k <= 3; k++) taken.add(addDays(a.date, k));
      return { date, asked };
    }
  }
  throw new Error('no anchor day');
}

async function visitDone(date: string) {
  return insertBooking({
    start: zonedDateTimeToInstant(date, '10:00', LONDON),
    attendance: 'completed',
    dog: { breedId: 'whippet', weightKg: 13 },
  });
}

async function proposals(id: string, q: string): Promise<RebookProposals> {
  const res = await as(staffHandler, 'GET', `/management/bookings/${id}/rebook${q}`);
  expect(res.status, res.text).toBe(200);
  return RebookProposalsSchema.parse(res.body);
}
const starts = (p: RebookProposals) => p.proposals.flatMap((v) => (v.kind === 'none' ? [] : [v.start]));

async function staffRebook(id: string, weeks: number, visits: string[]) {
  const res = await as(staffHandler, 'POST', `/management/bookings/${id}/rebook`, {
    weeks,
    visits,
    idempotencyKey: randomUUID(),
  });
  expect(res.status, res.text).toBe(201);
  return RebookResponseSchema.parse(res.body);
}

async function block(start: string) {
  const at = new Date(start);
  await query('INSERT INTO time_blocks (id, start_at, end_at, reason) VALUES ($1, $2, $3, $4)', [
    randomId(16),
    at,
    new Date(at.getTime() + 60 * 60_000),
    'test',
  ]);
}

describe('staff book the next groom after "Completed"', () => {
  it('books one visit as the owner would, with no deposit online, told as a phone booking, audited', async () => {
    const { date, asked } = anchorDay(6, 1);
    // Not done yet (a regular pays nothing online anyway): a new customer would pay a deposit online;
    // booked by staff, as on the phone, nothing.
    const done = await insertBooking({
      start: zonedDateTimeToInstant(date, '10:00', LONDON),
      dog: { breedId: 'whippet', weightKg: 13 },
    });
    await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
    const owner = await call(ownerHandler, 'GET', `/v1.0.1/bookings/${done.bookingId}/rebook?weeks=6`);
    expect(RebookProposalsSchema.parse(owner.body).depositPence).toBe(1000);
    const p = await proposals(done.bookingId, '?weeks=6');
    expect(p).toMatchObject({ weeks: 6, visits: 1, maxVisits: 6, depositPence: 0 });
    expect(p.proposals).toEqual([{ kind: 'as_asked', ...asked[0], start: expect.any(String) }]);

    const since = await lastAuditId();
    const made = await staffRebook(done.bookingId, 6, starts(p));
    expect(made.status).toBe('confirmed');
    const visit = made.series.visits[0]!;
    expect(visit).toMatchObject({
      status: 'confirmed',
      start: zonedDateTimeToInstant(asked[0]!.date, '10:00', LONDON).toISOString(),
    });
    // Written by the phone booking's own code (docs/decisions/101): confirmed at once, nothing held or
    // asked online; the deposit the quote names is kept with it, as a phone booking keeps it.
    const [row] = await query<{
      created_by: string;
      status: string;
      stripe_session_id: string | null;
      deposit_paid_pence: number;
      dog_id: string;
      source: string;
    }>('SELECT created_by, status, stripe_session_id, deposit_paid_pence, dog_id, source FROM bookings WHERE id = $1', [
      visit.bookingId,
    ]);
    expect(row).toEqual({
      created_by: staff.id,
      status: 'confirmed',
      stripe_session_id: null,
      deposit_paid_pence: 0,
      dog_id: done.dogId,
      source: 'rebook',
    });
    const audits = await auditSince(since);
    expect(audits.map((a) => [a.action, a.entity_id, a.staff_id])).toEqual([
      ['booking.rebook', visit.bookingId, staff.id],
    ]);
    expect(audits[0]!.after).toMatchObject({ from: done.bookingId, weeks: 6 });
    const told = await query<{ kind: string }>('SELECT kind FROM outbox WHERE booking_id = $1 ORDER BY id', [
      visit.bookingId,
    ]);
    expect(told.map((m) => m.kind).sort()).toEqual(['booking_confirmation', 'booking_confirmation']);
  });

  it('books a series; a date whose time is taken is moved to the nearest free time, with why', async () => {
    const { date, asked } = anchorDay(6, 3);
    const done = await visitDone(date);
    await block(zonedDateTimeToInstant(asked[1]!.date, '10:00', LONDON).toISOString());
    const p = await proposals(done.bookingId, '?weeks=6&visits=3');
    expect(p.proposals.map((v) => v.kind)).toEqual(['as_asked', 'moved', 'as_asked']);
    expect(p.proposals[1]).toMatchObject({ kind: 'moved', why: 'full', date: asked[1]!.date, asked: asked[1] });
    const made = await staffRebook(done.bookingId, 6, starts(p));
    expect(made.series.visits.map((v) => v.start)).toEqual(starts(p));
    expect(made.series.visits.every((v) => v.status === 'confirmed')).toBe(true);
    // Told as a phone booking (no note to the shop), once, naming every visit: the moved one where it landed.
    const told = await query<{ kind: string; channel: string; body_text: string }>(
      'SELECT kind, channel, body_text FROM outbox WHERE booking_id = ANY($1::text[]) ORDER BY channel',
      [made.series.visits.map((v) => v.bookingId)],
    );
    expect(told.map((m) => [m.kind, m.channel])).toEqual([
      ['booking_confirmation', 'email'],
      ['booking_confirmation', 'sms'],
    ]);
    const moved = new Date(made.series.visits[1]!.start);
    expect(instantToZoned(moved, LONDON).time).not.toBe('10:00');
    for (const visit of made.series.visits) {
      expect(told[0]!.body_text).toContain(`${longWhen(new Date(visit.start), LONDON)}: `);
      expect(told[0]!.body_text).toContain(`/b/${visit.bookingId}`);
      expect(told[1]!.body_text).toContain(shortWhen(new Date(visit.start), LONDON));
    }
    expect(told[0]!.body_text).toContain('Cancel the whole series');
  });

  it('refuses a booking that is not confirmed, and answers 404 for none', async () => {
    const { date } = anchorDay(6, 1);
    const gone = await insertBooking({ start: zonedDateTimeToInstant(date, '10:00', LONDON), status: 'cancelled' });
    expect((await as(staffHandler, 'GET', `/management/bookings/${gone.bookingId}/rebook`)).status).toBe(409);
    expect((await as(staffHandler, 'GET', `/management/bookings/${'A'.repeat(24)}/series`)).status).toBe(404);
    // Only staff: no key, no answer.
    const res = await call(staffHandler, 'GET', `/v1.0.1/management/bookings/${gone.bookingId}/rebook`);
    expect(res.status).toBe(401);
  });
});

describe('a series for staff', () => {
  async function series() {
    const { date } = anchorDay(6, 3);
    const done = await visitDone(date);
    const made = await staffRebook(done.bookingId, 6, starts(await proposals(done.bookingId, '?weeks=6&visits=3')));
    return made.series;
  }

  it('shows each visit its place ("Visit 2 of 3, every 6 weeks") on the schedule, and the series visit by visit', async () => {
    const made = await series();
    const second = made.visits[1]!;
    const day = todayIn(LONDON, new Date(second.start));
    const res = await call(scheduleHandler, 'GET', `/v1.0.1/management/schedule?from=${day}`, { key: staff.key });
    expect(res.status, res.text).toBe(200);
    const shown = ScheduleResponseSchema.parse(res.body).bookings.find((b) => b.id === second.bookingId)!;
    expect(shown.series).toEqual({ id: made.id, weeks: 6, visit: 2, of: 3 });

    const seen = StaffSeriesResponseSchema.parse(
      (await as(staffHandler, 'GET', `/management/bookings/${second.bookingId}/series`)).body,
    );
    expect(seen.series).toEqual(made);
  });

  it('cancels the rest of the series in one go, each as a staff cancel: audited, told, its time freed', async () => {
    const made = await series();
    const ids = made.visits.map((v) => v.bookingId);
    const since = await lastAuditId();
    const res = await as(staffHandler, 'POST', `/management/bookings/${ids[1]}/series/cancel`, {
      reason: 'Moving away',
    });
    expect(res.status, res.text).toBe(200);
    const answer = StaffCancelSeriesResponseSchema.parse(res.body);
    expect(answer.cancelled).toBe(3);
    expect(answer.series.visits.map((v) => v.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const audits = await auditSince(since);
    expect(
      audits
        .filter((a) => a.action === 'booking.cancel')
        .map((a) => a.entity_id)
        .sort(),
    ).toEqual([...ids].sort());
    const told = await query<{ booking_id: string }>(
      `SELECT DISTINCT booking_id FROM outbox WHERE kind = 'booking_cancelled' AND booking_id = ANY($1::text[])`,
      [ids],
    );
    expect(told.map((t) => t.booking_id).sort()).toEqual([...ids].sort());
    const freed = await query<{ booking_id: string }>(
      `SELECT booking_id FROM time_freed WHERE cause = 'cancelled' AND booking_id = ANY($1::text[])`,
      [ids],
    );
    expect(freed.map((f) => f.booking_id).sort()).toEqual([...ids].sort());
    const [reasons] = await query<{ notes: string[] }>(
      'SELECT array_agg(status_note) AS notes FROM bookings WHERE id = ANY($1::text[])',
      [ids],
    );
    expect(new Set(reasons!.notes)).toEqual(new Set(['cancelled by the shop: Moving away']));

    // Again: nothing left ahead, nothing more cancelled or sent.
    const again = StaffCancelSeriesResponseSchema.parse(
      (await as(staffHandler, 'POST', `/management/bookings/${ids[0]}/series/cancel`, {})).body,
    );
    expect(again.cancelled).toBe(0);
  });

  it('a booking of no series has no series, and nothing to cancel as one', async () => {
    const { date } = anchorDay(6, 1);
    const single = await insertBooking({ start: zonedDateTimeToInstant(date, '10:00', LONDON) });
    const seen = await as(staffHandler, 'GET', `/management/bookings/${single.bookingId}/series`);
    expect(StaffSeriesResponseSchema.parse(seen.body)).toEqual({ series: null });
    const res = await as(staffHandler, 'POST', `/management/bookings/${single.bookingId}/series/cancel`, {});
    expect(res.status).toBe(409);
    const [row] = await query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [single.bookingId]);
    expect(row!.status).toBe('confirmed');
  });
});
