import { existsSync } from 'node:fs';
import { installDebianPackage } from './browser.ts';

/**
 * The clocks the suites also run under (docs/decisions/097-tests-under-named-clocks.md). Each is a
 * moment chosen because a test that reads "today" carelessly fails there: the shop's week, its
 * horizon, London's midnight against UTC's, bank holidays and the two changes of the clocks. Moments
 * are fixed, not "next Monday", so a clock that finds a fault finds it again on any day.
 */
export const CLOCKS = [
  {
    name: 'monday-evening',
    at: '2026-12-07T17:29:00Z',
    why: "a Monday, the moment main was seen red: a weekly series' fourth visit falls on day 57, past the 8-week horizon; the picker's 28 days end on a Sunday",
  },
  {
    name: 'london-midnight',
    at: '2027-07-14T23:59:00+01:00',
    why: 'one minute to midnight in London in summer time: today ends within the run, and London is an hour ahead of UTC',
  },
  {
    name: 'sunday-small-hours',
    at: '2027-06-20T23:40:00Z',
    why: "Sunday 23:40 UTC, already Monday 00:40 in London: UTC's today is not the shop's",
  },
  {
    name: 'before-christmas',
    at: '2026-12-23T16:00:00Z',
    why: 'Wednesday before Christmas: Christmas Day, the Boxing Day holiday moved to Monday 28th and New Year close the shop on days in the first week',
  },
  {
    name: 'spring-forward',
    at: '2027-03-27T18:00:00Z',
    why: 'Saturday evening before the last Sunday of March: tomorrow has 23 hours, and a day is not 24 hours of milliseconds',
  },
  {
    name: 'fall-back',
    at: '2027-10-30T18:00:00+01:00',
    why: 'Saturday evening before the last Sunday of October: tomorrow has 25 hours and 01:30 happens twice',
  },
] as const;

export type ClockName = (typeof CLOCKS)[number]['name'];

/** Debian's libfaketime (package `libfaketime`, brought by `faketime`), preloaded into every process of a run. */
export const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

const MISSING = `The clock runs need Debian's libfaketime (${LIBFAKETIME}): apt-get install faketime`;

/** Installs Debian's libfaketime when it is missing and we are root with apt; else explains and exits. */
export function ensureLibfaketime(): void {
  if (!existsSync(LIBFAKETIME)) installDebianPackage('faketime');
  if (existsSync(LIBFAKETIME)) return;
  console.error(MISSING);
  process.exit(1);
}

/**
 * How far this process's clock is from the real one: not zero when it runs under a clock itself
 * (clocks.test.ts run by `npm test -- clocks`), where libfaketime applies an offset to the real
 * time, so a child's offset is worked out from the real time too.
 */
function runningOffsetMs(): number {
  if (!process.env.LD_PRELOAD?.includes('libfaketime')) return 0;
  const offset = /^([+-]?\d+)s$/.exec(process.env.FAKETIME ?? '');
  return offset ? Number(offset[1]) * 1000 : 0;
}

export function clockByName(name: string) {
  const clock = CLOCKS.find((c) => c.name === name);
  if (!clock) throw new Error(`No clock named "${name}": the clocks are ${CLOCKS.map((c) => c.name).join(', ')}`);
  return clock;
}

/**
 * The environment that starts every process of a run (vitest and its workers, the site's server,
 * the embedded database, a PostgreSQL server, Chromium) at `at`, with time flowing from there.
 *
 * One offset from the real clock, worked out once here and inherited by every child, so the server,
 * the database and the browser agree to the millisecond; libfaketime's "start at" form would start
 * each process's clock anew when that process starts. Monotonic clocks stay real: timers, timeouts
 * and measured durations are not the calendar. `FAKETIME_FORCE_MONOTONIC_FIX=0` because its default
 * costs Chromium eight seconds a start.
 */
export function clockEnv(at: string | Date, realNow = Date.now() - runningOffsetMs()): NodeJS.ProcessEnv {
  if (!existsSync(LIBFAKETIME)) throw new Error(MISSING);
  const target = new Date(at).getTime();
  if (Number.isNaN(target)) throw new Error(`Not a moment: ${String(at)}`);
  // Whole seconds, rounded up: a run starts within a second after its moment, never before it.
  const offsetSeconds = Math.ceil((target - realNow) / 1000);
  return {
    LD_PRELOAD: [...new Set([LIBFAKETIME, ...(process.env.LD_PRELOAD?.split(':') ?? [])])].filter(Boolean).join(':'),
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    FAKETIME_FORCE_MONOTONIC_FIX: '0',
  };
}

/**
 * What runs again under each clock; the whole suite runs under the real one, and each clock was
 * proved whole by `npm test -- clocks NAME --whole`. Not the unit tests: domain code takes `now` as an
 * argument, and no unit test reads the wall clock (clocks.test.ts holds them to it). The integration
 * files whose subject is the calendar (a series raced at the horizon, times freed and offered,
 * reminders of tomorrow, the day's takings, the demo shop's weeks around today) and the browser specs that
 * page through the picker to their own day or open the server's past visits, under the Monday (the
 * picker's last page) and one minute to midnight (a run that crosses it). A test found to fail under
 * a clock joins these lists with its fix, unless it is one of the long ones (the API fuzz and the doors
 * of every management path, a minute and more each), which the clocks run whole when asked.
 */
const CALENDAR_VITEST = [
  'tests/integration/rebook-race.test.ts',
  'tests/integration/time-freed.test.ts',
  'tests/integration/reminders.test.ts',
  'tests/integration/management-finances.test.ts',
  'tests/integration/money-ledger.test.ts',
  'tests/integration/living-demo-shop.test.ts',
];
const CALENDAR_E2E = [
  'tests/e2e/booking-two-dogs.spec.ts',
  'tests/e2e/booking-waitlist.spec.ts',
  'tests/e2e/visit-status.spec.ts',
  'tests/e2e/rebook.spec.ts',
];
const E2E_CLOCKS: readonly ClockName[] = ['monday-evening', 'london-midnight'];

/** The vitest files and Playwright specs that run again under the clock `name`. */
export function clockRun(name: ClockName): { vitest: readonly string[]; playwright: readonly string[] } {
  return { vitest: CALENDAR_VITEST, playwright: E2E_CLOCKS.includes(name) ? CALENDAR_E2E : [] };
}
