/**
 * How much one client address or one phone number may ask of the booking system, so that a script
 * cannot fill the diary or make the shop text a stranger (docs/decisions/052-abuse-limits.md).
 * Counted in the database (src/server/rate-limit.ts), in fixed windows.
 */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

export const ABUSE_LIMITS = {
  /** POST /bookings from one address (a family booking three dogs stays well inside). */
  bookingsPerClient: { limit: 10, windowSeconds: HOUR },
  /** POST /bookings for one phone number, whoever sends them (refused attempts count too). */
  bookingsPerPhone: { limit: 8, windowSeconds: DAY },
  /** Cancel and move calls from one address. */
  changesPerClient: { limit: 30, windowSeconds: HOUR },
  /** Cancel and move calls for one booking. */
  changesPerBooking: { limit: 10, windowSeconds: DAY },
  /** Codes sent to one number: a few tries an hour, a handful a day. */
  codesPerPhoneHour: { limit: 3, windowSeconds: HOUR },
  codesPerPhoneDay: { limit: 6, windowSeconds: DAY },
  /** Codes asked for from one address, whatever the numbers. */
  codesPerClient: { limit: 10, windowSeconds: HOUR },
  /**
   * Staff sign-in steps from one address: each code checked, each passkey challenge asked for and
   * each passkey answer checked. A sign-in takes one or two; a shop's few staff behind one address
   * stay far inside.
   */
  signInsPerClient: { limit: 30, windowSeconds: HOUR },
} as const satisfies Record<string, Limit>;

/**
 * Texts about bookings whose number was never proved, to one number in a day. The booking's own
 * confirmation fits; a stranger typing someone else's number again and again does not.
 */
export const UNPROVEN_TEXTS_PER_NUMBER_PER_DAY = 2;

/** The per-client booking limit scaled for a configured hourly budget (tests lift it; 127.0.0.1 is everyone). */
export function clientLimits(
  bookingsPerHour: number,
): Record<'bookingsPerClient' | 'changesPerClient' | 'codesPerClient' | 'signInsPerClient', Limit> {
  const scale = bookingsPerHour / ABUSE_LIMITS.bookingsPerClient.limit;
  return {
    bookingsPerClient: { limit: bookingsPerHour, windowSeconds: HOUR },
    changesPerClient: { limit: Math.ceil(ABUSE_LIMITS.changesPerClient.limit * scale), windowSeconds: HOUR },
    codesPerClient: { limit: Math.ceil(ABUSE_LIMITS.codesPerClient.limit * scale), windowSeconds: HOUR },
    signInsPerClient: { limit: Math.ceil(ABUSE_LIMITS.signInsPerClient.limit * scale), windowSeconds: HOUR },
  };
}
