import { expect, test } from '@playwright/test';
import { CustomerAuthResponseSchema, IdentifyResponseSchema } from '../../src/domain/api.ts';

/** The visitor API through the real local server (the functions in process): same answers as in-process. */

test('identify, then a page view and an event against that session', async ({ request }) => {
  const identify = await request.post('/v1.0.1/magic', {
    data: { type: 'identify', gclid: 'abc' },
    headers: {
      'x-visitor-id': 'e2e-visitor',
      'x-landing-page': JSON.stringify({ url: 'http://localhost/?gclid=abc', path: '/' }),
    },
  });
  expect(identify.status()).toBe(200);
  expect(identify.headers()['content-type']).toMatch(/^application\/json/);
  const { session_id } = IdentifyResponseSchema.parse(await identify.json());

  const page = JSON.stringify({ url: 'http://localhost/prices', path: '/prices' });
  const view = await request.post('/v1.0.1/magic', {
    data: { type: 'page_view', page },
    headers: { 'x-session-id': session_id },
  });
  expect(view.status()).toBe(200);
  expect(await view.json()).toEqual({ ok: true });
  const event = await request.post('/v1.0.1/magic', {
    data: { type: 'event', name: 'call' },
    headers: { 'x-session-id': session_id },
  });
  expect(event.status()).toBe(200);
});

test('bad input gets its JSON 4xx through the server, never a 5xx', async ({ request }) => {
  const cases: Array<[Promise<import('@playwright/test').APIResponse>, number]> = [
    [request.post('/v1.0.1/magic', { data: '{"type":', headers: { 'content-type': 'application/json' } }), 400],
    [request.post('/v1.0.1/magic', { data: { type: 'teleport' } }), 400],
    [request.post('/v1.0.1/magic', { data: { type: 'page_view', page: 'not json' } }), 400],
    [request.post('/v1.0.1/magic', { data: 'x'.repeat(20_000), headers: { 'content-type': 'application/json' } }), 413],
    [request.get('/v1.0.1/magic'), 405],
    [request.get('/v1.0.1/devices/auth'), 401],
    [request.get('/v1.0.1/devices/auth', { headers: { 'x-access-key': 'C'.repeat(43) } }), 401],
    [request.post('/v1.0.1/devices/auth'), 405],
    [request.delete('/v1.0.1/cms/booking-types'), 405],
  ];
  for (const [pending, status] of cases) {
    const response = await pending;
    expect(response.status(), response.url()).toBe(status);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe('string');
  }
});

test('customer auth without a key: 401 with status 401 in the body', async ({ request }) => {
  const response = await request.get('/v1.0.1/customer/auth', { headers: { 'x-access-key': 'D'.repeat(43) } });
  expect(response.status()).toBe(401);
  expect(CustomerAuthResponseSchema.parse(await response.json())).toMatchObject({ status: 401, data: null });
});
