import { addDays, weekdayOf } from './london-time.ts';

/**
 * Bank holidays of England and Wales, computed for any year from the rules in the Banking and
 * Financial Dealings Act 1971 and the royal proclamations that have fixed them since, plus a table
 * of the one-off changes the government has made (gov.uk/bank-holidays lists them). When a new
 * one-off is announced, add it to ONE_OFF_CHANGES.
 */
export interface BankHoliday {
  date: string;
  name: string;
}

interface OneOffChange {
  /** The usual holiday that moved (its rule-based date), if one did. */
  moves?: string;
  date: string;
  name: string;
}

/** Known one-offs, by year. None are announced for 2026 or 2027. */
const ONE_OFF_CHANGES: Readonly<Record<number, readonly OneOffChange[]>> = {
  1995: [{ moves: '1995-05-01', date: '1995-05-08', name: 'Early May bank holiday (VE day)' }],
  1999: [{ date: '1999-12-31', name: 'Millennium celebrations' }],
  2002: [
    { moves: '2002-05-27', date: '2002-06-04', name: 'Spring bank holiday' },
    { date: '2002-06-03', name: 'Golden Jubilee of Queen Elizabeth II' },
  ],
  2011: [{ date: '2011-04-29', name: 'Wedding of Prince William and Catherine Middleton' }],
  2012: [
    { moves: '2012-05-28', date: '2012-06-04', name: 'Spring bank holiday' },
    { date: '2012-06-05', name: 'Diamond Jubilee of Queen Elizabeth II' },
  ],
  2020: [{ moves: '2020-05-04', date: '2020-05-08', name: 'Early May bank holiday (VE day)' }],
  2022: [
    { moves: '2022-05-30', date: '2022-06-02', name: 'Spring bank holiday' },
    { date: '2022-06-03', name: 'Platinum Jubilee of Queen Elizabeth II' },
    { date: '2022-09-19', name: 'State Funeral of Queen Elizabeth II' },
  ],
  2023: [{ date: '2023-05-08', name: 'Coronation of King Charles III' }],
};

/** Easter Sunday (Gregorian), by the anonymous algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function firstMonday(year: number, month: number): string {
  let d = iso(year, month, 1);
  while (weekdayOf(d) !== 'monday') d = addDays(d, 1);
  return d;
}

function lastMonday(year: number, month: number): string {
  let d = addDays(iso(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1);
  while (weekdayOf(d) !== 'monday') d = addDays(d, -1);
  return d;
}

/** A fixed-date holiday falling at a weekend moves to the next weekday not already taken. */
function substitute(date: string, taken: Set<string>): string {
  let d = date;
  while (weekdayOf(d) === 'saturday' || weekdayOf(d) === 'sunday' || taken.has(d)) d = addDays(d, 1);
  return d;
}

/** The bank holidays of England and Wales in `year`, in date order. */
export function bankHolidaysOf(year: number): BankHoliday[] {
  if (!Number.isInteger(year) || year < 1900 || year > 9999) throw new RangeError(`unsupported year ${year}`);
  const easter = easterSunday(year);
  const list: BankHoliday[] = [];
  const taken = new Set<string>();
  const add = (date: string, name: string) => {
    list.push({ date, name });
    taken.add(date);
  };

  const newYear = iso(year, 1, 1);
  add(
    substitute(newYear, taken),
    weekdayOf(newYear) === 'saturday' || weekdayOf(newYear) === 'sunday'
      ? "New Year's Day (substitute day)"
      : "New Year's Day",
  );
  add(addDays(easter, -2), 'Good Friday');
  add(addDays(easter, 1), 'Easter Monday');
  add(firstMonday(year, 5), 'Early May bank holiday');
  add(lastMonday(year, 5), 'Spring bank holiday');
  add(lastMonday(year, 8), 'Summer bank holiday');
  // Holidays on a weekday keep their day; weekend ones then take the next free weekday in order,
  // so in 2022 Boxing Day kept Monday the 26th and Christmas moved to Tuesday the 27th.
  const christmas = [
    [25, 'Christmas Day'],
    [26, 'Boxing Day'],
  ] as const;
  const isWeekend = (d: string) => weekdayOf(d) === 'saturday' || weekdayOf(d) === 'sunday';
  for (const [day, name] of christmas) if (!isWeekend(iso(year, 12, day))) add(iso(year, 12, day), name);
  for (const [day, name] of christmas)
    if (isWeekend(iso(year, 12, day))) add(substitute(iso(year, 12, day), taken), `${name} (substitute day)`);

  for (const change of ONE_OFF_CHANGES[year] ?? []) {
    if (change.moves) {
      const index = list.findIndex((h) => h.date === change.moves);
      if (index >= 0) list.splice(index, 1);
    }
    list.push({ date: change.date, name: change.name });
  }
  return list.sort((a, b) => a.date.localeCompare(b.date));
}

const cache = new Map<number, Map<string, string>>();

/** The holiday's name when `date` (YYYY-MM-DD) is a bank holiday in England and Wales, else null. */
export function bankHolidayOn(date: string): string | null {
  const year = Number(date.slice(0, 4));
  let byDate = cache.get(year);
  if (!byDate) {
    byDate = new Map(bankHolidaysOf(year).map((h) => [h.date, h.name]));
    cache.set(year, byDate);
  }
  return byDate.get(date) ?? null;
}

export function isBankHoliday(date: string): boolean {
  return bankHolidayOn(date) !== null;
}
