import { formatUkMobile } from '../../domain/phone-format.ts';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';
import { sameYear, writtenDate, writtenDay, writtenTime, writtenWhen } from '../../domain/written-dates.ts';

/** How the staff screens write times, dates and numbers: London time, British style. */
export { SHOP_TIME_ZONE };

/** "Mon 23 Nov, 10:30" (the year added when it is not this year). */
export function formatWhen(iso: string, now = new Date()): string {
  return writtenWhen(iso, SHOP_TIME_ZONE, {
    weekday: 'short',
    month: 'short',
    year: !sameYear(iso, now, SHOP_TIME_ZONE),
  });
}

/** "23 Nov 2026" for an instant. */
export function formatDay(iso: string): string {
  return writtenDay(iso, SHOP_TIME_ZONE, { month: 'short', year: true });
}

/** "Thu 24 Dec 2026" for a calendar date (YYYY-MM-DD). */
export function formatDate(date: string): string {
  return writtenDate(date, { weekday: 'short', month: 'short', year: true });
}

/** "Tue 24 Nov" for a calendar date. */
export function shortDate(date: string): string {
  return writtenDate(date, { weekday: 'short', month: 'short' });
}

/** "Tuesday 24 November 2026" for a calendar date. */
export function longDate(date: string): string {
  return writtenDate(date, { weekday: 'long', year: true });
}

/** "23 Nov, 10:30" for an instant: a recent event in a list. */
export function formatMoment(iso: string): string {
  return writtenWhen(iso, SHOP_TIME_ZONE, { month: 'short' });
}

/** "10:30" for an instant. */
export function formatClock(iso: string): string {
  return writtenTime(iso, SHOP_TIME_ZONE);
}

/** +447700900461 → "07700 900461"; other numbers as stored. */
export function formatPhone(e164: string | null): string {
  return e164 ? formatUkMobile(e164) : '';
}

/** 8.5 → "8.5 kg". */
export function formatKg(kg: number): string {
  return `${Number.isInteger(kg) ? kg : kg.toFixed(1)} kg`;
}
