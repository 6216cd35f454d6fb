import { WEEKDAYS, type Weekday } from './calendar.ts';

/**
 * Wall-clock dates and times in a time zone (the shop's: Europe/London) and the UTC instants they
 * name, with Intl only. Dates are 'YYYY-MM-DD' strings and times 'HH:MM': the shop thinks in days
 * and times on the clock on the wall, the database in instants.
 *
 * Every date with a four-digit year, 0000-01-01 to 9999-12-31 (proleptic Gregorian, as ISO 8601
 * and Postgres count), is answered: the strings compare in date order only while the year has
 * four digits, so a date that would need five (or a sign) is a RangeError, the one way out of
 * the range. Callers keep their dates near today (the availability server refuses others first).
 */
export const FIRST_DATE = '0000-01-01';
export const LAST_DATE = '9999-12-31';

export interface ZonedDateTime {
  date: string;
  time: string;
  weekday: Weekday;
  /** Minutes since local midnight on the clock (0..1439). */
  minutes: number;
  /** Offset from UTC in minutes at that instant (London: 0 in winter, 60 in summer). */
  offsetMinutes: number;
}

/**
 * What to do with a wall-clock time that happens twice (the autumn hour) or never (the spring
 * hour), as Temporal names it. 'compatible' = earlier of two, and for a missing time the instant
 * the clock would show had it not jumped (01:30 on spring-forward day → 01:30 UTC = 02:30 BST).
 */
export type Disambiguation = 'compatible' | 'earlier' | 'later' | 'reject';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      // The era tells 1 BC (year 0, as ISO counts) from AD 1: both are "1" in the year field.
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Date.UTC without its trap: Date.UTC reads years 0 to 99 as 1900 to 1999. Months and days out of
 * range roll over as they do there.
 */
function utcMs(year: number, monthIndex: number, day: number, hours = 0, minutes = 0, seconds = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  d.setUTCHours(hours, minutes, seconds, 0);
  return d.getTime();
}

/** The wall-clock fields of an instant, as milliseconds of a "local time read as if it were UTC". */
function localMillis(instantMs: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  const yearOfEra = Number(get('year'));
  const year = get('era') === 'BC' ? 1 - yearOfEra : yearOfEra;
  const seconds = Math.floor(instantMs / 1000) * 1000;
  const local = utcMs(
    year,
    Number(get('month')) - 1,
    Number(get('day')),
    Number(get('hour')),
    Number(get('minute')),
    Number(get('second')),
  );
  return local + (instantMs - seconds);
}

/**
 * Offset of `timeZone` from UTC at `instant`, in minutes (positive east of Greenwich), rounded:
 * before 1847 London kept its local mean time, 1 minute 15 seconds behind Greenwich.
 */
export function offsetMinutesAt(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return Math.round((localMillis(ms, timeZone) - ms) / 60_000);
}

/** The exact offset in milliseconds, seconds included (local mean time has them). */
function offsetMsAt(instantMs: number, timeZone: string): number {
  return localMillis(instantMs, timeZone) - instantMs;
}

/** The wall clock of `timeZone` at an instant whose local date lies in 0000-01-01..9999-12-31. */
export function instantToZoned(instant: Date | number, timeZone: string): ZonedDateTime {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('invalid instant');
  const local = new Date(localMillis(ms, timeZone));
  const date = utcMsToDate(local.getTime());
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  return {
    date,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
    weekday: weekdayOf(date),
    minutes,
    offsetMinutes: Math.round((local.getTime() - ms) / 60_000),
  };
}

/**
 * The instant at which clocks in `timeZone` show `date` `time`. Throws RangeError for malformed
 * input, and with 'reject' for a time that is missing or happens twice.
 */
export function zonedDateTimeToInstant(
  date: string,
  time: string,
  timeZone: string,
  disambiguation: Disambiguation = 'compatible',
): Date {
  const asUtc = wallClockAsUtc(date, time);
  // London's offset changes at most once in any two days, so the offsets a day either side are
  // the only candidates. Exact offsets, so a local mean time (seconds and all) finds itself.
  const before = offsetMsAt(asUtc - 86_400_000, timeZone);
  const after = offsetMsAt(asUtc + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset)
    .filter((ms) => localMillis(ms, timeZone) === asUtc)
    .sort((a, b) => a - b);
  if (candidates.length === 1) return new Date(candidates[0]!);
  if (candidates.length > 1) {
    if (disambiguation === 'reject') throw new RangeError(`${date} ${time} happens twice in ${timeZone}`);
    return new Date(disambiguation === 'later' ? candidates[candidates.length - 1]! : candidates[0]!);
  }
  // A time in the gap when clocks go forward.
  if (disambiguation === 'reject') throw new RangeError(`${date} ${time} does not exist in ${timeZone}`);
  return new Date(asUtc - (disambiguation === 'earlier' ? after : before));
}

/** Whether the wall-clock time exists exactly once in `timeZone` on that date. */
export function isUnambiguousWallTime(date: string, time: string, timeZone: string): boolean {
  try {
    zonedDateTimeToInstant(date, time, timeZone, 'reject');
    return true;
  } catch {
    return false;
  }
}

function wallClockAsUtc(date: string, time: string): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) throw new RangeError(`expected YYYY-MM-DD and HH:MM, got ${date} ${time}`);
  const [y, mo, da, h, mi] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (h > 23 || mi > 59) throw new RangeError(`invalid time ${time}`);
  const ms = utcMs(y, mo - 1, da, h, mi);
  const check = new Date(ms);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== da) throw new RangeError(`invalid date ${date}`);
  return ms;
}

// ---- calendar dates (no time zone involved) ------------------------------------------------------

function dateToUtcMs(date: string): number {
  return wallClockAsUtc(date, '00:00');
}

function utcMsToDate(ms: number): string {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`a date outside ${FIRST_DATE}..${LAST_DATE}`);
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/**
 * '2026-03-28' + 2 → '2026-03-30' (calendar days, so clock changes cannot shift it). A RangeError
 * when the answer would leave the four-digit years.
 */
export function addDays(date: string, days: number): string {
  return utcMsToDate(dateToUtcMs(date) + days * 86_400_000);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dateToUtcMs(b) - dateToUtcMs(a)) / 86_400_000);
}

export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(dateToUtcMs(date)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** The date in `timeZone` at `now`: "today" for the shop. */
export function todayIn(timeZone: string, now: Date): string {
  return instantToZoned(now, timeZone).date;
}

/** 'HH:MM' → minutes since midnight. */
export function minutesOfTime(time: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) throw new RangeError(`expected HH:MM, got ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes since midnight → 'HH:MM' (wrapping at 24 hours). */
export function timeOfMinutes(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}
