import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  afterAnswer,
  CROSS_SITE_REFUSED,
  endpoint,
  HttpError,
  json,
  JSON_ONLY,
  parseJsonBody,
  SECURITY_HEADERS,
} from './http.ts';

const SITE = 'https://www.leytondoggrooming.co.uk';
const Body = z.object({ ok: z.boolean() });

/** An endpoint that changes something, as bookings, cancel, move and magic do. */
const create = endpoint(['POST'], async (req) => json(await parseJsonBody(req, Body), { status: 201 }));
const read = endpoint(['GET'], () => json({ read: true }));

const post = (headers: Record<string, string>, body = '{"ok":true}', url = `${SITE}/v1.0.1/things`) =>
  create(new Request(url, { method: 'POST', headers, body }));

async function refusal(response: Response) {
  return { status: response.status, body: (await response.json()) as { error?: string; code?: string } };
}

afterEach(() => vi.restoreAllMocks());

/** env() is read once per process.env object, so a changed environment is a new object. */
async function withEnv<T>(vars: Record<string, string>, run: () => T | Promise<T>): Promise<T> {
  const saved = process.env;
  process.env = { ...saved, ...vars };
  try {
    return await run();
  } finally {
    process.env = saved;
  }
}

describe('CSRF: a state-changing call is JSON and comes from our own pages', () => {
  it('accepts JSON from our own page (same-origin fetch: Origin and Sec-Fetch-Site say so)', async () => {
    const res = await post({ 'content-type': 'application/json', origin: SITE, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('accepts a charset, if it is UTF-8', async () => {
    expect((await post({ 'content-type': 'application/json; charset=utf-8', origin: SITE })).status).toBe(201);
    expect((await post({ 'content-type': 'Application/JSON;charset="UTF-8"' })).status).toBe(201);
    expect(await refusal(await post({ 'content-type': 'application/json; charset=iso-8859-1' }))).toEqual({
      status: 415,
      body: { error: JSON_ONLY, code: 'unsupported_media_type' },
    });
  });

  it.each([
    ['an enctype=text/plain form', 'text/plain'],
    ['a URL-encoded form', 'application/x-www-form-urlencoded'],
    ['a multipart form', 'multipart/form-data; boundary=x'],
    ['a fetch with a string body and no type', 'text/plain;charset=UTF-8'],
    ['a JSON look-alike type', 'application/json-patch+json'],
  ])('refuses %s with 415, even from our own origin', async (_label, type) => {
    expect(await refusal(await post({ 'content-type': type, origin: SITE }))).toEqual({
      status: 415,
      body: { error: JSON_ONLY, code: 'unsupported_media_type' },
    });
  });

  it('refuses a body with no Content-Type at all', async () => {
    const res = await create(
      new Request(`${SITE}/v1.0.1/things`, { method: 'POST', body: new TextEncoder().encode('{"ok":true}') }),
    );
    expect(res.status).toBe(415);
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['another site claiming JSON', { origin: 'https://evil.example', 'content-type': 'application/json' }],
    ['a look-alike host', { origin: 'https://www.leytondoggrooming.co.uk.evil.example' }],
    ['http instead of https', { origin: 'http://www.leytondoggrooming.co.uk' }],
    ['another port', { origin: 'https://www.leytondoggrooming.co.uk:8443' }],
    ['a sandboxed frame or a data: page (Origin: null)', { origin: 'null' }],
    ['an Origin that is not a URL', { origin: 'not a url' }],
    ['Sec-Fetch-Site: cross-site with no Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site even with our Origin', { 'sec-fetch-site': 'cross-site', origin: SITE }],
  ])('refuses a call from %s with 403, before the body is read', async (_label, headers) => {
    const res = await post({ 'content-type': 'application/json', ...headers });
    expect(await refusal(res)).toEqual({ status: 403, body: { error: CROSS_SITE_REFUSED, code: 'cross_site' } });
  });

  it("accepts the site's public address (URL) when the request arrived under another host", async () => {
    const behindAProxy = () =>
      post({ 'content-type': 'application/json', origin: SITE }, '{"ok":true}', 'http://10.0.0.7:8888/v1.0.1/things');
    expect((await withEnv({ URL: SITE }, behindAProxy)).status).toBe(201);
    expect((await withEnv({ URL: 'https://leyton-dog-grooming.netlify.app' }, behindAProxy)).status).toBe(403);
  });

  it('accepts a call with no Origin and no Sec-Fetch-Site (curl, server to server: nothing a forger could borrow)', async () => {
    expect((await post({ 'content-type': 'application/json' })).status).toBe(201);
  });

  it('leaves reads alone: a cross-site GET is answered (it changes nothing, and links and crawlers send them)', async () => {
    const res = await read(
      new Request(`${SITE}/v1.0.1/read`, {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      }),
    );
    expect(res.status).toBe(200);
  });

  it('answers 405 before 403: a method the endpoint does not take is refused as such', async () => {
    const res = await read(
      new Request(`${SITE}/v1.0.1/read`, { method: 'POST', headers: { origin: 'https://evil.example' }, body: '{}' }),
    );
    expect(res.status).toBe(405);
  });
});

describe('security headers on every API answer', () => {
  const answers: Array<[string, () => Promise<Response> | Response]> = [
    ['a 200', () => read(new Request(`${SITE}/v1.0.1/read`))],
    ['a HEAD', () => read(new Request(`${SITE}/v1.0.1/read`, { method: 'HEAD' }))],
    ['a 201', () => post({ 'content-type': 'application/json' })],
    ['a 400', () => post({ 'content-type': 'application/json' }, '{"ok":"yes"}')],
    ['a 403', () => post({ 'content-type': 'application/json', origin: 'https://evil.example' })],
    ['a 405', () => read(new Request(`${SITE}/v1.0.1/read`, { method: 'DELETE' }))],
    ['a 415', () => post({ 'content-type': 'text/plain' })],
    ['an OPTIONS', () => read(new Request(`${SITE}/v1.0.1/read`, { method: 'OPTIONS' }))],
    [
      'an HttpError',
      () =>
        endpoint(['GET'], () => {
          throw new HttpError(404, 'Not found');
        })(new Request(`${SITE}/x`)),
    ],
    [
      'a handler that throws',
      () =>
        endpoint(['GET'], () => {
          throw new Error('boom');
        })(new Request(`${SITE}/x`)),
    ],
    [
      'a non-JSON answer the handler built itself (the calendar file)',
      () =>
        endpoint(
          ['GET'],
          () => new Response('BEGIN:VCALENDAR', { headers: { 'content-type': 'text/calendar' } }),
        )(new Request(`${SITE}/x.ics`)),
    ],
  ];

  it.each(answers)('%s carries every one', async (_label, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await answer();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
  });

  it('carries a policy that lets an answer do nothing as a page: no source, no framing', () => {
    expect(SECURITY_HEADERS['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(SECURITY_HEADERS['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("keeps the handler's own headers and status", async () => {
    const res = await endpoint(['GET'], () =>
      json({ a: 1 }, { status: 202, headers: { vary: 'x-access-key' }, cache: 'public, max-age=60' }),
    )(new Request(`${SITE}/x`));
    expect(res.status).toBe(202);
    expect(res.headers.get('vary')).toBe('x-access-key');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await res.json()).toEqual({ a: 1 });
  });

  it("are the values netlify.toml gives every file (Netlify's own parser reads it)", async () => {
    const { headers, errors } = await parseAllHeaders({
      headersFiles: [],
      netlifyConfigPath: path.resolve(import.meta.dirname, '../../netlify.toml'),
      configHeaders: [],
      minimal: false,
    });
    expect(errors).toEqual([]);
    const everyFile = headers.find((rule) => rule.for === '/*')!.values as Record<string, string>;
    const lower = Object.fromEntries(Object.entries(everyFile).map(([k, v]) => [k.toLowerCase(), v]));
    const { 'content-security-policy': _pagesHaveTheirOwn, ...shared } = SECURITY_HEADERS;
    expect(lower).toEqual(shared);
  });
});

describe("afterAnswer: Netlify's context.waitUntil, bound to its context", () => {
  it('hands the work to waitUntil called on the context it came from (Netlify reads `this`)', () => {
    const handed: { self: unknown; work: Promise<unknown> }[] = [];
    const context = {
      waitUntil(this: unknown, work: Promise<unknown>) {
        handed.push({ self: this, work });
      },
    };
    const later = afterAnswer(context);
    const work = Promise.resolve('sent');
    later!(work);
    expect(handed).toEqual([{ self: context, work }]);
  });

  it.each([
    ['no context (a test, a plain server)', undefined],
    ['a null context', null],
    ['a context without waitUntil', {}],
    ['a waitUntil that is not a function', { waitUntil: 'soon' }],
  ])('is undefined for %s, so the caller awaits the work itself', (_, context) => {
    expect(afterAnswer(context)).toBeUndefined();
  });
});
