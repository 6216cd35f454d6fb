import { afterEach, describe, expect, it, vi } from 'vitest';
import handler from '../../netlify/functions/magic.ts';
import { IdentifyResponseSchema } from '../../src/domain/api.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { clientBucket, hitRateLimit, sweepStaleWindows } from '../../src/server/rate-limit.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

useTestDatabase();

let ipCounter = 0;
/** Each test gets its own client address unless it asks for one, so the rate limit stays out of the way. */
const freshIp = () => `198.51.100.${++ipCounter % 250}`;

function magic(
  body: unknown,
  headers: Record<string, string> = {},
  options: { ip?: string; method?: string; raw?: boolean } = {},
) {
  const init: RequestInit = {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...headers },
  };
  if (init.method !== 'GET' && init.method !== 'HEAD')
    init.body = options.raw ? (body as string) : JSON.stringify(body);
  return handler(new Request('http://localhost/v1.0.1/magic', init), { ip: options.ip ?? freshIp() });
}

const landing = JSON.stringify({ url: 'https://www.leytondoggrooming.co.uk/prices?gclid=abc', path: '/prices' });

describe('POST /v1.0.1/magic: identify, page_view and event', () => {
  it('writes a session, its page view and its event, with headers and campaign source', async () => {
    const identify = await magic(
      { type: 'identify', gclid: 'abc' },
      { 'x-visitor-id': 'visit-123', 'x-landing-page': landing, 'user-agent': 'TestBrowser/1.0' },
    );
    expect(identify.status).toBe(200);
    expect(identify.headers.get('content-type')).toMatch(/application\/json/);
    const { session_id } = IdentifyResponseSchema.parse(await identify.json());
    expect(session_id).toMatch(/^[A-Za-z0-9_-]{22}$/); // 16 random bytes = 128 bits

    const [session] = await query(`SELECT * FROM visit_sessions WHERE id = $1`, [session_id]);
    expect(session).toMatchObject({
      visitor_id: 'visit-123',
      landing_url: 'https://www.leytondoggrooming.co.uk/prices?gclid=abc',
      landing_path: '/prices',
      gclid: 'abc',
      fbclid: null,
      campaign_source: 'google ads',
      customer_id: null,
      user_agent: 'TestBrowser/1.0',
    });

    const page = JSON.stringify({ url: 'https://www.leytondoggrooming.co.uk/about', path: '/about' });
    const view = await magic({ type: 'page_view', page }, { 'x-session-id': session_id, 'x-visitor-id': 'visit-123' });
    expect(view.status).toBe(200);
    expect(await view.json()).toEqual({ ok: true });
    expect(
      await query(`SELECT session_id, url, path, visitor_id FROM page_views WHERE session_id = $1`, [session_id]),
    ).toEqual([
      { session_id, url: 'https://www.leytondoggrooming.co.uk/about', path: '/about', visitor_id: 'visit-123' },
    ]);

    const event = await magic(
      { type: 'event', name: 'whatsapp_big', path: '/contact', detail: 'hero' },
      { 'x-session-id': session_id },
    );
    expect(event.status).toBe(200);
    expect(await event.json()).toEqual({ ok: true });
    expect(
      await query(`SELECT session_id, name, path, detail FROM analytics_events WHERE session_id = $1`, [session_id]),
    ).toEqual([{ session_id, name: 'whatsapp_big', path: '/contact', detail: 'hero' }]);
  });

  it.each([
    [{ type: 'identify', fbclid: 'fb.1' }, {}, 'facebook ads', null, 'fb.1'],
    [{ type: 'identify' }, { 'x-gclid': 'from-header' }, 'google ads', 'from-header', null],
    [{ type: 'identify', gclid: 'g', fbclid: 'f' }, {}, 'google ads', 'g', 'f'],
    [{ type: 'identify' }, {}, null, null, null],
  ])('identify %o with headers %o records campaign source %s', async (body, headers, source, gclid, fbclid) => {
    const { session_id } = IdentifyResponseSchema.parse(await (await magic(body, headers)).json());
    const [row] = await query(`SELECT campaign_source, gclid, fbclid FROM visit_sessions WHERE id = $1`, [session_id]);
    expect(row).toEqual({ campaign_source: source, gclid, fbclid });
  });

  it('links the visit to the customer of a live x-access-key', async () => {
    const key = await transaction(async (tx) => {
      await tx.query(`INSERT INTO customers (id, phone, privileges) VALUES ('m-1', '+447700900301', 1)`);
      return issueAccessKey(tx, 'm-1', 'device');
    });
    const { session_id } = IdentifyResponseSchema.parse(
      await (await magic({ type: 'identify' }, { 'x-access-key': key })).json(),
    );
    const [row] = await query(`SELECT customer_id FROM visit_sessions WHERE id = $1`, [session_id]);
    expect(row).toEqual({ customer_id: 'm-1' });
  });

  it('records a page view with a missing, malformed or unknown session against no session', async () => {
    const page = JSON.stringify({ url: 'https://x.test/orphan', path: '/orphan' });
    for (const headers of [{}, { 'x-session-id': 'nope' }, { 'x-session-id': 'Z'.repeat(22) }] as Record<
      string,
      string
    >[]) {
      const res = await magic({ type: 'page_view', page }, headers);
      expect(res.status).toBe(200);
    }
    expect(await query(`SELECT session_id FROM page_views WHERE path = '/orphan'`)).toEqual([
      { session_id: null },
      { session_id: null },
      { session_id: null },
    ]);
  });

  it('drops context headers that are too long or malformed instead of failing the call', async () => {
    const res = await magic(
      { type: 'identify' },
      {
        'x-visitor-id': 'v'.repeat(129),
        'x-landing-page': '{not json',
        'x-gclid': 'g'.repeat(300),
        'user-agent': 'U'.repeat(2000),
      },
    );
    expect(res.status).toBe(200);
    const { session_id } = IdentifyResponseSchema.parse(await res.json());
    const [row] = await query<{ visitor_id: null; landing_url: null; gclid: null; user_agent: string }>(
      `SELECT visitor_id, landing_url, gclid, user_agent FROM visit_sessions WHERE id = $1`,
      [session_id],
    );
    expect(row).toMatchObject({ visitor_id: null, landing_url: null, gclid: null });
    expect(row!.user_agent).toHaveLength(512);
  });
});

describe('POST /v1.0.1/magic refuses bad input with its exact 4xx', () => {
  it.each([
    ['malformed JSON', 400, 'Request body must be valid JSON', '{"type":'],
    ['an empty body', 400, 'Request body must be valid JSON', ''],
    ['a JSON array', 400, null, '[]'],
    ['an unknown type', 400, null, JSON.stringify({ type: 'teleport' })],
    ['no type', 400, null, JSON.stringify({ page: '{}' })],
    ['a wrong type for page', 400, null, JSON.stringify({ type: 'page_view', page: 42 })],
    [
      'page that is not JSON',
      400,
      'page must be a JSON string of { url, path }',
      JSON.stringify({ type: 'page_view', page: 'not json' }),
    ],
    [
      'page without path',
      400,
      'page must be a JSON string of { url, path }',
      JSON.stringify({ type: 'page_view', page: '{"url":"https://x"}' }),
    ],
    [
      'page with an over-long url',
      400,
      null,
      JSON.stringify({ type: 'page_view', page: JSON.stringify({ url: 'u'.repeat(2049), path: '/' }) }),
    ],
    [
      'a NUL in the page path',
      400,
      'path: control characters and other unusual characters are not allowed',
      JSON.stringify({ type: 'page_view', page: JSON.stringify({ url: 'https://x', path: '/\u0000' }) }),
    ],
    [
      'a NUL in gclid',
      400,
      'gclid: control characters and other unusual characters are not allowed',
      JSON.stringify({ type: 'identify', gclid: 'a\u0000b' }),
    ],
    [
      'a C1 control in fbclid',
      400,
      'fbclid: control characters and other unusual characters are not allowed',
      JSON.stringify({ type: 'identify', fbclid: 'a\u0085b' }),
    ],
    [
      'a lone surrogate in an event detail',
      400,
      'detail: control characters and other unusual characters are not allowed',
      JSON.stringify({ type: 'event', name: 'call', detail: 'x\ud800' }),
    ],
    [
      'a non-character in an event path',
      400,
      'path: control characters and other unusual characters are not allowed',
      JSON.stringify({ type: 'event', name: 'call', path: '/\uffff' }),
    ],
    ['an extra field', 400, null, JSON.stringify({ type: 'identify', admin: true })],
    ['a bad event name', 400, null, JSON.stringify({ type: 'event', name: 'Drop Table' })],
    ['an over-long event detail', 400, null, JSON.stringify({ type: 'event', name: 'call', detail: 'd'.repeat(257) })],
    ['bytes that are not UTF-8', 400, 'Request body is not valid UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
    [
      'a body over 16 KB',
      413,
      'Request body is larger than 16384 bytes',
      JSON.stringify({ type: 'identify', gclid: 'x'.repeat(17_000) }),
    ],
  ])('%s: %i', async (_label, status, message, body) => {
    const res = await magic(body, {}, { raw: true });
    expect(res.status).toBe(status);
    const answer = (await res.json()) as { error: string };
    expect(typeof answer.error).toBe('string');
    if (message) expect(answer.error).toBe(message);
  });

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with a JSON 405', async (method) => {
    const res = await magic('{}', {}, { method, raw: true });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: `Method ${method} not allowed` });
  });

  it('writes nothing for a refused call', async () => {
    const before = await query<{ n: number }>(
      `SELECT (SELECT count(*) FROM page_views)::int + (SELECT count(*) FROM analytics_events)::int AS n`,
    );
    await magic({ type: 'page_view', page: 'bad' });
    await magic({ type: 'event', name: 'BAD' });
    const after = await query<{ n: number }>(
      `SELECT (SELECT count(*) FROM page_views)::int + (SELECT count(*) FROM analytics_events)::int AS n`,
    );
    expect(after).toEqual(before);
  });
});

describe('the rate limit of POST /v1.0.1/magic', () => {
  afterEach(() => vi.useRealTimers());

  it('answers 429 with Retry-After after 120 calls a minute from one address, others unaffected', async () => {
    // Fix the clock mid-window, so the 121 calls cannot straddle two windows.
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:30Z'), toFake: ['Date'] });
    const ip = '203.0.113.7';
    const page = JSON.stringify({ url: 'https://x.test/limit', path: '/limit' });
    for (let i = 0; i < 120; i++) {
      const res = await magic({ type: 'page_view', page }, {}, { ip });
      expect(res.status).toBe(200);
    }
    const limited = await magic({ type: 'page_view', page }, {}, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(await limited.json()).toEqual({ error: 'Too many requests: please wait a minute and try again.' });
    // Even a bad request is counted and refused before its body is read.
    expect((await magic('{"type":', {}, { ip, raw: true })).status).toBe(429);
    expect((await magic({ type: 'page_view', page }, {}, { ip: '203.0.113.8' })).status).toBe(200);
    expect(await query(`SELECT 1 FROM page_views WHERE path = '/limit'`)).toHaveLength(121);

    // The next minute starts afresh.
    vi.setSystemTime(new Date('2026-11-22T10:01:00Z'));
    expect((await magic({ type: 'page_view', page }, {}, { ip })).status).toBe(200);
  });

  it('keeps no address in clear and sweeps stale windows a bounded number at a time', async () => {
    const rows = await query<{ bucket: string }>(`SELECT bucket FROM rate_limits`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|198\.51\.100/);
    expect(clientBucket('magic', null)).toBe('magic:unknown');

    const old = new Date('2020-01-01T00:00:00Z');
    for (let i = 0; i < 600; i++) await hitRateLimit(`sweep:${i}`, 1, 60, old);
    expect(await sweepStaleWindows(new Date('2020-01-01T00:05:00Z'))).toBe(500);
    expect(await sweepStaleWindows(new Date('2020-01-01T00:05:00Z'))).toBe(100);
  });
});
