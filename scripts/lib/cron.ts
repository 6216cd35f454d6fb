/**
 * Cron expressions as Netlify's scheduler reads them: five fields (minute, hour, day of month,
 * month, day of week) in UTC, with `*`, lists, ranges, steps and month and day names, and the
 * extensions `@yearly`, `@monthly`, `@weekly`, `@daily` and `@hourly` (Netlify takes neither
 * `@reboot` nor `@annually`). When both day fields are restricted a day matching either runs, as in
 * every cron since Vixie's. Pure: the time is always an argument.
 */

export interface CronSchedule {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 is Sunday (7 is read as Sunday too). */
  daysOfWeek: ReadonlySet<number>;
  /** Whether each day field was restricted (not `*`): decides how the two are combined. */
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
}

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** The number the first name stands for. */
  namesFrom?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTH_NAMES, namesFrom: 1 },
  { name: 'day of week', min: 0, max: 7, names: DAY_NAMES, namesFrom: 0 },
];

export class CronError extends Error {
  override name = 'CronError';
}

function valueOf(text: string, spec: FieldSpec, expression: string): number {
  const named = spec.names?.indexOf(text.toLowerCase()) ?? -1;
  const value = named >= 0 ? named + (spec.namesFrom ?? 0) : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < spec.min || value > spec.max) {
    throw new CronError(`"${expression}": ${spec.name} "${text}" is not between ${spec.min} and ${spec.max}`);
  }
  return value;
}

function parseField(field: string, spec: FieldSpec, expression: string): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [range, stepText, extra] = part.split('/');
    if (extra !== undefined || range === undefined || range === '') {
      throw new CronError(`"${expression}": cannot read ${spec.name} "${field}"`);
    }
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1)
      throw new CronError(`"${expression}": bad step in ${spec.name} "${field}"`);
    let from: number;
    let to: number;
    if (range === '*') {
      from = spec.min;
      to = spec.max;
    } else if (range.includes('-')) {
      const [a, b, more] = range.split('-');
      if (more !== undefined || !a || !b) throw new CronError(`"${expression}": cannot read ${spec.name} "${field}"`);
      from = valueOf(a, spec, expression);
      to = valueOf(b, spec, expression);
      if (from > to) throw new CronError(`"${expression}": ${spec.name} range "${range}" runs backwards`);
    } else {
      from = valueOf(range, spec, expression);
      // `5/15` means from 5 to the end in steps of 15.
      to = stepText === undefined ? from : spec.max;
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  const trimmed = expression.trim();
  const expanded = trimmed.startsWith('@') ? MACROS[trimmed.toLowerCase()] : trimmed;
  if (!expanded)
    throw new CronError(
      `"${expression}": unknown schedule (Netlify takes @yearly, @monthly, @weekly, @daily, @hourly)`,
    );
  const fields = expanded.split(/\s+/);
  if (fields.length !== 5) throw new CronError(`"${expression}": a schedule has five fields, not ${fields.length}`);
  const [minutes, hours, daysOfMonth, months, rawDaysOfWeek] = fields.map((f, i) =>
    parseField(f, FIELDS[i]!, expression),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  const daysOfWeek = new Set([...rawDaysOfWeek].map((d) => d % 7));
  return {
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    dayOfMonthRestricted: !fields[2]!.startsWith('*'),
    dayOfWeekRestricted: !fields[4]!.startsWith('*'),
  };
}

/** Whether the schedule runs in the UTC minute that contains `at`. */
export function cronMatches(schedule: CronSchedule | string, at: Date): boolean {
  const s = typeof schedule === 'string' ? parseCron(schedule) : schedule;
  if (!s.minutes.has(at.getUTCMinutes()) || !s.hours.has(at.getUTCHours()) || !s.months.has(at.getUTCMonth() + 1)) {
    return false;
  }
  return dayMatches(s, at);
}

const MINUTE = 60_000;

/** The start of the UTC minute that contains `at`. */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
}

/**
 * The first minute after `after` in which the schedule runs: the `next_run` Netlify's scheduler
 * sends. Null when nothing matches within five years (e.g. 30 February).
 */
export function nextCronRun(schedule: CronSchedule | string, after: Date): Date | null {
  const s = typeof schedule === 'string' ? parseCron(schedule) : schedule;
  const limit = after.getTime() + 5 * 366 * 24 * 60 * MINUTE;
  let t = minuteOf(after).getTime() + MINUTE;
  while (t <= limit) {
    const at = new Date(t);
    // Whole days and hours are skipped at once, so a yearly schedule takes a few thousand steps.
    if (!s.months.has(at.getUTCMonth() + 1) || !dayMatches(s, at)) {
      t = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
    } else if (!s.hours.has(at.getUTCHours())) {
      t = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), at.getUTCHours() + 1);
    } else if (!s.minutes.has(at.getUTCMinutes())) {
      t += MINUTE;
    } else {
      return at;
    }
  }
  return null;
}

function dayMatches(s: CronSchedule, at: Date): boolean {
  const byMonthDay = s.daysOfMonth.has(at.getUTCDate());
  const byWeekDay = s.daysOfWeek.has(at.getUTCDay());
  return s.dayOfMonthRestricted && s.dayOfWeekRestricted ? byMonthDay || byWeekDay : byMonthDay && byWeekDay;
}
