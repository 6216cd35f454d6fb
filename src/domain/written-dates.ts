/**
 * How the shop writes dates and times, everywhere: pages, staff screens, texts, e-mails and the
 * payment page. British style, always in the shop's own time zone whatever the reader's device says
 * (a calendar date "2026-12-01" is a date, so it never shifts). One home, so "Tue 24 Nov" is written
 * the same way on the schedule as in the text the customer gets.
 */

export interface DateStyle {
  /** 'long' Tuesday, 'short' Tue, or no weekday. */
  weekday?: 'long' | 'short';
  /** 'long' November (the default), 'short' Nov. */
  month?: 'long' | 'short';
  year?: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(instant: Date, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formatters.set(key, format);
  }
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) out[part.type] = part.value;
  return out;
}

function noonOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
}

/** "Tuesday 1 December", "Tue 1 Dec 2026", "1 December 2026" for a calendar date "2026-12-01". */
export function writtenDate(date: string, style: DateStyle = {}): string {
  const p = partsOf(noonOf(date), 'UTC', {
    ...(style.weekday ? { weekday: style.weekday } : {}),
    day: 'numeric',
    month: style.month ?? 'long',
    ...(style.year ? { year: 'numeric' } : {}),
  });
  return [p.weekday, p.day, p.month, p.year].filter(Boolean).join(' ');
}

/** The calendar date "2026-12-01" of an instant in `timeZone`. */
export function zonedDate(instant: string | Date, timeZone: string): string {
  const p = partsOf(new Date(instant), timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** "10:30", 24-hour, in `timeZone`. */
export function writtenTime(instant: string | Date, timeZone: string): string {
  const p = partsOf(new Date(instant), timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${p.hour}:${p.minute}`;
}

/** The date of an instant in `timeZone`, written in `style`: "23 Nov 2026". */
export function writtenDay(instant: string | Date, timeZone: string, style: DateStyle = {}): string {
  return writtenDate(zonedDate(instant, timeZone), style);
}

/**
 * Date and time: "Tuesday 1 December, 10:30", or with `at` "Tuesday 1 December at 10:30" (the
 * sentence form of texts and e-mails).
 */
export function writtenWhen(
  instant: string | Date,
  timeZone: string,
  style: DateStyle = {},
  joiner: ', ' | ' at ' = ', ',
): string {
  return `${writtenDay(instant, timeZone, style)}${joiner}${writtenTime(instant, timeZone)}`;
}

/** Whether an instant falls in the same calendar year as `now` in `timeZone` (to leave the year out). */
export function sameYear(instant: string | Date, now: Date, timeZone: string): boolean {
  return zonedDate(instant, timeZone).slice(0, 4) === zonedDate(now, timeZone).slice(0, 4);
}
