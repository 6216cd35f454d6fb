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
  /**
   * POST /bookings for one phone number that do not prove it, whoever sends them (refused attempts
   * count too). A booking that proves the number (a code, the device key of its proved record) is
   * never counted or refused, and clears the count.
   */
  bookingsPerPhone: { limit: 8, windowSeconds: DAY },
  /** Cancel and move calls from one address. */
  changesPerClient: { limit: 30, windowSeconds: HOUR },
  /** Cancel and move calls for one booking. */
  changesPerBooking: { limit: 10, windowSeconds: DAY },
  /**
   * Codes texted to one number (texts that reached it, not requests): a few an hour, a handful a day.
   * Past them a request is answered the same and not texted, unless the number holds no live code
   * (see `shouldTextCode`).
   */
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

/**
 * Whether a code asked for a number is texted to it (decision 069). What a number receives is
 * counted, not what strangers ask: within the hourly and daily counts a code is texted; past them
 * it is texted only when the number holds no live code, so whoever holds the phone always has a
 * code that works on it (a code typed right works with any request of that number while it lives),
 * and a stranger's requests cost the phone's owner at most one text per code's lifetime. The
 * counts start again when the number is proved. The shop-wide text budget bounds the rest.
 */
export function shouldTextCode(counts: { live: number; textedThisHour: number; textedToday: number }): boolean {
  if (counts.live === 0) return true;
  return (
    counts.textedThisHour < ABUSE_LIMITS.codesPerPhoneHour.limit &&
    counts.textedToday < ABUSE_LIMITS.codesPerPhoneDay.limit
  );
}

/**
 * The shop-wide daily budget for texts the shop did not choose to send: codes (a customer's and
 * staff sign-in) and the first confirmation of a booking whose number was never proved. A one-table
 * groomer books perhaps a dozen appointments a day, and fewer than half ask for a code: 200 is ten
 * busy days' worth, and at a few pence a text a bounded bill. `TEXT_BUDGET_PER_DAY` sets it.
 */
export const DEFAULT_TEXT_BUDGET_PER_DAY = 200;
/** The share of the budget spent at which the staff dashboard warns. */
export const TEXT_BUDGET_WARNING_SHARE = 0.8;

export interface TextBudgetState {
  used: number;
  budget: number;
  /** The dashboard's warning: at or past TEXT_BUDGET_WARNING_SHARE of the budget. */
  near: boolean;
  spent: boolean;
}

export function textBudgetState(used: number, budget: number): TextBudgetState {
  const shown = Math.min(Math.max(0, used), budget);
  return { used: shown, budget, near: shown >= budget * TEXT_BUDGET_WARNING_SHARE, spent: shown >= budget };
}
