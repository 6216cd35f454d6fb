import { DEFAULT_STAFF_SETTINGS, type StaffSettings } from './staff-settings.ts';

/**
 * The cases of the staff key rules, shared by their unit test (staff-settings.test.ts) and the test
 * that runs the database's SQL of the same rules (tests/integration/rules-in-sql.test.ts).
 */

/** A stored `settings.staff` document, and the settings it reads as. */
export const STAFF_SETTINGS_CASES: ReadonlyArray<[unknown, StaffSettings]> = [
  [null, DEFAULT_STAFF_SETTINGS],
  [{}, DEFAULT_STAFF_SETTINGS],
  [{ keyIdleMinutes: 30 }, { keyIdleMinutes: 30, keyLifetimeDays: 7 }],
  [{ keyLifetimeDays: 1 }, { keyIdleMinutes: 720, keyLifetimeDays: 1 }],
  [{ keyIdleMinutes: 0, keyLifetimeDays: 91 }, DEFAULT_STAFF_SETTINGS],
  [{ keyIdleMinutes: '30', keyLifetimeDays: 1.5 }, DEFAULT_STAFF_SETTINGS],
  ['junk', DEFAULT_STAFF_SETTINGS],
  [
    { keyIdleMinutes: 5, keyLifetimeDays: 90 },
    { keyIdleMinutes: 5, keyLifetimeDays: 90 },
  ],
  [{ keyIdleMinutes: 30 * 24 * 60 + 1, keyLifetimeDays: true }, DEFAULT_STAFF_SETTINGS],
  [{ keyIdleMinutes: null, keyLifetimeDays: [3] }, DEFAULT_STAFF_SETTINGS],
];

/** A key signed in at STAFF_KEY_ISSUED_AT: last used (hours after sign-in, null for never), now, live. */
export const STAFF_KEY_ISSUED_AT = new Date('2026-12-01T09:00:00Z');

export const STAFF_KEY_CASES: ReadonlyArray<[string, number | null, number, boolean]> = [
  ['just after sign-in, unused', null, 0.1, true],
  ['unused for 11h59', null, 11.98, true],
  ['unused for 12h', null, 12, false],
  ['used an hour ago, a day after sign-in', 23, 24, true],
  ['used 13 hours ago', 10, 23, false],
  ['in use on day 7, a minute before the end', 7 * 24 - 1, 7 * 24 - 1 / 60, true],
  ['in use, at the end of day 7', 7 * 24 - 1, 7 * 24, false],
];
