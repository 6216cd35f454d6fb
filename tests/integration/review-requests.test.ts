import { beforeAll, describe, expect, it } from 'vitest';
import * as customersFunction from '../../netlify/functions/management-customers.ts';
import * as optOutFunction from '../../netlify/functions/marketing-opt-out.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { addDays, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { REVIEW_REQUEST_KIND, REVIEW_WRITE_URL } from '../../src/domain/review-request.ts';
import { getCustomer } from '../../src/server/customer-records.ts';
import { query } from '../../src/server/db.ts';
import { enqueueReviewRequests } from '../../src/server/messages/review-requests.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call, insertBooking, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * The review request (issue 22, docs/decisions/095): two hours or more after a visit is completed,
 * in the shop's waking hours, one message with the Google link and the one-tap opt-out, to every
 * owner alike and once per owner ever, whatever the runs and the visits; never after a no-show or a
 * cancellation, never to an owner who opted out or was erased. The job takes its `now`, so each test
 * runs in a week of its own, years ahead, and its visits never meet another test's.
 */
process.env.URL = 'https://shop.example';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

useTestDatabase();

const LONDON = DEFAULT_BOOKING_SETTINGS.timeZone;
const optOut = routed(optOutFunction);
const customers = routed(customersFunction) as Handler;
const BASE_DAY = '2032-03-01';
/** Test k runs in the week k weeks after BASE_DAY; `day` and `time` are London's. */
const at = (k: number, day: number, time: string) =>
  zonedDateTimeToInstant(addDays(BASE_DAY, 7 * k + day), time, LONDON);
const HOUR = 3600_000;

beforeAll(() => {
  expect(DEFAULT_BOOKING_SETTINGS.waitlist.wakingHours).toEqual({ from: '08:00', to: '21:00' });
});

let owners = 0;
/** A visit that started an hour before `completedAt` and was marked completed then (or another attendance). */
async function visit(
  completedAt: Date,
  options: {
    customerId?: string;
    email?: string | null;
    attendance?: 'completed' | 'no_show' | null;
    status?: 'confirmed' | 'cancelled';
  } = {},
) {
  const n = ++owners;
  const { attendance = 'completed', status = 'confirmed' } = options;
  const made = await insertBooking({
    ...(options.customerId
      ? { customerId: options.customerId }
      : {
          customer: { name: 'Sam Patel', email: options.email === undefined ? `owner${n}@example.com` : options.email },
        }),
    dog: { name: `Rex ${n}`, breedId: 'beagle' },
    // Each visit a minute of its own, so the grooming tables never run out.
    start: new Date(completedAt.getTime() - HOUR - n * 60_000),
    status,
    attendance,
  });
  if (attendance === 'completed')
    await query('UPDATE bookings SET completed_at = $2 WHERE id = $1', [made.bookingId, completedAt]);
  // The helper types a contact e-mail on the booking whatever the record has.
  if (options.email === null) await query(`UPDATE bookings SET contact_email = '' WHERE id = $1`, [made.bookingId]);
  return made;
}

const requestsTo = (customerId: string) =>
  query<{ kind: string; channel: string; recipient: string; body_text: string; list_unsubscribe: string | null }>(
    `SELECT o.kind, o.channel, o.recipient, o.body_text, o.list_unsubscribe FROM outbox o
       JOIN bookings b ON b.id = o.booking_id
      WHERE o.kind = $2 AND b.customer_id = $1 ORDER BY o.id`,
    [customerId, REVIEW_REQUEST_KIND],
  );
const tokenIn = (text: string) => /\/stop\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;

describe('the review request', () => {
  it('follows a completed visit two hours on, by e-mail, with the Google link and the one-tap opt-out; staff see it', async () => {
    const done = at(0, 0, '11:00');
    const { customerId, bookingId } = await visit(done);

    await enqueueReviewRequests({ now: new Date(done.getTime() + HOUR) });
    expect(await requestsTo(customerId)).toEqual([]);

    const now = new Date(done.getTime() + 2 * HOUR);
    expect(await enqueueReviewRequests({ now })).toMatchObject({ enqueued: 1 });
    const [request, ...more] = await requestsTo(customerId);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ channel: 'email', recipient: `owner${owners}@example.com` });
    expect(request!.body_text).toContain(REVIEW_WRITE_URL);
    const token = tokenIn(request!.body_text);
    expect(request!.body_text).toContain(`https://shop.example/stop/${token}`);
    expect(request!.list_unsubscribe).toBe(`https://shop.example/v1.0.1/marketing/opt-out?token=${token}`);
    expect(await query('SELECT booking_id FROM review_requests WHERE customer_id = $1', [customerId])).toEqual([
      { booking_id: bookingId },
    ]);
    expect((await getCustomer(customerId)).reviewRequest).toEqual({ at: now.toISOString(), channel: 'email' });
  });

  it('goes once per owner, ever: not twice across runs, two jobs at once, nor after their next visit', async () => {
    const done = at(1, 0, '10:00');
    const { customerId } = await visit(done);
    const later = new Date(done.getTime() + 3 * HOUR);
    await Promise.all([enqueueReviewRequests({ now: later }), enqueueReviewRequests({ now: later })]);
    await enqueueReviewRequests({ now: new Date(later.getTime() + HOUR) });
    // Six weeks on, a regular's next visit: still the one request.
    const next = new Date(done.getTime() + 6 * 7 * 24 * HOUR);
    await visit(next, { customerId });
    await enqueueReviewRequests({ now: new Date(next.getTime() + 3 * HOUR) });
    expect(await requestsTo(customerId)).toHaveLength(1);
  });

  it('asks every owner alike: no marketing consent needed, by text when there is no e-mail', async () => {
    const done = at(2, 0, '10:00');
    const noEmail = await visit(done, { email: null });
    const [{ phone }] = (await query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [
      noEmail.customerId,
    ])) as [{ phone: string }];
    const [consent] = await query<{ marketing_consent: boolean }>(
      'SELECT marketing_consent FROM customers WHERE id = $1',
      [noEmail.customerId],
    );
    expect(consent!.marketing_consent).toBe(false);
    await enqueueReviewRequests({ now: new Date(done.getTime() + 3 * HOUR) });
    const [text] = await requestsTo(noEmail.customerId);
    expect(text).toMatchObject({ channel: 'sms', recipient: phone, list_unsubscribe: null });
    expect(text!.body_text).toContain(REVIEW_WRITE_URL);
    expect(text!.body_text).toMatch(/Stop: https:\/\/shop\.example\/stop\/[A-Za-z0-9_-]{43}$/);
  });

  it('does not follow a no-show or a cancelled booking, nor reach an erased owner', async () => {
    const done = at(3, 0, '10:00');
    const noShow = await visit(done, { attendance: 'no_show' });
    const cancelled = await visit(done, { attendance: null, status: 'cancelled' });
    const erased = await visit(done);
    await query(`UPDATE customers SET erased_at = $2, name = NULL, email = NULL, phone = NULL WHERE id = $1`, [
      erased.customerId,
      done,
    ]);
    await query(`UPDATE bookings SET contact_email = '' WHERE customer_id = $1`, [erased.customerId]);
    await enqueueReviewRequests({ now: new Date(done.getTime() + 3 * HOUR) });
    for (const { customerId } of [noShow, cancelled, erased]) expect(await requestsTo(customerId)).toEqual([]);
    expect(
      await query('SELECT 1 FROM review_requests WHERE customer_id = ANY ($1)', [
        [noShow.customerId, cancelled.customerId, erased.customerId],
      ]),
    ).toEqual([]);
  });

  it('respects the opt-out: one tapped before is never asked, one tapped on the request withdraws it unsent', async () => {
    const done = at(4, 0, '10:00');
    const optedOut = await visit(done);
    await query('UPDATE customers SET marketing_consent = false, marketing_opted_out_at = $2 WHERE id = $1', [
      optedOut.customerId,
      new Date(done.getTime() - 30 * 24 * HOUR),
    ]);
    const tapper = await visit(done);
    const now = new Date(done.getTime() + 3 * HOUR);
    await enqueueReviewRequests({ now });
    expect(await requestsTo(optedOut.customerId)).toEqual([]);

    const [request] = await requestsTo(tapper.customerId);
    const answer = await call(optOut, 'POST', '/v1.0.1/marketing/opt-out', {
      body: { token: tokenIn(request!.body_text) },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(await requestsTo(tapper.customerId)).toEqual([]);
    // Asked once already: a later run writes nothing again.
    await enqueueReviewRequests({ now: new Date(now.getTime() + HOUR) });
    expect(await requestsTo(tapper.customerId)).toEqual([]);
  });

  it('waits for the waking hours, and a visit a week old is no longer followed', async () => {
    const evening = at(5, 0, '19:30');
    const late = await visit(evening);
    await enqueueReviewRequests({ now: at(5, 0, '21:30') });
    await enqueueReviewRequests({ now: at(5, 1, '07:00') });
    expect(await requestsTo(late.customerId)).toEqual([]);
    await enqueueReviewRequests({ now: at(5, 1, '08:00') });
    expect(await requestsTo(late.customerId)).toHaveLength(1);

    const old = await visit(at(5, 2, '10:00'));
    await enqueueReviewRequests({ now: at(5, 9, '10:01') });
    expect(await requestsTo(old.customerId)).toEqual([]);
  });

  it('counts for the person when staff merge two records of them', async () => {
    const done = at(6, 0, '10:00');
    const asked = await visit(done);
    await enqueueReviewRequests({ now: new Date(done.getTime() + 3 * HOUR) });
    const other = await visit(new Date(done.getTime() + 24 * HOUR));
    await query('UPDATE customers SET phone_verified_at = $2 WHERE id = ANY ($1)', [
      [asked.customerId, other.customerId],
      done,
    ]);
    const { key } = await staffMember('Review Merger');
    const merged = await call(customers, 'POST', `/v1.0.1/management/customers/${other.customerId}/merge`, {
      key,
      body: { from: asked.customerId },
    });
    expect(merged.status, merged.text).toBe(200);
    await enqueueReviewRequests({ now: new Date(done.getTime() + 27 * HOUR) });
    // The first record's request, its visit now the merged record's; no second one.
    expect(await requestsTo(other.customerId)).toHaveLength(1);
  });
});
