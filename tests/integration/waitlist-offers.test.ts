import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import settlePayments from '../../netlify/functions/settle-payments.ts';
import * as waitlistOffers from '../../netlify/functions/waitlist-offers.ts';
import * as waitlistRequest from '../../netlify/functions/waitlist-request.ts';
import waitlistOfferJob from '../../netlify/functions/waitlist-offer-job.ts';
import { CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import type { BookingSettings } from '../../src/domain/booking-settings.ts';
import { instantToZoned } from '../../src/domain/london-time.ts';
import { query, transaction } from '../../src/server/db.ts';
import { WaitlistViewSchema } from '../../src/domain/waitlist.ts';
import { CROSS_SITE_REFUSED } from '../../src/server/http.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { runOfferJob } from '../../src/server/waitlist/offers.ts';
import { routed } from '../helpers/netlify-context.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { waitingRequest, bookFullGroom, openDaysAway } from '../helpers/waitlist.ts';

/**
 * The waitlist's offers (docs/decisions/084) through their real entry points: an owner cancelling on
 * /b/{id} (which runs the offer job at once), the scheduled job, the one-tap accept and decline, the
 * reconciler lapsing an unpaid hold. Requests are written as POST /waitlist leaves them.
 */
process.env.URL = 'https://shop.example';
process.env.STRIPE_SECRET_KEY = 'sk_test_waitlist_offers';
process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test_waitlist_offers';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

useFakeStripe(() => undefined);
let sms: SmsProvider;
useSmsProvider((started) => (sms = started));
useTestDatabase();

const API = 'http://localhost/v1.0.1';
const JSON_TYPE = { 'content-type': 'application/json' };
const changes = routed(bookingChanges);
const answers = routed(waitlistOffers);
const requests = routed(waitlistRequest);
const ALL_DAY = { from: '00:00', to: '23:59' };

/**
 * A change of the rules raises "a time has freed" over the whole horizon (decision 083), and the job
 * would rightly offer every free time of it: the tests' own changes are marked handled, so each test
 * sees only the time it frees.
 */
const settings = async (changes: Partial<BookingSettings>) => {
  await transaction((tx) => updateBookingSettings(tx, changes));
  await query(`UPDATE time_freed SET handled_at = now() WHERE handled_at IS NULL AND cause = 'settings'`);
};
const waitlist = (w: Partial<BookingSettings['waitlist']>) =>
  settings({ waitlist: { offersAtOnce: 3, offerMinutes: 60, wakingHours: ALL_DAY, ...w } });

beforeAll(async () => {
  await settings({ deposit: { kind: 'none' } });
  await waitlist({});
});
beforeEach(async () => {
  // Each test has its own requests and its own day: the last test's waiting requests leave the list.
  await query(`UPDATE waitlist_requests SET status = 'withdrawn' WHERE status = 'waiting'`);
  await query(`UPDATE waitlist_offers SET status = 'declined', passed_on_at = now() WHERE status = 'open'`);
  await settings({ deposit: { kind: 'none' } });
  await waitlist({});
});

/** A fresh open day, at least two days away, with its first start (a morning). */
const nextDay = openDaysAway();

let phoneNo = 100;
let bookingPhone = 500;
const nextPhone = () => `+447700901${String(phoneNo++).padStart(3, '0')}`;

async function book(start: string): Promise<{ id: string; status: string; checkoutUrl?: string }> {
  const made = await bookFullGroom(start, `07700 900${bookingPhone++}`);
  return { id: made.bookingId, status: made.status, ...(made.checkoutUrl ? { checkoutUrl: made.checkoutUrl } : {}) };
}

/** Both tables of a start taken; returns the two bookings. */
async function fullStart(start: string) {
  return [await book(start), await book(start)];
}

async function cancel(id: string) {
  const res = await changes(
    new Request(`${API}/bookings/${id}/cancel`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ reason: 'Poorly' }),
    }),
  );
  expect(res.status).toBe(200);
}

async function answer(requestId: string, offerId: string, action: 'accept' | 'decline', headers = JSON_TYPE) {
  const res = await answers(
    new Request(`${API}/waitlist/${requestId}/offers/${offerId}/${action}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(action === 'accept' ? { idempotencyKey: randomUUID() } : {}),
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Offer {
  id: string;
  request_id: string;
  status: string;
  start_at: Date;
  expires_at: Date;
  booking_id: string | null;
}
const offersOf = (requestIds: string[]) =>
  query<Offer>(
    `SELECT id, request_id, status, start_at, expires_at, booking_id FROM waitlist_offers
      WHERE request_id = ANY ($1::text[])
      ORDER BY offered_at, (SELECT created_at FROM waitlist_requests r WHERE r.id = request_id)`,
    [requestIds],
  );
const outboxTo = (recipient: string) =>
  query<{ kind: string; channel: string; body_text: string }>(
    'SELECT kind, channel, body_text FROM outbox WHERE recipient = $1 ORDER BY id',
    [recipient],
  );
const requestStatus = async (id: string) =>
  (await query<{ status: string }>('SELECT status FROM waitlist_requests WHERE id = $1', [id]))[0]!.status;

/** Requests asked in this order (a minute apart), each with its own number. */
async function asked(date: string, specs: Array<Partial<Parameters<typeof waitingRequest>[0]>>) {
  const base = Date.now() - 24 * 3_600_000;
  const made: Array<{ id: string; phone: string }> = [];
  for (const [i, spec] of specs.entries()) {
    const phone = nextPhone();
    made.push({ id: await waitingRequest({ createdAt: new Date(base + i * 60_000), date, phone, ...spec }), phone });
  }
  return made;
}

describe('a cancellation is offered to the waitlist', () => {
  it('to the first asked requests it suits, up to offersAtOnce, by text with the one-tap link, at once', async () => {
    const day = await nextDay();
    const [kept, freed] = await fullStart(day.start);
    const [first, afternoons, otherDay, second, third, fourth] = await asked(day.date, [
      {},
      { parts: ['afternoon'] },
      { date: '2099-01-01', toDate: '2099-01-02' },
      {},
      {},
      {},
    ]);
    expect(kept).toBeDefined();
    const cancelledAt = Date.now();
    await cancel(freed!.id);
    // The owner's cancel runs the offer job after its commit and sends what it wrote: by the time
    // the cancel has answered (here, with no waitUntil, after that work), the text is with the provider.
    const answeredAt = Date.now();
    const [queued] = await query<{ created_at: Date }>(
      `SELECT created_at FROM outbox WHERE kind = 'waitlist_offer' AND recipient = $1`,
      [first!.phone],
    );
    expect(JSON.stringify(sms.requests)).toContain(first!.phone);
    console.info(
      `waitlist latency: cancellation to offer in the outbox ${queued!.created_at.getTime() - cancelledAt} ms, to the text provider within ${answeredAt - cancelledAt} ms`,
    );

    const offers = await offersOf([first, afternoons, otherDay, second, third, fourth].map((r) => r!.id));
    expect(offers.map((o) => [o.request_id, o.status, o.start_at.toISOString()])).toEqual(
      [first, second, third].map((r) => [r!.id, 'open', day.start]),
    );
    const [text] = await outboxTo(first!.phone);
    expect(text!.kind).toBe('waitlist_offer');
    expect(text!.body_text).toContain(`https://shop.example/w/${first!.id}?offer=${offers[0]!.id}`);
    expect(text!.body_text).toContain(instantToZoned(new Date(day.start), 'Europe/London').time);
    expect(text!.body_text).toMatch(/from £\d+\.\d\d/);
    expect(await outboxTo(fourth!.phone)).toEqual([]);
    // An hour to answer, as the settings say.
    expect(offers[0]!.expires_at.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
  });

  it('outside waking hours the freed time waits, and is offered in the morning if still free', async () => {
    const day = await nextDay();
    const [, freed] = await fullStart(day.start);
    const [first] = await asked(day.date, [{}]);
    const hour = Number(instantToZoned(new Date(), 'Europe/London').time.slice(0, 2));
    const asleep = hour === 3 ? { from: '05:00', to: '05:01' } : { from: '03:00', to: '03:01' };
    await waitlist({ wakingHours: asleep });
    await cancel(freed!.id);
    expect(await offersOf([first!.id])).toEqual([]);
    const [unhandled] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM time_freed WHERE booking_id = $1 AND handled_at IS NULL`,
      [freed!.id],
    );
    expect(unhandled!.n).toBe(1);

    await waitlist({});
    expect((await waitlistOfferJob()).status).toBe(204);
    expect((await offersOf([first!.id])).map((o) => o.status)).toEqual(['open']);
  });
});

describe('an offer passes on', () => {
  it('when it expires, to the next asked', async () => {
    await waitlist({ offersAtOnce: 1 });
    const day = await nextDay();
    const [, freed] = await fullStart(day.start);
    const [first, second] = await asked(day.date, [{}, {}]);
    await cancel(freed!.id);
    const [offered] = await offersOf([first!.id, second!.id]);
    expect(offered!.request_id).toBe(first!.id);

    await runOfferJob({ now: new Date(offered!.expires_at.getTime() + 1000), send: false });
    expect((await offersOf([first!.id, second!.id])).map((o) => [o.request_id, o.status])).toEqual([
      [first!.id, 'expired'],
      [second!.id, 'open'],
    ]);
    // Too late is too late: the expired offer cannot be taken.
    const late = await answer(first!.id, offered!.id, 'accept');
    expect([late.status, late.body.code]).toEqual([410, 'offer_expired']);
  });

  it('when it is declined ("Not this one"), to the next asked', async () => {
    await waitlist({ offersAtOnce: 1 });
    const day = await nextDay();
    const [, freed] = await fullStart(day.start);
    const [first, second] = await asked(day.date, [{}, {}]);
    await cancel(freed!.id);
    const [offered] = await offersOf([first!.id]);
    expect(await answer(first!.id, offered!.id, 'decline')).toEqual({ status: 200, body: { status: 'declined' } });
    await runOfferJob({ send: false });
    expect((await offersOf([first!.id, second!.id])).map((o) => [o.request_id, o.status])).toEqual([
      [first!.id, 'declined'],
      [second!.id, 'open'],
    ]);
    expect(await requestStatus(first!.id)).toBe('waiting');
  });
});

describe('accepting books through the booking’s own code', () => {
  it('books the time; the other offers of it are gone and told so, their requests still waiting', async () => {
    const day = await nextDay();
    const [, freed] = await fullStart(day.start);
    const [first, second] = await asked(day.date, [{}, {}]);
    await cancel(freed!.id);
    const [mine, theirs] = await offersOf([first!.id, second!.id]);

    const took = await answer(first!.id, mine!.id, 'accept');
    expect(took.status).toBe(201);
    const made = CreateBookingResponseSchema.parse(took.body);
    expect(made.status).toBe('confirmed');
    const [booking] = await query<{ start_at: Date; waitlist_offer_id: string; source: string; status: string }>(
      'SELECT start_at, waitlist_offer_id, source, status FROM bookings WHERE id = $1',
      [made.bookingId],
    );
    expect(booking).toMatchObject({ waitlist_offer_id: mine!.id, source: 'waitlist', status: 'confirmed' });
    expect(booking!.start_at.toISOString()).toBe(day.start);
    expect((await offersOf([first!.id, second!.id])).map((o) => o.status)).toEqual(['taken', 'gone']);
    expect(await requestStatus(first!.id)).toBe('booked');
    expect(await requestStatus(second!.id)).toBe('waiting');
    expect((await outboxTo(second!.phone)).map((m) => m.kind)).toEqual(['waitlist_offer', 'waitlist_offer_gone']);

    const late = await answer(second!.id, theirs!.id, 'accept');
    expect([late.status, late.body.code]).toEqual([409, 'offer_gone']);
    expect(late.body.error).toMatch(/booked by someone else/);
  });

  it('with a deposit, holds the time for Checkout; a hold that lapses unpaid puts the request back and the time goes to the next', async () => {
    await settings({ deposit: { kind: 'fixed', pence: 1000 } });
    await waitlist({ offersAtOnce: 1 });
    const day = await nextDay();
    const [, freed] = await fullStart(day.start);
    // Paid holds first: the two bookings of the full start must stand while one is cancelled.
    const [first, second] = await asked(day.date, [{}, {}]);
    await query(`UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL WHERE start_at = $1`, [day.start]);
    await cancel(freed!.id);
    const [offered] = await offersOf([first!.id]);

    const took = await answer(first!.id, offered!.id, 'accept');
    expect(took.status).toBe(201);
    const made = CreateBookingResponseSchema.parse(took.body);
    expect(made.status).toBe('pending_payment');
    expect(made.checkoutUrl).toMatch(/^https?:/);

    await query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [made.bookingId]);
    expect((await settlePayments()).status).toBe(204);
    expect(await requestStatus(first!.id)).toBe('waiting');
    expect((await waitlistOfferJob()).status).toBe(204);
    expect((await offersOf([first!.id, second!.id])).map((o) => [o.request_id, o.status])).toEqual([
      [first!.id, 'taken'],
      [second!.id, 'open'],
    ]);
  });

  it('two owners accepting the one freed table at once: exactly one booking', async () => {
    const day = await nextDay();
    const [, freed] = await fullStart(day.start);
    const [first, second] = await asked(day.date, [{}, {}]);
    await cancel(freed!.id);
    const [a, b] = await offersOf([first!.id, second!.id]);
    const results = await Promise.all([answer(first!.id, a!.id, 'accept'), answer(second!.id, b!.id, 'accept')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const booked = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE waitlist_offer_id = ANY ($1::text[]) AND status = 'confirmed'`,
      [[a!.id, b!.id]],
    );
    expect(booked[0]!.n).toBe(1);
    expect((await offersOf([first!.id, second!.id])).map((o) => o.status).sort()).toEqual(['gone', 'taken']);
  });
});

describe("the request's page", () => {
  const view = async (id: string) => {
    const res = await requests(new Request(`${API}/waitlist/${id}`));
    expect(res.status).toBe(200);
    return WaitlistViewSchema.parse(await res.json());
  };

  it('shows the open offer with its time and price, then what became of it; withdrawing passes an open offer on', async () => {
    const day = await nextDay();
    const [, freed] = await fullStart(day.start);
    const [first, second] = await asked(day.date, [{}, {}]);
    expect((await view(first!.id)).offer).toBeUndefined();
    await cancel(freed!.id);
    const shown = await view(first!.id);
    expect(shown.offer).toMatchObject({
      status: 'open',
      start: day.start,
      dogName: 'Pickle',
      serviceTitle: 'Full Groom',
      depositPence: 0,
    });
    expect(shown.offer!.totalFromPence).toBeGreaterThan(0);

    // Withdrawn with an offer open: the offer is declined with it, and the next owner is offered the time.
    const withdrawn = await requests(
      new Request(`${API}/waitlist/${first!.id}/withdraw`, { method: 'POST', headers: JSON_TYPE, body: '{}' }),
    );
    expect(withdrawn.status).toBe(200);
    expect((await view(first!.id)).offer).toBeUndefined();
    await runOfferJob({ siteUrl: 'https://shop.example' });
    const [, theirs] = await offersOf([first!.id, second!.id]);
    expect(theirs).toMatchObject({ request_id: second!.id, status: 'open' });
    expect((await view(second!.id)).offer).toMatchObject({ id: theirs!.id, status: 'open' });

    // Declined, the page still says so for a day, with the request waiting.
    await answer(second!.id, theirs!.id, 'decline');
    expect((await view(second!.id)).offer).toMatchObject({ id: theirs!.id, status: 'declined' });
  });
});

describe('strangers', () => {
  it('a wrong request and offer pair is 404, a cross-site tap is refused, a malformed id is 404', async () => {
    const day = await nextDay();
    const [, freed] = await fullStart(day.start);
    const [first, second] = await asked(day.date, [{}, {}]);
    await cancel(freed!.id);
    const [a, b] = await offersOf([first!.id, second!.id]);
    expect((await answer(first!.id, b!.id, 'accept')).status).toBe(404);
    expect((await answer(second!.id, a!.id, 'decline')).status).toBe(404);
    expect((await answer('x', a!.id, 'accept')).status).toBe(404);
    const crossSite = await answer(first!.id, a!.id, 'accept', {
      ...JSON_TYPE,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    } as never);
    expect([crossSite.status, crossSite.body.error]).toEqual([403, CROSS_SITE_REFUSED]);
    expect((await offersOf([first!.id, second!.id])).map((o) => o.status)).toEqual(['open', 'open']);
  });
});
