import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import { config as reminderConfig } from '../../netlify/functions/reminders.ts';
import { config as senderConfig } from '../../netlify/functions/send-outbox.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import { isBankHoliday } from '../../src/domain/bank-holidays.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { addDays, todayIn, weekdayOf, zonedDateTimeToInstant } from '../../src/domain/london-time.ts';
import { REMINDER_RUN_UTC_HOUR } from '../../src/domain/reminders.ts';
import { query, transaction } from '../../src/server/db.ts';
import { updateBookingSettings } from '../../src/server/settings.ts';
import { parseEnv } from '../../src/server/env.ts';
import { providersFromEnv, sendDueMessages, type OutboxRow } from '../../src/server/messages/outbox.ts';
import { enqueueReminders } from '../../src/server/messages/reminders.ts';
import { rebook, rebookProposals } from '../../src/server/bookings/rebook.ts';
import { insertBooking } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

useTestDatabase({ seed: true });
// A scheduled run has no request to take the site's address from: Netlify sets URL, as here.
process.env.URL = 'https://www.leytondoggrooming.co.uk';

const API = 'http://localhost/v1.0.1';

async function book(start: string, phone: string, dogName: string) {
  const res = await bookingsHandler(
    new Request(`${API}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceId: 'shower',
        start,
        dog: { name: dogName, breedId: 'beagle', weightKg: 10, coat: 'short' },
        owner: { name: 'Alex Reid', phone, email: 'alex@example.com', marketingConsent: false, acceptTerms: true },
        idempotencyKey: randomUUID(),
      }),
    }),
  );
  expect(res.status).toBe(201);
  return CreateBookingResponseSchema.parse(await res.json()).bookingId;
}

describe('enqueueReminders', () => {
  it("enqueues e-mail and text for tomorrow's confirmed appointments only, once", async () => {
    const res = await availabilityHandler(new Request(`${API}/availability?service=shower`));
    const { days } = AvailabilityResponseSchema.parse(await res.json());
    // Two consecutive open days with room, from the day after tomorrow on (well clear of the notice).
    const open = days.filter((d) => d.open && d.slots.length >= 4).slice(2);
    const day = open.find((d, i) => open[i + 1]?.date === addDays(d.date, 1))!;
    const next = open[open.indexOf(day) + 1]!;

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const kept = await book(day.slots[0]!.start, '07700 900301', 'Pepper');
      const cancelled = await book(day.slots[2]!.start, '07700 900302', 'Mabel');
      await book(next.slots[0]!.start, '07700 900303', 'Otis');
      await query(`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [cancelled]);

      const evening = zonedDateTimeToInstant(addDays(day.date, -1), '17:00', 'Europe/London');
      const run = await enqueueReminders({ now: evening });
      expect(run).toEqual({ date: day.date, bookings: 1, enqueued: 2 });

      const reminders = await query<OutboxRow>(`SELECT * FROM outbox WHERE kind = 'booking_reminder' ORDER BY id`);
      expect(reminders.map((r) => [r.channel, r.recipient, r.booking_id])).toEqual([
        ['email', 'alex@example.com', kept],
        ['sms', '+447700900301', kept],
      ]);
      expect(reminders[0]!.subject).toMatch(/^See you tomorrow at \d\d:\d\d: Pepper's Bath & Brush \(Shower\)$/);
      expect(reminders[1]!.body_text).toContain(`/b/${kept}`);

      // Running again (a retried schedule) adds nothing.
      expect(await enqueueReminders({ now: evening })).toEqual({ date: day.date, bookings: 1, enqueued: 0 });

      // And they go out (to the log, with no provider configured).
      const result = await sendDueMessages({ now: new Date(), providers: providersFromEnv(parseEnv({})) });
      expect(result.sent).toBeGreaterThanOrEqual(2);
      const sent = await query<OutboxRow>(`SELECT * FROM outbox WHERE kind = 'booking_reminder' AND sent_via = 'log'`);
      expect(sent).toHaveLength(2);
    } finally {
      log.mockRestore();
    }
  });

  it('the scheduled functions run daily at 17:00 UTC (the hour the booking pages promise by) and every minute', () => {
    expect(reminderConfig.schedule).toBe(`0 ${REMINDER_RUN_UTC_HOUR} * * *`);
    expect(REMINDER_RUN_UTC_HOUR).toBe(17);
    expect(senderConfig.schedule).toBe('* * * * *');
  });
});

describe("the reminder's next groom (issue 21)", () => {
  const LONDON = DEFAULT_BOOKING_SETTINGS.timeZone;
  const taken = new Set<string>();
  /** A plain open day four weeks or more ahead, clear of the other test's days and of each other's. */
  function day(): string {
    for (let d = 28; d < 200; d++) {
      const date = addDays(todayIn(LONDON, new Date()), d);
      if (taken.has(date) || DEFAULT_BOOKING_SETTINGS.openingHours[weekdayOf(date)] === null || isBankHoliday(date))
        continue;
      for (let k = -3; k <= 3; k++) taken.add(addDays(date, k));
      return date;
    }
    throw new Error('no day');
  }
  async function reminderText(date: string, bookingId: string) {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await enqueueReminders({ now: zonedDateTimeToInstant(addDays(date, -1), '17:00', LONDON) });
    } finally {
      log.mockRestore();
    }
    const rows = await query<OutboxRow>(
      `SELECT * FROM outbox WHERE kind = 'booking_reminder' AND booking_id = $1 ORDER BY channel`,
      [bookingId],
    );
    expect(rows.map((r) => r.channel)).toEqual(['email', 'sms']);
    return rows.map((r) => r.body_text).join('\n');
  }

  it('offers the same time in N weeks, linked to the card, when nothing later is booked', async () => {
    const date = day();
    const made = await insertBooking({ start: zonedDateTimeToInstant(date, '10:00', LONDON) });
    // Two visits done six weeks apart: the dog's usual 6 weeks, within the shop's 8-week horizon.
    for (const weeksBack of [60, 66])
      await insertBooking({
        customerId: made.customerId,
        dogId: made.dogId,
        start: zonedDateTimeToInstant(addDays(date, -7 * weeksBack), '10:00', LONDON),
        attendance: 'completed',
      });
    const text = await reminderText(date, made.bookingId);
    const { usual } = await rebookProposals(made.bookingId, {});
    expect(usual).toEqual({ weeks: 6, source: 'history' });
    expect(text).toContain(`Same time in 6 weeks? Book it in one tap: `);
    expect(text).toContain(`https://www.leytondoggrooming.co.uk/b/${made.bookingId}#next`);
  });

  it('says nothing of it when the usual weeks lie beyond the horizon (issue 29: a rebook is a booking)', async () => {
    const date = day();
    // A beagle with a short coat and no history: 10 weeks, past the shop's 8 from the evening before.
    const { bookingId } = await insertBooking({ start: zonedDateTimeToInstant(date, '10:00', LONDON) });
    expect((await rebookProposals(bookingId, {})).usual.weeks).toBe(10);
    expect(await reminderText(date, bookingId)).not.toContain('#next');
  });

  it("says nothing of it when the dog's next visit is already booked", async () => {
    const date = day();
    const made = await insertBooking({ start: zonedDateTimeToInstant(date, '10:00', LONDON) });
    await insertBooking({
      customerId: made.customerId,
      dogId: made.dogId,
      start: zonedDateTimeToInstant(addDays(date, 42), '11:00', LONDON),
    });
    expect(await reminderText(date, made.bookingId)).not.toContain('#next');
  });

  it('says nothing of it for a visit of a series whose next visit is booked', async () => {
    const date = day();
    // A series of two every 6 weeks from a visit six weeks before `date`: within a shop's horizon of
    // 20 weeks (a rebook obeys the shop's own, issue 29), whatever the day this runs.
    await transaction((tx) => updateBookingSettings(tx, { horizonWeeks: 20 }));
    try {
      const { bookingId } = await insertBooking({
        start: zonedDateTimeToInstant(addDays(date, -42), '10:00', LONDON),
      });
      const asked = await rebookProposals(bookingId, { weeks: 6, visits: 2 });
      const starts = asked.proposals.flatMap((p) => (p.kind === 'none' ? [] : [p.start]));
      expect(starts).toHaveLength(2);
      const { series } = await rebook(bookingId, { weeks: 6, visits: starts, idempotencyKey: randomUUID() });
      const first = series.visits[0]!;
      expect(first.start).toBe(zonedDateTimeToInstant(date, '10:00', LONDON).toISOString());
      expect(await reminderText(date, first.bookingId)).not.toContain('#next');
    } finally {
      await transaction((tx) => updateBookingSettings(tx, { horizonWeeks: DEFAULT_BOOKING_SETTINGS.horizonWeeks }));
    }
  });
});
