import { cronMatches, minuteOf, nextCronRun, parseCron, type CronSchedule } from './cron.ts';
import type { LocalFunction, LocalFunctions } from './local-functions.ts';

/**
 * Netlify's scheduler, on this machine: at the start of each UTC minute every function whose
 * `config.schedule` matches that minute is run through its default export with the request the
 * scheduler sends (LocalFunctions.invokeScheduled). `npm start` and `npm run dev` start it; the
 * end-to-end server and the tests do not, so what they see never depends on the minute they run in
 * (docs/decisions/066-schedules-run-locally.md).
 */

/** The time and timers the scheduler uses; tests pass one they move by hand. */
export interface Clock {
  now(): Date;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SchedulerOptions {
  functions: Pick<LocalFunctions, 'functions' | 'invokeScheduled'>;
  clock?: Clock;
  logError?: (...message: unknown[]) => void;
}

export interface Scheduler {
  /** Waits for the runs under way. */
  idle(): Promise<void>;
  /** Stops the timer and waits for runs under way. */
  stop(): Promise<void>;
}

const MINUTE = 60_000;
/** A machine that slept longer than this does not catch up: one run per function at most, as it wakes. */
const CATCH_UP_MINUTES = 60;

/** The scheduled functions and their schedules, for the line `npm start` prints. */
export function describeSchedules(functions: readonly LocalFunction[]): string {
  return functions
    .filter((fn) => fn.schedule)
    .map((fn) => `${fn.name} (${fn.schedule})`)
    .join(', ');
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const clock = options.clock ?? systemClock;
  const logError = options.logError ?? ((...m: unknown[]) => console.error(...m));
  const parsed = new Map<string, CronSchedule | Error>();
  const running = new Map<string, Promise<void>>();
  let lastMinute = minuteOf(clock.now()).getTime();
  let timer: unknown;
  let stopped = false;

  function scheduleOf(fn: LocalFunction): CronSchedule | null {
    let schedule = parsed.get(fn.schedule!);
    if (!schedule) {
      try {
        schedule = parseCron(fn.schedule!);
      } catch (error) {
        schedule = error as Error;
        logError(`[scheduler] ${fn.name} is not run: ${schedule.message}`);
      }
      parsed.set(fn.schedule!, schedule);
    }
    return schedule instanceof Error ? null : schedule;
  }

  function run(fn: LocalFunction, schedule: CronSchedule, minute: Date) {
    if (running.has(fn.name)) {
      // Locally one run at a time: the embedded database takes one transaction at a time anyway.
      logError(`[scheduler] ${fn.name} is still running from its last run; the ${minute.toISOString()} run is skipped`);
      return;
    }
    const work = options.functions
      .invokeScheduled(fn, nextCronRun(schedule, minute))
      .then(async (response) => {
        // Netlify ignores what a scheduled function answers; a failure is worth a line here.
        if (response.status >= 500) logError(`[scheduler] ${fn.name} answered ${response.status}`);
        await response.body?.cancel();
      })
      .catch((error: unknown) => logError(`[scheduler] ${fn.name} failed:`, error))
      .finally(() => running.delete(fn.name));
    running.set(fn.name, work);
  }

  function tick() {
    if (stopped) return;
    const current = minuteOf(clock.now()).getTime();
    const from = Math.max(lastMinute + MINUTE, current - (CATCH_UP_MINUTES - 1) * MINUTE);
    for (const fn of options.functions.functions) {
      if (!fn.schedule) continue;
      const schedule = scheduleOf(fn);
      if (!schedule) continue;
      for (let t = from; t <= current; t += MINUTE) {
        if (cronMatches(schedule, new Date(t))) {
          run(fn, schedule, new Date(t));
          break;
        }
      }
    }
    lastMinute = Math.max(lastMinute, current);
    arm();
  }

  function arm() {
    const now = clock.now().getTime();
    timer = clock.setTimeout(tick, MINUTE - (now % MINUTE));
  }

  arm();
  return {
    async idle() {
      await Promise.all(running.values());
    },
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
