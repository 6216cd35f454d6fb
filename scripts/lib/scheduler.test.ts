import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFunctions, type LocalFunctions } from './local-functions.ts';
import { startScheduler, type Clock } from './scheduler.ts';

/**
 * The local scheduler against small scheduled functions written for the test, run through the same
 * in-process router `npm start` uses, on a clock the test moves: no real waiting.
 */
const record = (name: string) => `export default async (req, context) => {
  (globalThis.__runs ??= []).push({ name: '${name}', method: req.method, agent: req.headers.get('user-agent'),
    event: req.headers.get('x-nf-event'), body: await req.json(), url: new URL(req.url).pathname, ip: context.ip });
  return new Response(null, { status: 204 });
};`;

const FIXTURES: Record<string, string> = {
  'every-five.mjs': `${record('every-five')}\nexport const config = { schedule: '*/5 * * * *' };`,
  'evening.mjs': `${record('evening')}\nexport const config = { schedule: '0 17 * * *' };`,
  'prices.mjs': `export default () => new Response('prices');\nexport const config = { path: '/prices' };`,
};

interface Run {
  name: string;
  method: string;
  agent: string;
  event: string;
  body: { next_run: string | null };
  url: string;
  ip: string;
}
const runs = () => ((globalThis as { __runs?: Run[] }).__runs ??= []);

/** A clock that moves only when told, firing the timers that fall due on the way. */
function manualClock(start: string) {
  let now = new Date(start).getTime();
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  let settle: () => Promise<void> = async () => undefined;
  const clock: Clock = {
    now: () => new Date(now),
    setTimeout: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  /** Moves to `iso`; `asleep`: the machine slept, so timers due on the way fire late, at `iso`. */
  async function advanceTo(iso: string, { asleep = false } = {}) {
    const target = new Date(iso).getTime();
    if (asleep) now = target;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = Math.max(now, due[1].at);
      due[1].run();
      // The runs the timer started finish before time moves on.
      await settle();
    }
    now = target;
  }
  return {
    clock,
    advanceTo,
    settleWith: (wait: () => Promise<void>) => {
      settle = wait;
    },
    pending: () => timers.size,
  };
}

describe('the local scheduler', () => {
  let dir: string;
  let functions: LocalFunctions;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'scheduled-'));
    for (const [name, source] of Object.entries(FIXTURES)) await writeFile(path.join(dir, name), source);
    functions = await createLocalFunctions({ directory: dir, siteUrl: 'http://localhost:9999' });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  beforeEach(() => {
    runs().length = 0;
  });

  it('runs each scheduled function in the minutes its schedule names, as Netlify’s scheduler calls it', async () => {
    const time = manualClock('2026-11-23T16:53:20Z');
    const scheduler = startScheduler({ functions, clock: time.clock });
    time.settleWith(() => scheduler.idle());
    await time.advanceTo('2026-11-23T16:54:59Z');
    expect(runs()).toEqual([]);

    await time.advanceTo('2026-11-23T16:55:01Z');
    expect(runs()).toEqual([
      {
        name: 'every-five',
        method: 'POST',
        agent: 'Netlify Clockwork',
        event: 'schedule',
        body: { next_run: '2026-11-23T17:00:00.000Z' },
        url: '/.netlify/functions/every-five',
        ip: '127.0.0.1',
      },
    ]);

    await time.advanceTo('2026-11-23T17:09:30Z');
    expect(runs().map((r) => `${r.name} ${r.body.next_run}`)).toEqual([
      'every-five 2026-11-23T17:00:00.000Z',
      'every-five 2026-11-23T17:05:00.000Z',
      'evening 2026-11-24T17:00:00.000Z',
      'every-five 2026-11-23T17:10:00.000Z',
    ]);

    await scheduler.stop();
    expect(time.pending()).toBe(0);
    await time.advanceTo('2026-11-23T18:00:00Z');
    expect(runs()).toHaveLength(4);
  });

  it('runs a missed schedule once when the machine wakes, not once for every minute it slept', async () => {
    const time = manualClock('2026-11-23T10:00:10Z');
    const scheduler = startScheduler({ functions, clock: time.clock });
    time.settleWith(() => scheduler.idle());
    // The timer for 10:01 fires at 10:31, as after a laptop's sleep: six five-minute runs were missed.
    await time.advanceTo('2026-11-23T10:31:00Z', { asleep: true });
    expect(runs().map((r) => r.name)).toEqual(['every-five']);
    await scheduler.stop();
  });

  it('cannot be run by a stranger at its URL', () => {
    const match = functions.match(new URL('http://localhost/.netlify/functions/every-five'), 'POST');
    expect(match).toBeUndefined();
  });
});
