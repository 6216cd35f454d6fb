import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as booking from '../../netlify/functions/booking.ts';
import * as rebookFunction from '../../netlify/functions/rebook.ts';
import webhookHandler from '../../netlify/functions/stripe-webhook.ts';
import { BookingViewSchema } from '../../src/domain/booking-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { isBankHoliday } from '../../src/domain/bank-holidays.ts';
import { addDays, instantToZoned, todayIn, weekdayOf, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { seriesAsked } from '../../src/domain/rebook.ts';
import {
  CancelSeriesResponseSchema,
  RebookProposalsSchema,
  RebookResponseSchema,
  type RebookProposals,
  type RebookResponse,
} from '../../src/domain/rebook-schemas.ts';
import { longWhen, shortWhen } from '../../src/domain/messages.ts';
import { randomId } from '../../src/server/ids.ts';
import { expireLapsedHolds } from '../../src/server/bookings/booking-life.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { signedEvent } from '../helpers/fake-stripe.ts';
import { routed } from '../helpers/netlify-context.ts';
import { insertBooking } from '../helpers/staff-records.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Rebook in one tap through the API (issue 21, docs/decisions/085): "same time in N weeks" as asked,
 * moved or none; a 6-visit series across both clock changes at the same London time; one series in
 * one transaction (a visit taken meanwhile: nothing written); who pays a deposit; the whole series
 * cancelled; strangers refused. Each test books from a customer and day of its own, weeks apart.
 */
const WEBHOOK_SECRET = 'whsec_test_rebook';
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_rebook';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

useFakeStripe(() => undefined);
useTestDatabase({ seed: true });

const API = 'http://localhost/v1.0.1';
const LONDON = DEFAULT_BOOKING_SETTINGS.timeZone;
const bookingHandler = routed(booking);
const handler = routed(rebookFunction);

/**
 * A rebook reaches no further than the shop's horizon, as /book does (issue 29, docs/decisions/101).
 * These tests prove what a series is (its dates, its all or none, its messages, its cancelling), so
 * their shop takes bookings two years ahead, the most its settings allow: far enough for six visits
 * every 8 weeks. rebook-same-rules.test.ts holds a rebook to the shop's own 8 weeks.
 */
const SERIES_HORIZON_WEEKS = 104;
beforeAll(async () => {
  await transaction((tx) =>
    updateBookingSettings(tx, { deposit: { kind: 'none' }, horizonWeeks: SERIES_HORIZON_WEEKS }),
  );
});
afterEach(async () => {
  await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'none' }, closures: [] }));
});

/** A plain open day: a weekday the shop opens, not a bank holiday. */
const plain = (date: string) => DEFAULT_BOOKING_SETTINGS.openingHours[weekdayOf(date)] !== null && !isBankHoliday(date);

/**
 * A Tuesday (from `after` on, skipping the days other tests took) whose visits every `weeks` weeks
 * all fall on plain open days, and where `fits` holds.
 */
const taken = new Set<string>();
function anchorDay(weeks: number, visits: number, fits: (asked: { date: string }[]) => boolean = () => true) {
  const today = todayIn(LONDON, new Date());
  for (let d = 2; d < 400; d++) {
    const date = addDays(today, d);
    if (weekdayOf(date) !== 'tuesday' || taken.has(date)) continue;
    const asked = seriesAsked(zonedDateTimeToInstant(date, '10:00', LONDON), weeks, visits, LONDON);
    const within = asked.at(-1)!.date < addDays(today, SERIES_HORIZON_WEEKS * 7 - 7);
    if (within && asked.every((a) => plain(a.date) && !taken.has(a.date)) && fits(asked)) {
      taken.add(date);
      for (const a of asked) for (let k = -3; k <= 3; k++) taken.add(addDays(a.date, k));
      return { date, asked };
    }
  }
  throw new Error('no anchor day');
}

async function anchor(date: string, extra: { completed?: number } = {}) {
  const start = zonedDateTimeToInstant(date, '10:00', LONDON);
  const made = await insertBooking({ start, minutes: 60, dog: { breedId: 'whippet', weightKg: 13 } });
  // Earlier visits of the same dog, done: its history.
  for (let i = 1; i <= (extra.completed ?? 0); i++) {
    await insertBooking({
      customerId: made.customerId,
      dogId: made.dogId,
      start: new Date(start.getTime() - i * 5 * 7 * 86_400_000 - 365 * 86_400_000),
      attendance: 'completed',
    });
  }
  return made.bookingId;
}

async function proposals(id: string, q = '') {
  const res = await handler(new Request(`${API}/bookings/${id}/rebook${q}`));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
async function okProposals(id: string, q = ''): Promise<RebookProposals> {
  const { status, body } = await proposals(id, q);
  expect(status, JSON.stringify(body)).toBe(200);
  return RebookProposalsSchema.parse(body);
}
const starts = (p: RebookProposals) => p.proposals.flatMap((v) => (v.kind === 'none' ? [] : [v.start]));

async function post(id: string, body: unknown, path = 'rebook', headers: Record<string, string> = {}) {
  const res = await handler(
    new Request(`${API}/bookings/${id}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
async function view(id: string) {
  const res = await bookingHandler(new Request(`${API}/bookings/${id}`));
  expect(res.status).toBe(200);
  return BookingViewSchema.parse(await res.json());
}
async function block(start: string, minutes: number) {
  const at = new Date(start);
  await query('INSERT INTO time_blocks (id, start_at, end_at, reason) VALUES ($1, $2, $3, $4)', [
    randomId(16),
    at,
    new Date(at.getTime() + minutes * 60_000),
    'test',
  ]);
}
const bookingCount = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings'))[0]!.n;

describe('the proposals', () => {
  it('offers the same time in the usual weeks: the coat, the breed, then the dog’s own history', async () => {
    const { date, asked } = anchorDay(10, 1);
    const id = await anchor(date);
    const p = await okProposals(id);
    // A whippet (short coat, no interval of its breed): 10 weeks, one visit, as asked.
    expect(p).toMatchObject({ weeks: 10, usual: { weeks: 10, source: 'coat' }, visits: 1, maxVisits: 6 });
    expect(p.proposals).toEqual([
      { kind: 'as_asked', date: asked[0]!.date, time: '10:00', start: expect.any(String) as string },
    ]);
    expect(p.series).toBeNull();

    await query('UPDATE breeds SET groom_interval_weeks = 7 WHERE id = $1', ['whippet']);
    expect((await okProposals(id)).usual).toEqual({ weeks: 7, source: 'breed' });
    await query('UPDATE breeds SET groom_interval_weeks = NULL WHERE id = $1', ['whippet']);

    // Three visits done five weeks apart: five weeks, whatever the breed.
    const { date: day2 } = anchorDay(5, 1);
    expect((await okProposals(await anchor(day2, { completed: 3 }))).usual).toEqual({ weeks: 5, source: 'history' });
  });

  it('moves a taken time to the closest free time that day, and says what was asked', async () => {
    const { date, asked } = anchorDay(6, 2);
    const id = await anchor(date);
    const second = zonedDateTimeToInstant(asked[1]!.date, '10:00', LONDON).toISOString();
    await block(second, 15);
    const p = await okProposals(id, '?weeks=6&visits=2');
    expect(p.proposals[0]).toMatchObject({ kind: 'as_asked', date: asked[0]!.date, time: '10:00' });
    expect(p.proposals[1]).toMatchObject({
      kind: 'moved',
      date: asked[1]!.date,
      time: '10:15',
      asked: asked[1],
      why: 'full',
    });
  });

  it('moves a closed day to the nearest day, and says none when there is nothing within three days', async () => {
    const { date, asked } = anchorDay(8, 2);
    const id = await anchor(date);
    const around = (d: string, from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => addDays(d, from + i));
    await transaction((tx) =>
      updateBookingSettings(tx, { closures: [asked[0]!.date, ...around(asked[1]!.date, -3, 3)] }),
    );
    const p = await okProposals(id, '?weeks=8&visits=2');
    // The day before (Monday) at the same time.
    expect(p.proposals[0]).toMatchObject({
      kind: 'moved',
      date: addDays(asked[0]!.date, -1),
      time: '10:00',
      why: 'closure',
    });
    expect(p.proposals[1]).toEqual({ kind: 'none', asked: asked[1], why: 'closure' });
  });
});

describe('booking a series', () => {
  it('books every 6 weeks, 3 visits as one series, shown on each page, each visit its own booking', async () => {
    const { date } = anchorDay(6, 3);
    const id = await anchor(date);
    const p = await okProposals(id, '?weeks=6&visits=3');
    const before = await bookingCount();
    const { status, body } = await post(id, { weeks: 6, visits: starts(p), idempotencyKey: randomUUID() });
    expect(status, JSON.stringify(body)).toBe(201);
    const answer = RebookResponseSchema.parse(body);
    expect(answer.status).toBe('confirmed');
    expect(answer.series.visits.map((v) => [v.start, v.status])).toEqual(starts(p).map((s) => [s, 'confirmed']));
    expect(await bookingCount()).toBe(before + 3);
    // The series' id is its first visit's; every visit has its own page, on the booking's own dog and service.
    expect(answer.series.id).toBe(answer.series.visits[0]!.bookingId);
    const anchorView = await view(id);
    for (const visit of answer.series.visits) {
      const v = await view(visit.bookingId);
      expect(v).toMatchObject({ status: 'confirmed', start: visit.start, dog: anchorView.dog, canCancel: true });
      expect(v.service.id).toBe(anchorView.service.id);
    }
    // The page it was booked from, and each visit's, show the series.
    expect((await okProposals(id, '?weeks=6&visits=3')).series).toEqual(answer.series);
    expect((await okProposals(answer.series.visits[2]!.bookingId)).series).toEqual(answer.series);
    // One confirmation, on the first visit, naming every visit; the shop's note lists them too.
    await expectEveryVisitTold(answer.series, ['booking_confirmation', 'booking_confirmation', 'shop_new_booking']);
  });

  it('a 6-visit series across the last Sunday of March and of October lands at the same London time', async () => {
    // Clock changes alternate, so two crossings between the visits are one of each.
    const crossesBoth = (asked: { date: string }[]) => crossings(asked) >= 2;
    const { date } = anchorDay(8, 6, crossesBoth);
    const id = await anchor(date);
    const p = await okProposals(id, '?weeks=8&visits=6');
    expect(p.proposals.map((v) => v.kind)).toEqual(Array(6).fill('as_asked'));
    const { status, body } = await post(id, { weeks: 8, visits: starts(p), idempotencyKey: randomUUID() });
    expect(status, JSON.stringify(body)).toBe(201);
    const visits = RebookResponseSchema.parse(body).series.visits;
    expect(visits).toHaveLength(6);
    expect(visits.map((v) => instantToZoned(new Date(v.start), LONDON).time)).toEqual(Array(6).fill('10:00'));
    // Both offsets were booked: GMT (10:00Z) and BST (09:00Z).
    expect(new Set(visits.map((v) => new Date(v.start).getUTCHours()))).toEqual(new Set([9, 10]));
    // The confirmation names all six, at their London time, in the text too.
    await expectEveryVisitTold(RebookResponseSchema.parse(body).series, [
      'booking_confirmation',
      'booking_confirmation',
      'shop_new_booking',
    ]);
  });

  it('is all or none: a visit taken meanwhile writes nothing and answers 409 with fresh proposals', async () => {
    const { date, asked } = anchorDay(6, 3);
    const id = await anchor(date);
    const p = await okProposals(id, '?weeks=6&visits=3');
    // The third visit's time goes to someone else between the proposal and the tap.
    await block(starts(p)[2]!, 60);
    const before = await bookingCount();
    const { status, body } = await post(id, { weeks: 6, visits: starts(p), idempotencyKey: randomUUID() });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'slot_taken' });
    const fresh = (body.proposals as RebookProposals['proposals'])[2]!;
    expect(fresh).toMatchObject({ kind: 'moved', asked: asked[2], why: 'full' });
    expect(await bookingCount()).toBe(before);
    expect(await query('SELECT id FROM booking_series WHERE from_booking_id = $1', [id])).toEqual([]);
  });

  it('answers a repeat with the same series, and refuses the key for another request', async () => {
    const { date } = anchorDay(7, 2);
    const id = await anchor(date);
    const p = await okProposals(id, '?weeks=7&visits=2');
    const request = { weeks: 7, visits: starts(p), idempotencyKey: randomUUID() };
    const first = await post(id, request);
    expect(first.status).toBe(201);
    const before = await bookingCount();
    const again = await post(id, request);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await bookingCount()).toBe(before);
    const other = await post(id, { ...request, visits: starts(p).slice(0, 1) });
    expect(other).toMatchObject({ status: 409, body: { code: 'idempotency_conflict' } });
  });

  it('cancels the whole series, and each visit still cancels alone', async () => {
    const { date } = anchorDay(9, 3);
    const id = await anchor(date);
    const p = await okProposals(id, '?weeks=9&visits=3');
    const made = RebookResponseSchema.parse(
      (await post(id, { weeks: 9, visits: starts(p), idempotencyKey: randomUUID() })).body,
    );
    const [one, two, three] = made.series.visits;
    // One visit alone, through its own page.
    const alone = await routed(await import('../../netlify/functions/booking-changes.ts'))(
      new Request(`${API}/bookings/${two!.bookingId}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(alone.status).toBe(200);
    expect((await view(one!.bookingId)).status).toBe('confirmed');
    // Then the rest, from the page it was booked from.
    const { status, body } = await post(id, {}, 'series/cancel');
    expect(status, JSON.stringify(body)).toBe(200);
    const cancelled = CancelSeriesResponseSchema.parse(body);
    expect(cancelled.kept).toEqual([]);
    expect(cancelled.series.visits.map((v) => v.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    for (const v of [one, three]) expect((await view(v!.bookingId)).status).toBe('cancelled');
    // The booking it was booked from is not part of the series.
    expect((await view(id)).status).toBe('confirmed');
  });
});

describe('who pays a deposit: each visit as /book asks it (decision 081, decision 101)', () => {
  it('a new customer pays the deposit for their visit on its own page, one visit at a time; paying confirms it', async () => {
    await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
    const { date } = anchorDay(6, 3);
    const id = await anchor(date);
    // Three asked: one offered, and why.
    const three = await okProposals(id, '?weeks=6&visits=3');
    expect(three).toMatchObject({ depositPence: 1000, maxVisits: 1, visits: 1 });
    expect(three.maxVisitsWhy).toBe(
      "Each visit's deposit (£10.00) is paid when it is booked, so please book one visit at a time.",
    );
    const p = await okProposals(id, '?weeks=6');
    const { status, body } = await post(id, { weeks: 6, visits: starts(p), idempotencyKey: randomUUID() });
    expect(status, JSON.stringify(body)).toBe(201);
    const made = RebookResponseSchema.parse(body);
    expect(made.status).toBe('pending_payment');
    expect(made.checkoutUrl).toMatch(/^http/);
    const rows = await query<{ id: string; status: string; deposit_pence: number }>(
      'SELECT id, status, deposit_pence FROM bookings WHERE series_id = $1 ORDER BY start_at',
      [made.series.id],
    );
    expect(rows.map((r) => [r.status, r.deposit_pence])).toEqual([['pending_payment', 1000]]);
    // Nothing is told while the deposit is awaited; the webhook's confirmation tells it.
    expect(await toldOf(made.series.id)).toEqual([]);
    await pay(made.series.id);
    expect((await view(rows[0]!.id)).status).toBe('confirmed');
    await expectEveryVisitTold(made.series, ['booking_confirmation', 'booking_confirmation', 'shop_new_booking']);
  });

  it('a regular pays the shop’s deposit as /book asks it; a lapsed hold lets the visit go', async () => {
    await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: 1000 } }));
    const { date } = anchorDay(11, 2);
    const regular = await anchor(date, { completed: 1 });
    const p = await okProposals(regular, '?weeks=11&visits=2');
    expect(p).toMatchObject({ depositPence: 1000, maxVisits: 1, visits: 1 });
    const held = RebookResponseSchema.parse(
      (await post(regular, { weeks: 11, visits: starts(p), idempotencyKey: randomUUID() })).body,
    );
    expect(held.status).toBe('pending_payment');
    // The hold lapses (the sweep, an hour after its end): booking-life lets every visit held on it go.
    await transaction((tx) => expireLapsedHolds(tx, new Date(Date.now() + 3 * 3600_000), { id: held.series.id }));
    const statuses = await query<{ status: string }>('SELECT status FROM bookings WHERE series_id = $1', [
      held.series.id,
    ]);
    expect(statuses.map((s) => s.status)).toEqual(['expired']);
    // Shop without a deposit: a regular books a series, nothing online, as /book would ask nothing.
    await transaction((tx) => updateBookingSettings(tx, { deposit: { kind: 'none' } }));
    const free = await okProposals(regular, '?weeks=11&visits=2');
    expect(free).toMatchObject({ depositPence: 0, maxVisits: 6, visits: 2 });
    expect(free.maxVisitsWhy).toBeUndefined();
    const made = await post(regular, { weeks: 11, visits: starts(free), idempotencyKey: randomUUID() });
    expect(made.body).toMatchObject({ status: 'confirmed' });
    expect(made.body.checkoutUrl).toBeUndefined();
  });

  it('a customer who must pay in full books one visit at a time', async () => {
    const { date } = anchorDay(4, 2);
    const id = await anchor(date);
    const [{ customer_id: customerId, dog_id: dogId }] = (await query<{ customer_id: string; dog_id: string }>(
      'SELECT customer_id, dog_id FROM bookings WHERE id = $1',
      [id],
    )) as [{ customer_id: string; dog_id: string }];
    for (let i = 1; i <= 3; i++)
      await insertBooking({
        customerId,
        dogId,
        start: new Date(Date.now() - i * 20 * 86_400_000),
        attendance: 'no_show',
      });
    const p = await okProposals(id, '?weeks=4&visits=2');
    expect(p).toMatchObject({ maxVisits: 1, visits: 1 });
    expect(p.maxVisitsWhy).toBe('Please book one visit at a time: your next visit is paid in full when booking.');
    const two = seriesAsked(new Date(starts(p)[0]!), 4, 1, LONDON);
    const refused = await post(id, {
      weeks: 4,
      visits: [starts(p)[0], zonedDateTimeToInstant(two[0]!.date, two[0]!.time, LONDON).toISOString()],
      idempotencyKey: randomUUID(),
    });
    expect(refused).toMatchObject({ status: 422, body: { code: 'policy' } });
  });
});

describe('strangers and mistakes', () => {
  it('refuses a wrong id, a malformed one, bad numbers, a cancelled booking and a cross-site post', async () => {
    expect((await proposals('AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await proposals('x')).status).toBe(404);
    expect(
      (
        await post('AAAAAAAAAAAAAAAAAAAAAAAA', {
          weeks: 6,
          visits: [new Date().toISOString()],
          idempotencyKey: randomUUID(),
        })
      ).status,
    ).toBe(404);
    expect((await post('AAAAAAAAAAAAAAAAAAAAAAAA', {}, 'series/cancel')).status).toBe(404);
    const { date } = anchorDay(6, 1);
    const id = await anchor(date);
    for (const q of ['?weeks=3', '?weeks=13', '?visits=0', '?visits=7', '?weeks=six', '?other=1'])
      expect((await proposals(id, q)).status, q).toBe(400);
    for (const body of [
      {},
      { weeks: 6, visits: [], idempotencyKey: randomUUID() },
      { weeks: 6, visits: Array(7).fill(new Date().toISOString()), idempotencyKey: randomUUID() },
      { weeks: 6, visits: ['tomorrow'], idempotencyKey: randomUUID() },
      { weeks: 6, visits: [new Date().toISOString()], idempotencyKey: 'again' },
    ])
      expect((await post(id, body)).status, JSON.stringify(body)).toBe(400);
    const p = await okProposals(id, '?weeks=6');
    const crossSite = await post(id, { weeks: 6, visits: starts(p), idempotencyKey: randomUUID() }, 'rebook', {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    // Not a time the shop offers (the Sunday two days before the date asked): refused in the shop's words, nothing written.
    const sunday = zonedDateTimeToInstant(addDays(date, -2 + 7 * 6), '10:00', LONDON).toISOString();
    const before = await bookingCount();
    expect(await post(id, { weeks: 6, visits: [sunday], idempotencyKey: randomUUID() })).toMatchObject({
      status: 422,
      body: { code: 'slot_unavailable', error: 'We are closed that day. Please pick another.' },
    });
    expect(await bookingCount()).toBe(before);

    await query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [id]);
    expect(await proposals(id)).toMatchObject({ status: 409, body: { code: 'policy' } });
  });
});

/** What the outbox holds for a booking: each message's kind, channel and words. */
async function toldOf(bookingId: string) {
  return query<{ kind: string; channel: string; body_text: string }>(
    'SELECT kind, channel, body_text FROM outbox WHERE booking_id = $1 ORDER BY kind, channel',
    [bookingId],
  );
}

/**
 * The series' confirmation (to the owner by e-mail and text) and, when `kinds` has it, the shop's
 * note: each names every visit, the e-mails with each visit's own page; the other visits are told
 * nothing of their own.
 */
async function expectEveryVisitTold(series: RebookResponse['series'], kinds: string[]) {
  const told = await toldOf(series.id);
  expect(told.map((m) => m.kind).sort()).toEqual([...kinds].sort());
  for (const message of told) {
    for (const visit of series.visits) {
      const at = new Date(visit.start);
      if (message.channel === 'sms') expect(message.body_text).toContain(shortWhen(at, LONDON));
      else {
        expect(message.body_text).toContain(longWhen(at, LONDON));
        expect(message.body_text).toContain(`https://shop.example/b/${visit.bookingId}`);
      }
    }
  }
  for (const visit of series.visits.slice(1)) expect(await toldOf(visit.bookingId)).toEqual([]);
}

/** The webhook's "paid" for the first visit's Checkout session, as Stripe sends it. */
async function pay(bookingId: string) {
  const [row] = await query<{ stripe_session_id: string }>('SELECT stripe_session_id FROM bookings WHERE id = $1', [
    bookingId,
  ]);
  const { body, signature } = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', {
    id: row!.stripe_session_id,
    status: 'complete',
    payment_status: 'paid',
    amount_total: 1000,
    currency: 'gbp',
    payment_intent: `pi_rebook_${bookingId.slice(0, 8)}`,
    client_reference_id: bookingId,
    metadata: { booking_id: bookingId },
  });
  const res = await webhookHandler(
    new Request(`${API}/payments/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature }, body }),
  );
  expect(res.status).toBe(200);
}

/** The London offset (minutes) at noon of a date. */
function offsetOf(date: string): number {
  return instantToZoned(zonedDateTimeToInstant(date, '12:00', LONDON), LONDON).offsetMinutes;
}
/** How many clock changes lie between the visits. */
function crossings(asked: { date: string }[]): number {
  let n = 0;
  for (let i = 1; i < asked.length; i++) if (offsetOf(asked[i]!.date) !== offsetOf(asked[i - 1]!.date)) n++;
  return n;
}
