import type { BookingStatus } from './booking-schemas.ts';

/**
 * The cases of an unpaid hold's lapse, shared by the rule's unit test (holds.test.ts) and the test
 * that runs the server's SQL of the same rule on the database (tests/integration/rules-in-sql.test.ts).
 * Instants are minutes from now; null is no expiry.
 */
export const HOLD_CASES: ReadonlyArray<{
  name: string;
  status: BookingStatus;
  expiresInMinutes: number | null;
  live: boolean;
  lapsed: boolean;
}> = [
  { name: 'unpaid, a minute to go', status: 'pending_payment', expiresInMinutes: 1, live: true, lapsed: false },
  { name: 'unpaid, expiring this instant', status: 'pending_payment', expiresInMinutes: 0, live: false, lapsed: true },
  { name: 'unpaid, expired a minute ago', status: 'pending_payment', expiresInMinutes: -1, live: false, lapsed: true },
  { name: 'confirmed, a hold time left over', status: 'confirmed', expiresInMinutes: 5, live: false, lapsed: false },
  { name: 'confirmed, no hold', status: 'confirmed', expiresInMinutes: null, live: false, lapsed: false },
  { name: 'already expired', status: 'expired', expiresInMinutes: -5, live: false, lapsed: false },
  { name: 'cancelled while held', status: 'cancelled', expiresInMinutes: 5, live: false, lapsed: false },
];
