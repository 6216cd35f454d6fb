import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFunctions, type LocalFunctions } from './local-functions.ts';

/**
 * The in-process functions router against a directory of small functions written for the test:
 * routing from each function's own `config` as Netlify reads it, the context a handler gets, and
 * what happens when a handler throws, hangs or is scheduled.
 */
const FIXTURES: Record<string, string> = {
  'prices.mjs': `export default () => new Response('prices');
export const config = { path: '/v1.0.1/cms/booking-types' };`,
  'booking.mjs': `export default (req, context) => Response.json({ params: context.params, ip: context.ip, requestId: context.requestId, header: req.headers.get('x-nf-client-connection-ip'), site: context.site.url, geo: context.geo.country.code });
export const config = { path: ['/v1.0.1/bookings/:id', '/v1.0.1/bookings/:id/calendar.ics'] };`,
  'posts-only.mjs': `export default () => new Response('posted');
export const config = { path: '/v1.0.1/things', method: 'POST' };`,
  'with-exclusion.mjs': `export default () => new Response('wild');
export const config = { path: '/wild/*', excludedPath: '/wild/private' };`,
  'prefers-static.mjs': `export default () => new Response('fn');
export const config = { path: '/about', preferStatic: true };`,
  'throws.mjs': `export default () => { throw new Error('boom'); };
export const config = { path: '/throws' };`,
  'hangs.mjs': `export default () => new Promise(() => {});
export const config = { path: '/hangs' };`,
  'later.mjs': `export let done = 0;
export default (req, context) => { context.waitUntil(new Promise((r) => setTimeout(r, 50)).then(() => { globalThis.__laterDone = true; })); return new Response(null, { status: 202 }); };
export const config = { path: '/later' };`,
  'nightly.mjs': `export default (req) => Response.json({ method: req.method, agent: req.headers.get('user-agent'), event: req.headers.get('x-nf-event') });
export const config = { schedule: '@daily' };`,
};

describe('the in-process functions router', () => {
  let dir: string;
  let functions: LocalFunctions;
  const errors: unknown[][] = [];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'functions-'));
    for (const [name, source] of Object.entries(FIXTURES)) await writeFile(path.join(dir, name), source);
    functions = await createLocalFunctions({
      directory: dir,
      siteUrl: 'http://localhost:9999',
      timeoutSeconds: 0.3,
      logError: (...m) => errors.push(m),
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const route = (pathname: string, method = 'GET') => {
    const match = functions.match(new URL(`http://localhost${pathname}`), method);
    return match ? `${match.fn.name}${match.preferStatic ? ' (prefers static)' : ''}` : null;
  };

  it.each([
    ['/v1.0.1/cms/booking-types', 'GET', 'prices'],
    ['/v1.0.1/cms/booking-types/', 'GET', 'prices'],
    ['/V1.0.1/CMS/Booking-Types', 'GET', 'prices'],
    ['/v1.0.1/cms/booking-types/extra', 'GET', null],
    ['/v1.0.1/bookings/abc123', 'GET', 'booking'],
    ['/v1.0.1/bookings/abc123/calendar.ics', 'GET', 'booking'],
    ['/v1.0.1/bookings', 'GET', null],
    ['/v1.0.1/things', 'POST', 'posts-only'],
    ['/v1.0.1/things', 'GET', null],
    ['/wild/anything/deep', 'GET', 'with-exclusion'],
    ['/wild/private', 'GET', null],
    ['/about', 'GET', 'prefers-static (prefers static)'],
    // A scheduled function answers only its scheduler, as on Netlify (decision 066).
    ['/.netlify/functions/nightly', 'GET', null],
    ['/.netlify/functions/nightly', 'POST', null],
    // A function with a path of its own is not reachable by name, as on Netlify.
    ['/.netlify/functions/prices', 'GET', null],
    ['/.netlify/functions/missing', 'GET', null],
    ['/', 'GET', null],
  ])('%s %s → %s', (pathname, method, expected) => {
    expect(route(pathname, method)).toBe(expected);
  });

  const call = async (pathname: string, init: RequestInit = {}) => {
    const url = new URL(`http://localhost${pathname}`);
    const match = functions.match(url, init.method ?? 'GET');
    if (!match) throw new Error(`no function for ${pathname}`);
    return functions.invoke(match, new Request(url, init), { ip: '203.0.113.9' });
  };

  it('gives the handler the context Netlify gives: params, ip, request id, site and geo', async () => {
    const body = await (await call('/v1.0.1/bookings/Abc_123')).json();
    expect(body).toMatchObject({
      params: { id: 'Abc_123' },
      ip: '203.0.113.9',
      header: '203.0.113.9',
      site: 'http://localhost:9999',
      geo: 'GB',
    });
    expect(body.requestId).toMatch(/^[0-9A-Z]{26}$/);
  });

  it('answers a thrown error with a logged 500 and no stack trace', async () => {
    const response = await call('/throws');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ errorMessage: 'boom', errorType: 'Error' });
    expect(String(errors.at(-1)?.[0])).toContain('[throws] GET /throws threw');
  });

  it('answers a handler that never finishes as Netlify does once the limit has passed', async () => {
    const response = await call('/hangs');
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      errorMessage: 'Task timed out after 0.30 seconds',
      errorType: 'TimeoutError',
    });
  });

  it('runs a scheduled function as the scheduler calls it', async () => {
    const nightly = functions.functions.find((fn) => fn.name === 'nightly')!;
    expect(nightly.schedule).toBe('@daily');
    const response = await functions.invokeScheduled(nightly, new Date('2026-11-24T00:00:00Z'));
    expect(await response.json()).toEqual({ method: 'POST', agent: 'Netlify Clockwork', event: 'schedule' });
  });

  it('waits for work handed to waitUntil before it stops', async () => {
    expect((await call('/later')).status).toBe(202);
    expect((globalThis as { __laterDone?: boolean }).__laterDone).toBeUndefined();
    await functions.drain();
    expect((globalThis as { __laterDone?: boolean }).__laterDone).toBe(true);
  });

  it('routes a function added after start once the directory is read again', async () => {
    await writeFile(
      path.join(dir, 'added.mjs'),
      `export default () => new Response('new');\nexport const config = { path: '/added' };`,
    );
    expect(route('/added')).toBeNull();
    await functions.rescan();
    expect(route('/added')).toBe('added');
    expect(await (await call('/added')).text()).toBe('new');
  });
});
