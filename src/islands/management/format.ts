import { formatUkMobile } from '../../domain/phone.ts';
import { SHOP_TIME_ZONE } from '../../domain/shop.ts';

/** How the staff screens write times, dates and numbers: London time, British style. */
export { SHOP_TIME_ZONE };

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const utcParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

/** "Mon 23 Nov, 10:30" (the year added when it is not this year). */
export function formatWhen(iso: string, now = new Date()): string {
  const p = parts(partsFormat, new Date(iso));
  const year = p.year === parts(partsFormat, now).year ? '' : ` ${p.year}`;
  return `${p.weekday} ${p.day} ${p.month}${year}, ${p.hour}:${p.minute}`;
}

/** "23 Nov 2026" for an instant. */
export function formatDay(iso: string): string {
  const p = parts(partsFormat, new Date(iso));
  return `${p.day} ${p.month} ${p.year}`;
}

/** "Thu 24 Dec 2026" for a calendar date (YYYY-MM-DD). */
export function formatDate(date: string): string {
  const p = parts(utcParts, new Date(`${date}T12:00:00Z`));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** +447700900461 → "07700 900461"; other numbers as stored. */
export function formatPhone(e164: string | null): string {
  return e164 ? formatUkMobile(e164) : '';
}

/** 8.5 → "8.5 kg". */
export function formatKg(kg: number): string {
  return `${Number.isInteger(kg) ? kg : kg.toFixed(1)} kg`;
}
