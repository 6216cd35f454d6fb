import { reminderMessages, type MessageContext } from '../../domain/messages.ts';
import { REMINDED_STATUS, reminderDedupeKey, reminderWindow } from '../../domain/reminders.ts';
import { messageBookingFrom } from '../bookings/calendar.ts';
import { partyMessage, partyOf } from '../bookings/party-records.ts';
import { nextGroomWeeks } from '../bookings/rebook.ts';
import { findBooking } from '../bookings/view.ts';
import { query, transaction } from '../db.ts';
import { siteUrl } from '../site-url.ts';
import { loadBookingSettings } from '../settings.ts';
import { enqueueMessage } from './outbox.ts';

/**
 * The domain's dueForReminder as a condition on `bookings`, for the window `from`..`to` (the query's
 * parameters): the same status, the start included and the end not.
 */
export const dueForReminderSql = (from: string, to: string): string =>
  `status = '${REMINDED_STATUS}' AND start_at >= ${from} AND start_at < ${to}`;

export interface ReminderRun {
  date: string;
  bookings: number;
  enqueued: number;
}

/**
 * Puts the day-before reminders of tomorrow's confirmed appointments into the outbox. Safe to run
 * more than once a day: each (booking, start, channel) is enqueued once (outbox.dedupe_key).
 */
export async function enqueueReminders({ now = new Date() }: { now?: Date } = {}): Promise<ReminderRun> {
  const settings = await loadBookingSettings();
  const window = reminderWindow(now, settings.timeZone);
  const due = await query<{ id: string }>(
    // A booking of several dogs is reminded once, as one booking, by its first dog (docs/decisions/098):
    // the others' rows are its dogs, not bookings of their own.
    `SELECT id FROM bookings WHERE ${dueForReminderSql('$1', '$2')} AND (party_id IS NULL OR party_id = id)
      ORDER BY start_at, id`,
    [window.from, window.to],
  );
  const ctx: MessageContext = {
    siteUrl: siteUrl(),
    timeZone: settings.timeZone,
    cancellationNoticeHours: settings.cancellationNoticeHours,
    now,
  };
  let enqueued = 0;
  for (const { id } of due) {
    // One transaction per booking, re-reading it: a booking cancelled meanwhile gets no reminder.
    enqueued += await transaction(async (tx) => {
      const booking = await findBooking(tx, id);
      if (!booking || booking.status !== 'confirmed') return 0;
      let count = 0;
      const nextGroom = await nextGroomWeeks(tx, id, settings, now);
      const party = booking.party_id ? await partyOf(tx, booking.party_id) : null;
      const about = party ? partyMessage(messageBookingFrom(booking), party) : messageBookingFrom(booking);
      for (const message of reminderMessages(about, ctx, { nextGroomWeeks: nextGroom })) {
        const created = await enqueueMessage(tx, {
          ...message,
          dedupeKey: reminderDedupeKey(id, booking.start_at, message.channel),
          // A reminder that could only go out after the appointment began would be noise.
          expiresAt: booking.start_at,
        });
        if (created) count++;
      }
      return count;
    });
  }
  return { date: window.date, bookings: due.length, enqueued };
}
