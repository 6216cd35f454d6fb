import { writtenDate, writtenTime, writtenWhen, zonedDate } from '../../domain/written-dates.ts';

/**
 * Dates and times as the shop says them, always in its own time zone (SHOP_TIME_ZONE) whatever the
 * visitor's device is set to: "Tuesday 1 December, 10:30" (src/domain/written-dates.ts).
 */
export { zonedDate };

/** "Tuesday 1 December" for a calendar date "2026-12-01" (a date, so no time zone shift). */
export function formatDate(isoDate: string, options: { weekday?: 'long' | 'short'; year?: boolean } = {}): string {
  return writtenDate(isoDate, { weekday: options.weekday ?? 'long', year: options.year });
}

/** "10:30" in the shop's time zone. */
export const formatTime = writtenTime;

/** "Tuesday 1 December, 10:30" */
export function formatWhen(instant: string | Date, timeZone: string, options: { year?: boolean } = {}): string {
  return writtenWhen(instant, timeZone, { weekday: 'long', year: options.year });
}

/** Durations have their own module, so the first step shows one without the date formats. */
export { formatDuration } from './duration.ts';
