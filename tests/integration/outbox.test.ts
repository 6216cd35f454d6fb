import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmationMessages, shopNewBookingNotice, type MessageBooking } from '../../src/domain/messages.ts';
import { nextAttemptAt } from '../../src/domain/outbox-retry.ts';
import { query, transaction } from '../../src/server/db.ts';
import { parseEnv } from '../../src/server/env.ts';
import {
  enqueueMessage,
  enqueueMessages,
  providersFromEnv,
  sendDueMessages,
  type OutboxRow,
} from '../../src/server/messages/outbox.ts';
import { mimePart, startSmtpServer } from '../helpers/smtp-server.ts';
import { startSmsProvider } from '../helpers/sms-provider.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

useTestDatabase();

const booking: MessageBooking = {
  id: 'Qm9va2luZ0lkMTIzNDU2Nzg',
  service: { title: 'Full Groom', durationMinutes: 120 },
  start: new Date('2026-11-24T10:00:00Z'),
  end: new Date('2026-11-24T12:00:00Z'),
  dog: { name: 'Biscuit', breed: 'Cockapoo', weightKg: 9.5, coat: 'long' },
  owner: { name: 'Sam Patel', email: 'sam@example.com', phone: '+447700900461' },
};
const ctx = {
  siteUrl: 'http://localhost:8888',
  timeZone: 'Europe/London',
  cancellationNoticeHours: 24,
  now: new Date('2026-11-20T12:00:00Z'),
};
const T0 = new Date('2026-11-20T12:00:00Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smsProvider: Awaited<ReturnType<typeof startSmsProvider>>;
const configured = () =>
  providersFromEnv(
    parseEnv({ SMTP_URL: smtp.url, SMS_PROVIDER_URL: smsProvider.url, SMS_PROVIDER_TOKEN: 'test-token' }),
  );
const unconfigured = () => providersFromEnv(parseEnv({}));
const rows = () => query<OutboxRow>('SELECT * FROM outbox ORDER BY id');

/** What the booking server does: the booking's messages go in with the booking, in one transaction. */
async function enqueueConfirmation(sendAfter = T0) {
  await transaction(async (tx) => {
    await enqueueMessages(
      tx,
      [...confirmationMessages(booking, ctx), shopNewBookingNotice(booking, ctx)].map((m) => ({ ...m, sendAfter })),
    );
  });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  smsProvider = await startSmsProvider();
});
afterAll(async () => {
  await smtp.stop();
  await smsProvider.stop();
});
beforeEach(async () => {
  await query('DELETE FROM outbox');
  smtp.received.length = 0;
  smsProvider.requests.length = 0;
  smtp.failNext(0);
  smsProvider.failNext(0);
});

describe('enqueueMessage', () => {
  it('writes nothing when the booking transaction rolls back', async () => {
    await expect(
      transaction(async (tx) => {
        await enqueueMessage(tx, {
          kind: 'booking_confirmation',
          channel: 'email',
          recipient: 'sam@example.com',
          subject: 'x',
          bodyText: 'x',
          bookingId: booking.id,
        });
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect(await rows()).toHaveLength(0);
  });

  it('enqueues once per dedupe key', async () => {
    const message = {
      kind: 'booking_reminder',
      channel: 'sms' as const,
      recipient: '+447700900461',
      bodyText: 'See you tomorrow',
      dedupeKey: `reminder:${booking.id}`,
    };
    const first = await transaction((tx) => enqueueMessage(tx, message));
    const second = await transaction((tx) => enqueueMessage(tx, message));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await rows()).toHaveLength(1);
  });

  it.each([[{ channel: 'fax' }], [{ recipient: '' }], [{ kind: 'Bad Kind' }]])(
    'the table refuses a malformed message %j',
    async (bad) => {
      await expect(
        transaction((tx) =>
          enqueueMessage(tx, {
            kind: 'booking_confirmation',
            channel: 'email',
            recipient: 'sam@example.com',
            bodyText: 'x',
            ...bad,
          } as never),
        ),
      ).rejects.toThrow();
    },
  );
});

describe('sendDueMessages with no provider configured', () => {
  it('logs each message and marks it sent via the log, still readable in the outbox', async () => {
    await enqueueConfirmation();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await sendDueMessages({ now: T0, providers: unconfigured() })).toEqual({
        sent: 3,
        retrying: 0,
        gaveUp: 0,
        expired: 0,
      });
      const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
      expect(printed).toContain('booking_confirmation by email to sam@example.com (no provider configured)');
      expect(printed).toContain("Subject: Booked: Biscuit's Full Groom, Tue 24 Nov, 10:00");
      expect(printed).toContain('Attachments: appointment.ics');
      expect(printed).toContain('booking_confirmation by sms to +447700900461');
      expect(printed).toContain('shop_new_booking by email to hello@leytondoggrooming.co.uk');
    } finally {
      log.mockRestore();
    }
    const all = await rows();
    expect(all.map((r) => [r.channel, r.sent_via, r.attempts])).toEqual([
      ['email', 'log', 1],
      ['sms', 'log', 1],
      ['email', 'log', 1],
    ]);
    expect(all.every((r) => r.sent_at?.getTime() === T0.getTime())).toBe(true);
    expect(all[0]!.body_text).toContain('http://localhost:8888/b/Qm9va2luZ0lkMTIzNDU2Nzg');
    expect(all[0]!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
  });

  it('leaves messages that are not due yet', async () => {
    await enqueueConfirmation(later(60));
    expect(await sendDueMessages({ now: T0, providers: unconfigured() })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
      expired: 0,
    });
    expect((await rows()).every((r) => r.sent_at === null && r.attempts === 0)).toBe(true);
  });
});

describe('sendDueMessages through SMTP and the SMS provider', () => {
  it('sends the e-mail with its calendar file and the text with the token', async () => {
    await enqueueConfirmation();
    expect(await sendDueMessages({ now: T0, providers: configured() })).toEqual({
      sent: 3,
      retrying: 0,
      gaveUp: 0,
      expired: 0,
    });

    expect(smtp.received.map((m) => m.to)).toEqual([['sam@example.com'], ['hello@leytondoggrooming.co.uk']]);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('hello@leytondoggrooming.co.uk');
    expect(mail.raw).toMatch(/^Subject: Booked: Biscuit's Full Groom, Tue 24 Nov, 10:00$/m);
    expect(mail.raw).toMatch(/^Message-ID: <outbox-\d+@leytondoggrooming\.co\.uk>$/m);
    expect(mimePart(mail.raw, /content-type: text\/plain/i)).toContain(
      'http://localhost:8888/b/Qm9va2luZ0lkMTIzNDU2Nzg',
    );
    expect(mimePart(mail.raw, /content-type: text\/html/i)).toContain(
      '<a href="http://localhost:8888/b/Qm9va2luZ0lkMTIzNDU2Nzg">',
    );
    const ics = mimePart(mail.raw, /filename="?appointment\.ics/i);
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
    expect(ics).toContain('UID:Qm9va2luZ0lkMTIzNDU2Nzg\r\n');
    expect(ics).toContain('DTSTART:20261124T100000Z\r\n');

    expect(smsProvider.requests).toHaveLength(1);
    const text = smsProvider.requests[0]!;
    expect(text.headers.authorization).toBe('Bearer test-token');
    expect(text.body.to).toBe('+447700900461');
    expect(text.body.text).toContain('http://localhost:8888/b/Qm9va2luZ0lkMTIzNDU2Nzg');
    expect(text.headers['idempotency-key']).toBe(text.body.reference);

    expect((await rows()).map((r) => r.sent_via)).toEqual(['smtp', 'sms_http', 'smtp']);
  });

  it('a provider failure is retried later, then succeeds; nothing is lost or sent twice', async () => {
    await enqueueConfirmation();
    smtp.failNext(1);
    smsProvider.failNext(1);

    expect(await quietly(() => sendDueMessages({ now: T0, providers: configured() }))).toEqual({
      sent: 1,
      retrying: 2,
      gaveUp: 0,
      expired: 0,
    });
    let all = await rows();
    const failed = all.filter((r) => r.sent_at === null);
    expect(failed.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    for (const r of failed) {
      expect(r.attempts).toBe(1);
      expect(r.send_after).toEqual(later(1));
      expect(r.first_attempt_at).toEqual(T0);
      expect(r.last_error).toMatch(/451|503/);
    }

    // Not due yet half a minute later.
    expect(await sendDueMessages({ now: later(0.5), providers: configured() })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
      expired: 0,
    });
    // Due after the back-off: both go.
    expect(await sendDueMessages({ now: later(1), providers: configured() })).toEqual({
      sent: 2,
      retrying: 0,
      gaveUp: 0,
      expired: 0,
    });
    all = await rows();
    expect(all.every((r) => r.sent_at !== null && r.failed_at === null && r.last_error === null)).toBe(true);
    expect(all.map((r) => r.attempts).sort()).toEqual([1, 2, 2]);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['hello@leytondoggrooming.co.uk', 'sam@example.com']);
    expect(smsProvider.requests).toHaveLength(1);
  });

  it('the send-now path tries each message it is given once, however often it is named', async () => {
    const id = await transaction((tx) =>
      enqueueMessage(tx, { kind: 'booking_confirmation', channel: 'sms', recipient: '+447700900461', bodyText: 'Hi' }),
    );
    smsProvider.failNext(100);
    expect(await quietly(() => sendDueMessages({ now: T0, ids: [id!, id!, id!], providers: configured() }))).toEqual({
      sent: 0,
      retrying: 1,
      gaveUp: 0,
      expired: 0,
    });
    expect(smsProvider.requests).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({ attempts: 1, sent_at: null });
    // Named again before its next try, it is not tried: it is the scheduled sender's now.
    smsProvider.failNext(0);
    expect(await sendDueMessages({ now: later(0.5), ids: [id!], providers: configured() })).toMatchObject({ sent: 0 });
    expect(await sendDueMessages({ now: later(1), ids: [id!], providers: configured() })).toMatchObject({ sent: 1 });
  });

  it('an unreachable SMTP server is a failure to retry, not a crash', async () => {
    await transaction((tx) =>
      enqueueMessage(tx, {
        kind: 'booking_confirmation',
        channel: 'email',
        recipient: 'sam@example.com',
        subject: 'Hi',
        bodyText: 'Hi',
        sendAfter: T0,
      }),
    );
    const dead = providersFromEnv(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:1' }));
    expect(await quietly(() => sendDueMessages({ now: T0, providers: dead }))).toEqual({
      sent: 0,
      retrying: 1,
      gaveUp: 0,
      expired: 0,
    });
    expect((await rows())[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('gives up a day after the first try, tried 27 times, and says so in the log', async () => {
    await transaction((tx) =>
      enqueueMessage(tx, {
        kind: 'booking_reminder',
        channel: 'sms',
        recipient: '+447700900461',
        bodyText: 'See you tomorrow',
        sendAfter: T0,
      }),
    );
    smsProvider.failNext(1000, 500);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcomes = [];
    try {
      // The scheduled sender, at each time the row asks for, and a moment before it (nothing then).
      let now = T0;
      for (let run = 0; run < 40; run++) {
        const outcome = await quietly(() => sendDueMessages({ now, providers: configured() }));
        outcomes.push({ minute: (now.getTime() - T0.getTime()) / 60_000, ...outcome });
        const [row] = await rows();
        if (row!.failed_at) break;
        const early = await sendDueMessages({
          now: new Date(row!.send_after.getTime() - 1000),
          providers: configured(),
        });
        expect(early).toEqual({ sent: 0, retrying: 0, gaveUp: 0, expired: 0 });
        now = row!.send_after;
      }
      expect(String(errors.mock.calls[0]?.[0])).toMatch(
        /gave up on message \d+ \(booking_reminder, sms to \+447700900461\) after 27 tries: SMS provider answered 500/,
      );
    } finally {
      errors.mockRestore();
    }
    // 1, 5, 30 minutes apart, then hourly.
    expect(outcomes.map((o) => o.minute).slice(0, 6)).toEqual([0, 1, 6, 36, 96, 156]);
    expect(outcomes).toHaveLength(27);
    expect(outcomes.at(-1)).toEqual({ minute: 23 * 60 + 36, sent: 0, retrying: 0, gaveUp: 1, expired: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 27, sent_at: null, failure: 'undelivered', first_attempt_at: T0 });
    expect(row!.failed_at).toEqual(later(23 * 60 + 36));
    expect(nextAttemptAt(27, T0, row!.failed_at!)).toBeNull();
    // and it is never picked up again
    smsProvider.failNext(0);
    expect(await sendDueMessages({ now: later(48 * 60), providers: configured() })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
      expired: 0,
    });
    expect(smsProvider.requests).toHaveLength(0);
  });

  it('a row claimed by a sender that died is left alone until its lease ends, then sent once', async () => {
    await transaction((tx) =>
      enqueueMessage(tx, {
        kind: 'booking_confirmation',
        channel: 'sms',
        recipient: '+447700900461',
        bodyText: 'Booked',
        sendAfter: T0,
      }),
    );
    // Another sender claimed it (attempts 1, lease of 2 minutes) and then vanished.
    await query(`UPDATE outbox SET attempts = 1, locked_until = $1::timestamptz + interval '2 minutes'`, [T0]);
    expect(await sendDueMessages({ now: later(1), providers: configured() })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
      expired: 0,
    });
    expect(await sendDueMessages({ now: later(2), providers: configured() })).toEqual({
      sent: 1,
      retrying: 0,
      gaveUp: 0,
      expired: 0,
    });
    expect(smsProvider.requests).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ attempts: 2, sent_via: 'sms_http' });
  });

  it('respects the limit and keeps the order', async () => {
    await transaction(async (tx) => {
      for (let i = 0; i < 5; i++)
        await enqueueMessage(tx, {
          kind: 'booking_confirmation',
          channel: 'sms',
          recipient: '+447700900461',
          bodyText: `n${i}`,
          sendAfter: later(-i),
        });
    });
    expect(await sendDueMessages({ now: T0, limit: 2, providers: configured() })).toEqual({
      sent: 2,
      retrying: 0,
      gaveUp: 0,
      expired: 0,
    });
    expect(smsProvider.requests.map((r) => r.body.text)).toEqual(['n4', 'n3']);
  });
});

async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    return await work();
  } finally {
    warn.mockRestore();
  }
}
