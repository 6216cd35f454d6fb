import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bankHolidayOn } from '../../src/domain/bank-holidays.ts';
import {
  addDays,
  instantToZoned,
  offsetMinutesAt,
  todayIn,
  zonedDateTimeToInstant,
} from '../../src/domain/london-time.ts';
import { findChromium } from './browser.ts';
import { clockByName, clockEnv, CLOCKS } from './clocks.ts';
import { PROJECT_ROOT } from './site-server.ts';

/**
 * The named clocks (docs/decisions/097): each is what it says it is, and a process started with its
 * environment (node, the embedded database, Chromium) lives at its moment, time flowing from there.
 */
const LONDON = 'Europe/London';
const NODE = process.execPath;

/** What `new Date()` says in a child process started under the clock `at`. */
function childNow(at: string, script = 'console.log(Date.now())'): number {
  const out = execFileSync(NODE, ['-e', script], { env: { ...process.env, ...clockEnv(at) }, encoding: 'utf8' });
  return Number(out.trim());
}

/** Hours from the day's midnight in London to the next one's. */
const dayLength = (date: string) =>
  (zonedDateTimeToInstant(addDays(date, 1), '00:00', LONDON).getTime() -
    zonedDateTimeToInstant(date, '00:00', LONDON).getTime()) /
  3_600_000;

describe('the named clocks are the moments their reasons say', () => {
  const london = (name: string) => instantToZoned(new Date(clockByName(name).at), LONDON);

  it.each([
    ['monday-evening', 'monday', '17:29'],
    ['london-midnight', 'wednesday', '23:59'],
    ['sunday-small-hours', 'monday', '00:40'],
    ['before-christmas', 'wednesday', '16:00'],
    ['spring-forward', 'saturday', '18:00'],
    ['fall-back', 'saturday', '18:00'],
  ])('%s is a %s at %s in London', (name, weekday, time) => {
    const zoned = london(name);
    expect(new Date(`${zoned.date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long' }).toLowerCase()).toBe(
      weekday,
    );
    expect(zoned.time.slice(0, 5)).toBe(time);
  });

  it("sunday-small-hours is still Sunday in UTC, and London's today is not UTC's", () => {
    const at = new Date(clockByName('sunday-small-hours').at);
    expect(at.getUTCDay()).toBe(0);
    expect(todayIn(LONDON, at)).not.toBe(at.toISOString().slice(0, 10));
  });

  it('london-midnight is in summer time, an hour ahead of UTC', () => {
    expect(offsetMinutesAt(new Date(clockByName('london-midnight').at), LONDON)).toBe(60);
  });

  it('before-christmas has Christmas Day, the Boxing Day holiday and New Year within its first ten days', () => {
    const today = london('before-christmas').date;
    const holidays = Array.from({ length: 10 }, (_, i) => addDays(today, i)).filter((d) => bankHolidayOn(d));
    expect(holidays).toEqual(['2026-12-25', '2026-12-28', '2027-01-01']);
  });

  it.each([
    ['spring-forward', 23],
    ['fall-back', 25],
  ])('the day after %s has %i hours in London', (name, hours) => {
    expect(dayLength(addDays(london(name).date, 1))).toBe(hours);
  });
});

describe('a process started under a clock lives at its moment', () => {
  it.each(CLOCKS.map((c) => [c.name, c.at]))('node under %s', (_, at) => {
    const now = childNow(at);
    expect(now - Date.parse(at)).toBeGreaterThanOrEqual(0);
    expect(now - Date.parse(at)).toBeLessThan(15_000);
  });

  it('time flows from the moment, and the monotonic clock stays real', () => {
    const script =
      'const a = Date.now(), h = process.hrtime.bigint(); setTimeout(() => console.log(Date.now() - a, Number(process.hrtime.bigint() - h) / 1e6), 300)';
    const out = execFileSync(NODE, ['-e', script], {
      env: { ...process.env, ...clockEnv('2027-03-27T18:00:00Z') },
      encoding: 'utf8',
    });
    const [wall, monotonic] = out.trim().split(' ').map(Number) as [number, number];
    expect(wall).toBeGreaterThanOrEqual(290);
    expect(Math.abs(wall - monotonic)).toBeLessThan(50);
  });

  it("the embedded database's now() is the clock's", () => {
    const at = clockByName('before-christmas').at;
    const script = `
      const { startDatabase } = await import(${JSON.stringify(path.join(PROJECT_ROOT, 'scripts/lib/database.ts'))});
      const { db } = await startDatabase({ quiet: true });
      const { rows } = await db.query("SELECT (extract(epoch FROM now()) * 1000)::bigint AS ms, (now() AT TIME ZONE 'Europe/London')::date::text AS day");
      console.log(rows[0].ms + ' ' + rows[0].day);
      await db.stop();`;
    const out = execFileSync(NODE, ['--input-type=module', '-e', script], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...clockEnv(at) },
      encoding: 'utf8',
    });
    const [ms, day] = out.trim().split('\n').at(-1)!.split(' ');
    expect(Number(ms) - Date.parse(at)).toBeGreaterThanOrEqual(0);
    expect(Number(ms) - Date.parse(at)).toBeLessThan(30_000);
    expect(day).toBe('2026-12-23');
  }, 60_000);

  it("Chromium's Date is the clock's", () => {
    const at = clockByName('london-midnight').at;
    const chromium = findChromium('tests');
    expect(chromium, 'a Chromium to run (tests/e2e need one too)').toBeTruthy();
    const page = `data:text/html,<script>document.title = Date.now()</script>`;
    const dom = execFileSync(chromium!, ['--headless', '--no-sandbox', '--disable-gpu', '--dump-dom', page], {
      env: { ...process.env, ...clockEnv(at) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const ms = Number(/<title>(\d+)<\/title>/.exec(dom)?.[1]);
    expect(ms - Date.parse(at)).toBeGreaterThanOrEqual(0);
    expect(ms - Date.parse(at)).toBeLessThan(15_000);
  }, 30_000);
});

describe('what the clock runs leave out', () => {
  /** Every unit test file beside the code, under src/. */
  const unitTests = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? unitTests(path.join(dir, e.name))
        : /\.test\.tsx?$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );

  // The clock runs leave the unit tests out: domain code takes `now` as an argument, so a unit test
  // that read the wall clock would be one the clocks should run, or one to give a `now`.
  it('no unit test under src/ reads the wall clock', () => {
    const readers = unitTests(path.join(PROJECT_ROOT, 'src')).filter((file) =>
      /new Date\(\)|Date\.now\(\)/.test(readFileSync(file, 'utf8')),
    );
    expect(readers.map((f) => path.relative(PROJECT_ROOT, f))).toEqual([]);
  });
});
