import type { BookingStatus } from './booking-schemas.ts';

/**
 * Which appointments are due a reminder when the job runs at REMINDER_CASES_NOW (London): the cases
 * of dueForReminder's unit test (reminders.test.ts) and of the test that runs the daily job's SQL on
 * the database (tests/integration/rules-in-sql.test.ts).
 */
export const REMINDER_CASES_NOW = new Date('2026-11-20T17:00:00Z');

export const REMINDER_CASES: ReadonlyArray<{ name: string; status: BookingStatus; start: string; due: boolean }> = [
  { name: 'confirmed, tomorrow morning', status: 'confirmed', start: '2026-11-21T09:00:00Z', due: true },
  { name: 'confirmed, tomorrow at midnight exactly', status: 'confirmed', start: '2026-11-21T00:00:00Z', due: true },
  { name: 'confirmed, the day after at midnight', status: 'confirmed', start: '2026-11-22T00:00:00Z', due: false },
  { name: 'confirmed, later today', status: 'confirmed', start: '2026-11-20T17:30:00Z', due: false },
  { name: 'cancelled, tomorrow', status: 'cancelled', start: '2026-11-21T09:00:00Z', due: false },
  { name: 'awaiting payment, tomorrow', status: 'pending_payment', start: '2026-11-21T09:00:00Z', due: false },
  { name: 'expired, tomorrow', status: 'expired', start: '2026-11-21T09:00:00Z', due: false },
];
