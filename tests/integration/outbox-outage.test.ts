import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import managementDashboard from '../../netlify/functions/management-dashboard.ts';
import * as managementMessagesModule from '../../netlify/functions/management-messages.ts';
import phoneCodesHandler from '../../netlify/functions/phone-codes.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import { DashboardResponseSchema, MessageRetryResponseSchema } from '../../src/domain/dashboard.ts';
import { query, transaction } from '../../src/server/db.ts';
import { enqueueMessage, sendDueMessages, type OutboxRow } from '../../src/server/messages/outbox.ts';
import { startSmtpServer } from '../helpers/smtp-server.ts';
import { startSmsProvider } from '../helpers/sms-provider.ts';
import { addStaffMember, call } from '../helpers/staff.ts';
import { call as staffCall, staffKey } from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';
import { fromTomorrow } from '../helpers/days.ts';

const bookingChangesHandler = routed(bookingChanges);
const managementMessages = routed(managementMessagesModule);

/**
 * A text and mail provider that fail for a while, then recover (docs/decisions/065): the request
 * path tries each message once, the scheduled sender (called here with the clock it would read,
 * minute by minute, without sleeping) retries, every message arrives exactly once and in the order
 * it was written, a code is never sent after it expires, and a message that stopped is on the
 * dashboard for staff to send again.
 */
useTestDatabase({ seed: true });
delete process.env.STRIPE_SECRET_KEY;
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

const API = 'http://localhost/v1.0.1';
const OWNER_PHONE = '+447700900471';
const OWNER_EMAIL = 'pat@example.com';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sms: Awaited<ReturnType<typeof startSmsProvider>>;
const unconfigured = process.env;
beforeAll(async () => {
  smtp = await startSmtpServer();
  sms = await startSmsProvider();
  // A new object, so the validated environment (src/server/env.ts) is read again.
  process.env = { ...unconfigured, SMTP_URL: smtp.url, SMS_PROVIDER_URL: sms.url };
});
afterAll(async () => {
  process.env = unconfigured;
  await smtp.stop();
  await sms.stop();
});
beforeEach(async () => {
  await query('DELETE FROM outbox');
  for (const list of [smtp.received, smtp.rejected, sms.requests, sms.rejected]) list.length = 0;
});

/** Both providers down (every send answered 503 or 451) or up. */
function providersDown(down: boolean) {
  sms.failNext(down ? 1_000_000 : 0);
  smtp.failNext(down ? 1_000_000 : 0);
}

/** The scheduled sender's runs, once a minute from `from` to `to`, the providers down before `upAt`. */
async function scheduledRuns(t0: Date, minutes: { from: number; to: number; upAt: number }) {
  for (let m = minutes.from; m <= minutes.to; m++) {
    providersDown(m < minutes.upAt);
    await sendDueMessages({ now: new Date(t0.getTime() + m * 60_000) });
  }
}

async function firstFreeStart(): Promise<string> {
  return (await freeStarts())[0]!;
}

/** The starts of the fourth day with room, far enough ahead for the customer's own changes. */
async function freeStarts(): Promise<string[]> {
  const res = await availabilityHandler(new Request(`${API}/availability?service=nails`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  const day = fromTomorrow(days).filter((d) => d.open && d.slots.length >= 4)[3];
  return day!.slots.map((slot) => slot.start);
}

async function book(start: string): Promise<string> {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: 'nails',
        start,
        dog: { name: 'Pip', breedId: 'beagle', weightKg: 11, coat: 'short' },
        owner: { name: 'Pat Lee', phone: OWNER_PHONE, email: OWNER_EMAIL, marketingConsent: false, acceptTerms: true },
        idempotencyKey: randomUUID(),
      }),
    }),
  );
  expect(res.status).toBe(201);
  return CreateBookingResponseSchema.parse(await res.json()).bookingId;
}

const rows = () => query<OutboxRow>('SELECT * FROM outbox ORDER BY id');

/** Quiet: the sender warns of every failed try and logs what it gives up. */
function quietly() {
  const spies = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
  for (const spy of spies) spy.mockImplementation(() => undefined);
  return () => spies.forEach((spy) => spy.mockRestore());
}

describe('a provider that fails for 20 minutes, then recovers', () => {
  it('delivers every message exactly once, in order, and never a stale code', async () => {
    const restore = quietly();
    try {
      const t0 = new Date();
      providersDown(true);

      // During the outage: a booking (its confirmation by e-mail and text, the shop's notice)…
      const bookingId = await book(await firstFreeStart());
      // …each tried once on the request path, not eight times in a few milliseconds.
      expect(sms.rejected.map((t) => t.to)).toEqual([OWNER_PHONE]);
      expect(smtp.rejected.map((m) => m.to[0]).sort()).toEqual(['hello@leytondoggrooming.co.uk', OWNER_EMAIL].sort());
      expect((await rows()).map((r) => [r.kind, r.attempts])).toEqual([
        ['booking_confirmation', 1],
        ['booking_confirmation', 1],
        ['shop_new_booking', 1],
      ]);

      // …then cancelled by the customer: the cancellation waits behind the confirmation it follows.
      const cancelled = await bookingChangesHandler(
        new Request(`${API}/bookings/${bookingId}/cancel`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({}),
        }),
      );
      expect(cancelled.status).toBe(200);
      expect(sms.rejected).toHaveLength(1);

      // A staff member's sign-in code, and a customer's booking code, each tried once too.
      const staffPhone = '07700 900472';
      await addStaffMember(staffPhone, 'Outage Groomer');
      expect((await call('POST', '/v1.0.1/management/sign-in/codes', { body: { phone: staffPhone } })).status).toBe(
        202,
      );
      const asked = await phoneCodesHandler(
        new Request(`${API}/phone-codes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: '07700 900473', purpose: 'booking' }),
        }),
      );
      expect(asked.status).toBe(202);
      expect(sms.rejected.map((t) => t.to)).toEqual([OWNER_PHONE, '+447700900472', '+447700900473']);

      // The scheduled sender, every minute for an hour; the providers come back at minute 20.
      await scheduledRuns(t0, { from: 1, to: 60, upAt: 20 });

      const all = await rows();
      const codes = all.filter((r) => r.kind === 'phone_code');
      const messages = all.filter((r) => r.kind !== 'phone_code');
      // Codes were tried at 0, 2 and 7 minutes; the next try (37) would be after they expire (10).
      for (const code of codes) expect(code).toMatchObject({ attempts: 3, sent_at: null, failure: 'expired' });
      expect(sms.requests.filter((t) => /code/.test(t.body.text))).toEqual([]);

      // Every other message was sent, once, and at the try after the providers came back.
      expect(messages.map((r) => [r.kind, r.channel, r.sent_via, r.failed_at])).toEqual([
        ['booking_confirmation', 'email', 'smtp', null],
        ['booking_confirmation', 'sms', 'sms_http', null],
        ['shop_new_booking', 'email', 'smtp', null],
        ['booking_cancelled', 'email', 'smtp', null],
        ['booking_cancelled', 'sms', 'sms_http', null],
        ['shop_booking_cancelled', 'email', 'smtp', null],
      ]);
      const refs = sms.requests.map((t) => t.body.reference);
      expect(new Set(refs).size).toBe(refs.length);
      const ids = smtp.received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(sms.requests).toHaveLength(2);
      // The owner's two e-mails, the shop's new booking and the shop's notice of the owner cancelling.
      expect(smtp.received).toHaveLength(4);

      // In the order written, for each recipient.
      const kindOf = new Map(messages.map((r) => [`outbox-${r.id}`, r.kind]));
      const textsTo = (to: string) => sms.requests.filter((t) => t.body.to === to).map((t) => t.body.reference);
      const mailsTo = (to: string) =>
        smtp.received.filter((m) => m.to[0] === to).map((m) => /^Message-ID: <(outbox-\d+)@/im.exec(m.raw)?.[1] ?? '');
      expect(textsTo(OWNER_PHONE).map((ref) => kindOf.get(ref))).toEqual(['booking_confirmation', 'booking_cancelled']);
      expect(mailsTo(OWNER_EMAIL).map((ref) => kindOf.get(ref))).toEqual(['booking_confirmation', 'booking_cancelled']);
      // The confirmation, first tried just after t0, was due a minute after that: tried by the runs
      // at minutes 2 and 7 (down) and 37 (up); the cancellation went straight after it.
      const confirmation = messages[1]!;
      const cancellation = messages[4]!;
      expect(confirmation.attempts).toBe(4);
      expect(confirmation.sent_at).toEqual(new Date(t0.getTime() + 37 * 60_000));
      expect(cancellation.sent_at).toEqual(confirmation.sent_at);
      expect(cancellation.attempts).toBe(1);
    } finally {
      restore();
    }
  });
});

describe('a message that stopped', () => {
  it('is on the dashboard, and a staff retry sends it once', async () => {
    const restore = quietly();
    const staff = await staffKey('Dashboard Groomer');
    try {
      const t0 = new Date();
      const [message, code] = await transaction(async (tx) => [
        await enqueueMessage(tx, {
          kind: 'booking_moved',
          channel: 'sms',
          recipient: '+447700900474',
          bodyText: 'Your appointment has moved',
          sendAfter: t0,
        }),
        await enqueueMessage(tx, {
          kind: 'phone_code',
          channel: 'sms',
          recipient: '+447700900475',
          bodyText: '123456 is your Leyton Dog Grooming code',
          sendAfter: t0,
          expiresAt: new Date(t0.getTime() + 10 * 60_000),
        }),
      ]);
      // Down for more than a day: the scheduled sender tries at each time the message asks for.
      providersDown(true);
      let now = t0;
      for (let run = 0; run < 40; run++) {
        await sendDueMessages({ now });
        const [row] = await query<OutboxRow>('SELECT * FROM outbox WHERE id = $1', [message]);
        if (row!.failed_at) break;
        now = row!.send_after;
      }
      expect(sms.rejected.filter((t) => t.to === '+447700900474')).toHaveLength(27);
      // The code: at 0, 1 and 6 minutes; then its next try would come after it expired.
      expect(sms.rejected.filter((t) => t.to === '+447700900475')).toHaveLength(3);

      const dashboard = await managementDashboard(
        new Request(`${API}/management/dashboard`, { headers: { 'x-access-key': staff.key } }),
      );
      const { messages } = DashboardResponseSchema.parse(await dashboard.json());
      expect(messages.waiting).toBe(0);
      expect(messages.stopped).toEqual([
        expect.objectContaining({
          id: message,
          kind: 'booking_moved',
          failure: 'undelivered',
          attempts: 27,
          lastError: expect.stringMatching(/503/),
          noRetry: null,
        }),
        expect.objectContaining({ id: code, kind: 'phone_code', failure: 'expired', noRetry: expect.any(String) }),
      ]);

      // The provider is back; staff send it again: once.
      providersDown(false);
      const retry = (id: string, key: string | null = staff.key) =>
        managementMessages(
          new Request(`${API}/management/messages/${id}/retry`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(key ? { 'x-access-key': key } : {}) },
            body: '{}',
          }),
        );
      expect((await retry(message!, null)).status).toBe(401);
      expect(sms.requests).toHaveLength(0);
      const res = await retry(message!);
      expect(res.status).toBe(200);
      expect(MessageRetryResponseSchema.parse(await res.json())).toEqual({
        message: { id: message, status: 'sent', lastError: null },
      });
      expect(sms.requests.map((t) => t.body.to)).toEqual(['+447700900474']);
      const again = await retry(message!);
      expect(again.status).toBe(409);
      expect(sms.requests).toHaveLength(1);

      // A code is not sent again: it would be stale, and the person can ask for a new one.
      const refused = await retry(code!);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toMatch(/ask for a new one/);
      expect(sms.requests).toHaveLength(1);
      const [audit] = await query<{ action: string; staff_id: string }>(
        `SELECT action, staff_id FROM audit_log WHERE entity = 'outbox' AND entity_id = $1`,
        [message],
      );
      expect(audit).toEqual({ action: 'message.retry', staff_id: staff.id });

      const after = DashboardResponseSchema.parse(
        await (
          await managementDashboard(
            new Request(`${API}/management/dashboard`, { headers: { 'x-access-key': staff.key } }),
          )
        ).json(),
      );
      expect(after.messages.stopped.map((m) => m.id)).toEqual([code]);
    } finally {
      restore();
    }
  });
});

describe('a booking moved', () => {
  it('is told at once, as a cancellation is, whoever moves it: the scheduled sender never runs', async () => {
    providersDown(false);
    const starts = await freeStarts();
    const bookingId = await book(starts[0]!);
    /** The "booking moved" messages written so far, and whether each has gone. */
    const moves = async () =>
      (await rows()).filter((r) => r.kind === 'booking_moved').map((r) => [r.channel, r.sent_at !== null]);

    // By the customer, from the link in their confirmation: a text and an e-mail, both gone.
    const byCustomer = await bookingChangesHandler(
      new Request(`${API}/bookings/${bookingId}/move`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ start: starts[2] }),
      }),
    );
    expect(byCustomer.status).toBe(200);
    expect((await moves()).sort()).toEqual([
      ['email', true],
      ['sms', true],
    ]);
    expect(sms.requests.filter((t) => t.body.to === OWNER_PHONE && /has moved/.test(t.body.text))).toHaveLength(1);

    // By the shop, from the schedule (an unproven number has had its texts for the day: the e-mail tells it).
    const staff = await staffKey('Counter Groomer');
    const byShop = await staffCall('POST', `/v1.0.1/management/bookings/${bookingId}/move`, {
      key: staff.key,
      body: { start: starts[3] },
    });
    expect(byShop.status).toBe(200);
    expect(await moves()).toHaveLength(3);
    expect((await moves()).every(([, sent]) => sent)).toBe(true);
    expect(smtp.received.filter((m) => m.to[0] === OWNER_EMAIL)).toHaveLength(3);
  });
});
