/**
 * Dates and times as the shop says them, always in its own time zone (SHOP_TIME_ZONE) whatever the
 * visitor's device is set to: "Tuesday 1 December, 10:30".
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

function parts(instant: Date, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of formatter(timeZone, options).formatToParts(instant)) out[part.type] = part.value;
  return out;
}

/** "Tuesday 1 December" for a calendar date "2026-12-01" (a date, so no time zone shift). */
export function formatDate(isoDate: string, options: { weekday?: 'long' | 'short'; year?: boolean } = {}): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const p = parts(new Date(Date.UTC(y, m - 1, d, 12)), 'UTC', {
    weekday: options.weekday ?? 'long',
    day: 'numeric',
    month: 'long',
    ...(options.year ? { year: 'numeric' } : {}),
  });
  return `${p.weekday} ${p.day} ${p.month}${options.year ? ` ${p.year}` : ''}`;
}

/** "10:30" in the shop's time zone. */
export function formatTime(instant: string | Date, timeZone: string): string {
  const p = parts(new Date(instant), timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${p.hour}:${p.minute}`;
}

/** The calendar date "2026-12-01" of an instant in the shop's time zone. */
export function zonedDate(instant: string | Date, timeZone: string): string {
  const p = parts(new Date(instant), timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** "Tuesday 1 December, 10:30" */
export function formatWhen(instant: string | Date, timeZone: string, options: { year?: boolean } = {}): string {
  return `${formatDate(zonedDate(instant, timeZone), options)}, ${formatTime(instant, timeZone)}`;
}

/** "1 h 30 min" / "45 min" */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
