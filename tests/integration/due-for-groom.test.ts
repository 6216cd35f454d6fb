import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as optOutFunction from '../../netlify/functions/marketing-opt-out.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { DUE_FOR_GROOM_KIND } from '../../src/domain/due-for-groom.ts';
import { addDays, weekdayOf, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { getCustomer } from '../../src/server/customer-records.ts';
import { query, transaction } from '../../src/server/db.ts';
import { parseEnv } from '../../src/server/env.ts';
import { enqueueDueForGroom } from '../../src/server/messages/due-for-groom.ts';
import { enqueueMessage, providersFromEnv, sendDueMessages } from '../../src/server/messages/outbox.ts';
import { routed } from '../helpers/netlify-context.ts';
import { startSmtpServer } from '../helpers/smtp-server.ts';
import { call, insertBooking } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * "Due for a groom" (issue 21, docs/decisions/090): a nudge N weeks after a completed visit with
 * consent and nothing booked since, once per visit however often the job runs, and an opt-out through
 * the real function that is honoured by every later marketing message. The job takes its `now`, so
 * each test runs in a week of its own, years ahead, and its visits never meet another test's.
 */
process.env.URL = 'https://shop.example';
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

useTestDatabase();

const LONDON = DEFAULT_BOOKING_SETTINGS.timeZone;
const optOut = routed(optOutFunction);
/** A Monday; test k runs on the Monday k weeks after it, at 11:00 London. */
const BASE_MONDAY = '2031-03-03';
const mondayAt = (k: number, time = '11:00') => zonedDateTimeToInstant(addDays(BASE_MONDAY, 7 * k), time, LONDON);
const WEEK_MS = 7 * 86_400_000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  expect(weekdayOf(BASE_MONDAY)).toBe('monday');
  // One visit is no history: the breed's six weeks decide (src/domain/rebook.ts usualInterval).
  await query(`UPDATE breeds SET groom_interval_weeks = 6 WHERE id = 'beagle'`);
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

let emails = 0;
/** A customer with consent (or not) and a dog whose visit was completed `weeksAgo` before `now`, at 10:00. */
async function visited(now: Date, { consent = true, weeksAgo = 6 } = {}) {
  const email = `owner${++emails}@example.com`;
  const made = await insertBooking({
    customer: { name: 'Sam Patel', email },
    dog: { name: `Rex ${emails}`, breedId: 'beagle' },
    // Each visit an hour of its own, so the grooming tables never run out.
    start: new Date(now.getTime() - weeksAgo * WEEK_MS - ((emails % 9) + 1) * 61 * 60_000),
    attendance: 'completed',
  });
  await query('UPDATE customers SET marketing_consent = $2 WHERE id = $1', [made.customerId, consent]);
  return { ...made, email };
}

const nudgesTo = (customerId: string) =>
  query<{ id: string; kind: string; recipient: string; body_text: string; list_unsubscribe: string | null }>(
    `SELECT id::text, kind, recipient, body_text, list_unsubscribe FROM outbox WHERE marketing_customer_id = $1 ORDER BY id`,
    [customerId],
  );
const tokenIn = (text: string) => /\/stop\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;

function postJson(body: unknown, headers: Record<string, string> = {}) {
  return call(optOut, 'POST', '/v1.0.1/marketing/opt-out', { body, headers });
}

describe('the nudge', () => {
  it('goes N weeks after a completed visit with consent: the rebook card, the one-tap opt-out, List-Unsubscribe', async () => {
    const now = mondayAt(0);
    const visit = await visited(now);
    await enqueueDueForGroom({ now });

    const [nudge, ...more] = await nudgesTo(visit.customerId);
    expect(more).toEqual([]);
    expect(nudge).toMatchObject({ kind: DUE_FOR_GROOM_KIND, recipient: visit.email });
    expect(nudge!.body_text).toContain(`https://shop.example/b/${visit.bookingId}#next`);
    const token = tokenIn(nudge!.body_text);
    expect(nudge!.list_unsubscribe).toBe(`https://shop.example/v1.0.1/marketing/opt-out?token=${token}`);

    // Through the real mail client: the RFC 8058 headers reach the provider.
    await sendDueMessages({ now, providers: providersFromEnv(parseEnv({ SMTP_URL: smtp.url })) });
    const mail = smtp.received.find((m) => m.to.includes(visit.email))!;
    // Headers as a mail client reads them: a long one is folded onto the next line.
    const headers = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${nudge!.list_unsubscribe}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('is not sent without consent, nor before the weeks are up, nor on a Sunday', async () => {
    const now = mondayAt(1);
    const noConsent = await visited(now, { consent: false });
    const tooSoon = await visited(now, { weeksAgo: 5 });
    const sunday = await visited(new Date(now.getTime() - 86_400_000));
    await enqueueDueForGroom({ now: new Date(now.getTime() - 86_400_000) });
    expect(await nudgesTo(sunday.customerId)).toEqual([]);
    await enqueueDueForGroom({ now });
    expect(await nudgesTo(noConsent.customerId)).toEqual([]);
    expect(await nudgesTo(tooSoon.customerId)).toEqual([]);
    // Due on the Sunday, sent on the Monday.
    expect(await nudgesTo(sunday.customerId)).toHaveLength(1);
  });

  it('is not sent when anything of that dog is booked after the visit; a cancelled booking does not count', async () => {
    const now = mondayAt(2);
    const booked = await visited(now);
    await insertBooking({
      customerId: booked.customerId,
      dogId: booked.dogId,
      start: new Date(now.getTime() + WEEK_MS),
    });
    const cancelled = await visited(now);
    await insertBooking({
      customerId: cancelled.customerId,
      dogId: cancelled.dogId,
      start: new Date(now.getTime() + WEEK_MS + 2 * 3600_000),
      status: 'cancelled',
    });
    await enqueueDueForGroom({ now });
    expect(await nudgesTo(booked.customerId)).toEqual([]);
    expect(await nudgesTo(cancelled.customerId)).toHaveLength(1);
  });

  it('goes once per visit, however often and however long the job runs', async () => {
    const now = mondayAt(3);
    const visit = await visited(now);
    for (let day = 0; day < 6; day++) {
      const at = new Date(now.getTime() + day * 86_400_000);
      await enqueueDueForGroom({ now: at });
      await enqueueDueForGroom({ now: new Date(at.getTime() + 3600_000) });
    }
    expect(await nudgesTo(visit.customerId)).toHaveLength(1);
  });
});

describe('the one-tap opt-out', () => {
  it('is honoured for every later message: the nudge not yet sent, the next visit’s, any other marketing', async () => {
    const now = mondayAt(4);
    const first = await visited(now);
    await enqueueDueForGroom({ now });
    const [nudge] = await nudgesTo(first.customerId);
    const token = tokenIn(nudge!.body_text);
    // Another marketing message queued for later, and the nudge itself still unsent.
    await transaction((tx) =>
      enqueueMessage(tx, {
        kind: 'offer',
        channel: 'email',
        recipient: first.email,
        subject: 'An offer',
        bodyText: 'An offer',
        sendAfter: new Date(now.getTime() + WEEK_MS),
        marketingCustomerId: first.customerId,
      }),
    );
    expect(await nudgesTo(first.customerId)).toHaveLength(2);

    const answer = await postJson({ token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ status: 'opted_out' });
    expect(await nudgesTo(first.customerId)).toEqual([]);
    const [record] = await query<{ marketing_consent: boolean; marketing_opted_out_at: Date }>(
      'SELECT marketing_consent, marketing_opted_out_at FROM customers WHERE id = $1',
      [first.customerId],
    );
    expect(record!.marketing_consent).toBe(false);
    expect(record!.marketing_opted_out_at).toBeInstanceOf(Date);
    // The staff customer page reads it where it shows consent.
    expect(await getCustomer(first.customerId)).toMatchObject({
      marketingConsent: false,
      marketingOptedOutAt: record!.marketing_opted_out_at.toISOString(),
    });

    // A second tap changes nothing, the date included.
    expect((await postJson({ token })).status).toBe(200);
    const [again] = await query<{ marketing_opted_out_at: Date }>(
      'SELECT marketing_opted_out_at FROM customers WHERE id = $1',
      [first.customerId],
    );
    expect(again!.marketing_opted_out_at).toEqual(record!.marketing_opted_out_at);

    // Their other dog's visit comes due later: nothing, then or ever.
    await insertBooking({
      customerId: first.customerId,
      dog: { name: 'Second', breedId: 'beagle' },
      start: new Date(now.getTime() - 5 * WEEK_MS),
      attendance: 'completed',
    });
    for (let week = 0; week <= 3; week++) await enqueueDueForGroom({ now: new Date(now.getTime() + week * WEEK_MS) });
    expect(await nudgesTo(first.customerId)).toEqual([]);
    expect(
      await query(`SELECT 1 FROM outbox WHERE recipient = $1 AND marketing_customer_id IS NOT NULL`, [first.email]),
    ).toEqual([]);
  });

  it('takes a mail client’s RFC 8058 one-click POST', async () => {
    const now = mondayAt(5);
    const visit = await visited(now);
    await enqueueDueForGroom({ now });
    const [nudge] = await nudgesTo(visit.customerId);
    const path = new URL(nudge!.list_unsubscribe!).pathname + new URL(nudge!.list_unsubscribe!).search;

    const wrong = await call(optOut, 'POST', path, {
      raw: 'List-Unsubscribe=Maybe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.status).toBe(400);
    const answer = await call(optOut, 'POST', path, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status, answer.text).toBe(200);
    const [record] = await query<{ marketing_consent: boolean }>(
      'SELECT marketing_consent FROM customers WHERE id = $1',
      [visit.customerId],
    );
    expect(record!.marketing_consent).toBe(false);
  });

  it('answers a bad or unknown token with a 404, bad input with a 4xx, and never writes on a GET', async () => {
    const unknown = await postJson({ token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found' });
    expect((await postJson({ token: 'short' })).status).toBe(404);
    expect((await postJson({ token: '../'.repeat(20) })).status).toBe(404);
    expect((await postJson({ token: 5 })).status).toBe(400);
    expect((await postJson({ token: 'A'.repeat(43), extra: true })).status).toBe(400);
    expect((await call(optOut, 'POST', '/v1.0.1/marketing/opt-out', { raw: '{' })).status).toBe(400);
    expect(
      (
        await call(optOut, 'POST', '/v1.0.1/marketing/opt-out?token=x', {
          raw: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(optOut, 'POST', '/v1.0.1/marketing/opt-out', { raw: 'x', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(415);
    expect((await call(optOut, 'GET', `/v1.0.1/marketing/opt-out?token=${'A'.repeat(43)}`)).status).toBe(405);
  });
});
