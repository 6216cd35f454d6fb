import type { BookingStatus } from './booking-schemas.ts';
import { addDays, instantToZoned, todayIn, zonedDateTimeToInstant } from './london-time.ts';

/**
 * The daily job (netlify/functions/reminders.ts, schedule `0 17 * * *`) runs at this hour, UTC: 17:00
 * in winter and 18:00 in summer in London, the same date there, the evening before.
 */
export const REMINDER_RUN_UTC_HOUR = 17;

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

/**
 * The run of the daily job that reminds the appointment starting at `start`: the one on the shop's
 * day before it (reminderWindow of this instant holds `start`).
 */
export function dayBeforeReminderRun(start: Date, timeZone: string): Date {
  const dayBefore = addDays(instantToZoned(start, timeZone).date, -1);
  return new Date(`${dayBefore}T${String(REMINDER_RUN_UTC_HOUR).padStart(2, '0')}:00:00Z`);
}

/**
 * What the customer can be told about a reminder (docs/decisions/079): `day_before` while the run
 * that reminds it is still to come; `too_late` for a booking made after that run (the same day, or
 * the evening before): it gets no reminder, its confirmation is the message; `passed` once the run
 * is over for a booking made before it (reminded, or moved since: nothing more is promised).
 */
export type ReminderPlan = 'day_before' | 'too_late' | 'passed';

export function reminderPlan(input: { start: Date; bookedAt: Date; now: Date; timeZone: string }): ReminderPlan {
  const run = dayBeforeReminderRun(input.start, input.timeZone).getTime();
  if (input.now.getTime() < run) return 'day_before';
  return input.bookedAt.getTime() >= run ? 'too_late' : 'passed';
}

/** One reminder per booking, channel and start time: a moved booking is reminded of its new time. */
export function reminderDedupeKey(bookingId: string, start: Date, channel: string): string {
  return `reminder:${bookingId}:${start.toISOString()}:${channel}`;
}
