/**
 * The one date horizon of the shop (docs/decisions/072-one-answer-and-one-horizon.md): every date
 * and instant staff or customers send — a booking, a time block, the schedule's day, a closure, a
 * finances range, the free times — lies in the years 2000 to 2999. Nothing the shop books, closes or
 * reports lies outside them, so a year like 0000 or 9999 is only ever a probe, refused with the same
 * words wherever it is sent. Pure: the schemas in calendar.ts and booking-api-schemas.ts use it.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2999;
export const HORIZON_FIRST_DATE = `${FIRST_YEAR}-01-01`;
export const HORIZON_LAST_DATE = `${LAST_YEAR}-12-31`;

export const DATE_HORIZON_MESSAGE = `must be a date between ${FIRST_YEAR} and ${LAST_YEAR}`;

/**
 * 2000-01-01T00:00Z and 3000-01-01T00:00Z: London keeps UTC at every new year, so these are the
 * shop's own midnights (a shop elsewhere would differ by hours at a millennium, which nothing reaches).
 */
const FIRST_INSTANT = Date.UTC(FIRST_YEAR, 0, 1);
const END_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1);

/** A calendar date YYYY-MM-DD (already well formed) inside the horizon. */
export function dateWithinHorizon(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= HORIZON_FIRST_DATE && date <= HORIZON_LAST_DATE;
}

/** An instant (an ISO string with its offset, or a Date) inside the horizon. */
export function instantWithinHorizon(instant: string | Date): boolean {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return Number.isFinite(ms) && ms >= FIRST_INSTANT && ms < END_INSTANT;
}
