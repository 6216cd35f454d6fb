import type { BookingStatus } from './booking-schemas.ts';
import { addDays, todayIn, zonedDateTimeToInstant } from './london-time.ts';

/**
 * Which appointments get a reminder when the daily job runs: the confirmed ones on the shop's
 * tomorrow, midnight to midnight in its time zone (23 or 25 hours long on clock-change days).
 */
export interface ReminderWindow {
  date: string;
  from: Date;
  to: Date;
}

export function reminderWindow(now: Date, timeZone: string): ReminderWindow {
  const date = addDays(todayIn(timeZone, now), 1);
  return {
    date,
    from: zonedDateTimeToInstant(date, '00:00', timeZone),
    to: zonedDateTimeToInstant(addDays(date, 1), '00:00', timeZone),
  };
}

/** Only a confirmed appointment is reminded (an unpaid hold is not an appointment yet). */
export const REMINDED_STATUS = 'confirmed' satisfies BookingStatus;

/**
 * The appointments of `rows` due a reminder at `now`: confirmed, starting in the window (its start
 * included, its end not). The daily job asks the database the same through
 * src/server/messages/reminders.ts's dueForReminderSql, tested on the same cases (reminders.cases.ts).
 */
export function dueForReminder<T extends { status: BookingStatus; start: Date }>(
  rows: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  const { from, to } = reminderWindow(now, timeZone);
  return rows.filter((r) => r.status === REMINDED_STATUS && r.start >= from && r.start < to);
}

/** One reminder per booking, channel and start time: a moved booking is reminded of its new time. */
export function reminderDedupeKey(bookingId: string, start: Date, channel: string): string {
  return `reminder:${bookingId}:${start.toISOString()}:${channel}`;
}
