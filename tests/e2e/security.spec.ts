import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test, type APIResponse, type Page, type Request } from '@playwright/test';
import { freePort } from '../../scripts/lib/free-port.ts';
import { calendarDay, mobile, visitor } from './booking-helpers.ts';
import { ownDay } from './own-days.ts';
import { publicPages } from './site-pages.ts';

/**
 * the security headers on every answer (pages, rewritten pages, the 404 page, the API),
 * no Content-Security-Policy violation anywhere in real Chromium, and a page on another site that
 * cannot book. Decisions 048 and 049.
 */

const HSTS = 'max-age=31536000; includeSubDomains';
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function expectSharedHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers['strict-transport-security'], what).toBe(HSTS);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toBe('camera=(), microphone=(), geolocation=()');
}

/** A page's policy: scripts from the site and by hash only, and the hash of each of its inline scripts in it. */
async function expectPagePolicy(response: APIResponse, what: string) {
  expectSharedHeaders(response, what);
  const policy = directives(response.headers()['content-security-policy'] ?? '');
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, what).toContain("'self'");
  for (const source of scripts)
    expect(source, `${what}: script-src ${source}`).toMatch(/^'self'$|^'sha256-[A-Za-z0-9+/]{43}='$/);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'none'"]);
  const html = await response.text();
  const inline = [
    ...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => m[1]!);
  expect(inline.length, `${what} has inline scripts to check`).toBeGreaterThan(0);
  for (const code of inline)
    expect(scripts, `${what}: ${code.slice(0, 60)}…`).toContain(
      `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
    );
}

function expectApiHeaders(response: APIResponse, what: string) {
  expectSharedHeaders(response, what);
  expect(response.headers()['content-security-policy'], what).toBe(API_POLICY);
}

/** A booking made through the API, as the booking page makes it. */
async function bookThroughApi(page: Page, service = 'nails') {
  const day = await ownDay(page.request, 'security: the headers of a booking', `service=${service}`);
  const me = visitor('headers');
  const response = await page.request.post('/v1.0.1/bookings', {
    data: {
      serviceId: service,
      start: day.slots.at(-1)!.start,
      dog: { name: 'Scout', breedId: 'beagle', weightKg: 10, coat: 'short' },
      owner: { name: me.name, phone: me.phone, email: me.email, marketingConsent: false, acceptTerms: true },
      idempotencyKey: randomUUID(),
    },
  });
  return response;
}

test('every answer carries the security headers: pages, a rewritten page, the 404 page and the API', async ({
  page,
  request,
}) => {
  const created = await bookThroughApi(page);
  expect(created.status()).toBe(201);
  expectApiHeaders(created, 'POST /v1.0.1/bookings (201)');
  const { bookingId } = (await created.json()) as { bookingId: string };

  for (const path of ['/', '/book', `/b/${bookingId}`, '/prices', '/dev/input_test']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    await expectPagePolicy(response, path);
  }
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<title>Page not found');
  await expectPagePolicy(missing, 'the 404 page');

  const api: Array<[string, Promise<APIResponse>, number]> = [
    ['GET booking types', request.get('/v1.0.1/cms/booking-types'), 200],
    ['GET the booking', request.get(`/v1.0.1/bookings/${bookingId}`), 200],
    ['GET the calendar file', request.get(`/v1.0.1/bookings/${bookingId}/calendar.ics`), 200],
    ['a 404', request.get('/v1.0.1/bookings/AAAAAAAAAAAAAAAAAAAAAAAA'), 404],
    ['a 405', request.delete('/v1.0.1/cms/booking-types'), 405],
    ['an OPTIONS', request.fetch('/v1.0.1/bookings', { method: 'OPTIONS' }), 204],
    [
      'a 415',
      request.post('/v1.0.1/magic', {
        data: 'type=identify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
    ],
    [
      'a 403',
      request.post('/v1.0.1/magic', { data: { type: 'identify' }, headers: { origin: 'https://evil.example' } }),
      403,
    ],
  ];
  for (const [what, answer, status] of api) {
    const response = await answer;
    expect(response.status(), what).toBe(status);
    expectApiHeaders(response, what);
  }
});

test("a path starting with // and a scheduled function's address are the 404 page, with its headers", async ({
  request,
  baseURL,
}) => {
  // Absolute, or `//…` would be read as another host; scheduled functions answer only Netlify's
  // scheduler, never a caller (decision 066).
  for (const [method, path] of [
    ['GET', '//'],
    ['GET', '//evil.example/login'],
    ['GET', '//v1.0.1/cms/booking-types'],
    ['GET', '/.netlify/functions/send-outbox'],
    ['POST', '/.netlify/functions/send-outbox'],
    ['POST', '/.netlify/functions/reminders'],
  ] as const) {
    const response = await request.fetch(`${baseURL}${path}`, { method, maxRedirects: 0 });
    expect(response.status(), `${method} ${path}`).toBe(404);
    expect(await response.text(), `${method} ${path}`).toContain('<title>Page not found');
    await expectPagePolicy(response, `${method} ${path}`);
  }
});

/** Collects every CSP violation the page reports, as an event and in the console, across navigations. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      report(
        `${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console on ${page.url()}: ${message.text()}`);
  });
  return violations;
}

const isPageView = (request: Request) =>
  request.url().endsWith('/v1.0.1/magic') &&
  request.method() === 'POST' &&
  (request.postDataJSON() as { type?: string } | null)?.type === 'page_view';

/** Loads a page, lets its deferred scripts run (the visit sends a page view), and scrolls it through. */
async function visit(page: Page, path: string, { statistics = true } = {}) {
  const viewed = statistics ? page.waitForEvent('requestfinished', isPageView) : null;
  await page.goto(path);
  await viewed;
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

const pages = [
  ...publicPages().map((p) => p.path),
  '/book',
  '/booking-success/cs_test_a1B2c3D4e5F6g7H8',
  '/booking-payment-cancelled/cs_test_a1B2c3D4e5F6g7H8',
  '/no-such-page',
  '/dev/client-home/',
  '/dev/client-prices/',
];

for (const path of pages) {
  test(`no policy violation on ${path}, before and after the privacy choice`, async ({ page }) => {
    const violations = await watchPolicy(page);
    await visit(page, path);
    const accept = page.getByRole('region', { name: 'Privacy choices' }).getByRole('button', { name: 'Accept' });
    await accept.click();
    await visit(page, path);
    expect(violations).toEqual([]);
  });
}

test('no policy violation on /dev/input_test, through its live blocks', async ({ page }) => {
  const violations = await watchPolicy(page);
  await visit(page, '/dev/input_test', { statistics: false });
  await page.waitForSelector('astro-island:not([ssr])');
  await page.locator('#live-text').fill('Bella');
  await page.locator('#live-text').press('Enter');
  await expect(page.getByText('Enter emitted with "Bella"')).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe('a whole booking', () => {
  test.use({ viewport: mobile, hasTouch: true });

  test('from the home page to /b/{id}, a move and a cancellation: no policy violation', async ({ page }) => {
    const violations = await watchPolicy(page);
    const me = visitor('csp');
    // Days well ahead, so moving and cancelling are within the policy.
    const day = await ownDay(page.request, 'security: no policy violation, booked', 'service=full');
    const later = await ownDay(page.request, 'security: no policy violation, moved to', 'service=full');
    await page.goto('/');
    await page
      .getByRole('link', { name: 'Click to Book an Appointment / Online Booking - Dog Grooming in Leyton' })
      .click();
    await expect(page.getByRole('heading', { name: /Your dog/ })).toBeVisible();
    await page.getByLabel("Your dog's name").fill('Bella');
    await page.getByRole('combobox', { name: 'Breed' }).fill('cocka');
    await page.getByRole('option', { name: 'Cockapoo' }).click();
    await page.getByLabel('Weight').fill('9.5');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: /Date and time/ })).toBeVisible();
    await (await calendarDay(page, day.date)).click();
    await page.locator('.times-grid button').nth(3).click();
    await page.getByLabel('Your name').fill(me.name);
    await page.getByLabel('UK mobile').fill(me.phone);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(me.email);
    await page.getByRole('button', { name: 'Agree and continue' }).click();
    await expect(page.getByRole('heading', { name: /Review and confirm/ })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm booking' }).click();

    await expect(page).toHaveURL(/\/b\/[A-Za-z0-9_-]{16,}$/);
    await expect(page.getByRole('heading', { name: "You're booked in" })).toBeVisible();
    await page.getByRole('button', { name: 'Move to another time' }).click();
    await (await calendarDay(page, later.date)).click();
    await page.locator('.times-grid button').last().click();
    await page.getByRole('button', { name: /^Move to / }).click();
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByText('Your booking is cancelled.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});

test.describe('a page on another site', () => {
  let server: Server;
  let evil: string;
  let forged: { form: string; fetch: string };

  test.beforeAll(async () => {
    const port = await freePort();
    // 127.0.0.1 and localhost are different hosts: another site, as far as the browser is concerned.
    evil = `http://127.0.0.1:${port}`;
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(forged.form);
      req.resume();
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('cannot book through an auto-submitting text/plain form or a no-cors fetch', async ({ page, baseURL }) => {
    const { start } = (await ownDay(page.request, 'security: a forged cross-site booking', 'service=nails')).slots[1]!;
    const me = visitor('forged');
    const booking = (key: string) => ({
      serviceId: 'nails',
      start,
      dog: { name: 'Forged', breedId: 'beagle', weightKg: 10, coat: 'short', notes: '=' },
      owner: { name: me.name, phone: me.phone, email: me.email, marketingConsent: false, acceptTerms: true },
      idempotencyKey: key,
    });
    const keys = { form: randomUUID(), fetch: randomUUID() };
    // text/plain sends `name=value`: the field's name is the JSON up to the `=` of the dog's notes and
    // its value the rest, so the body is exactly a valid booking request.
    const json = JSON.stringify(booking(keys.form));
    const split = json.indexOf('"notes":"="') + '"notes":"'.length;
    const attr = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    const endpoint = `${baseURL}/v1.0.1/bookings`;
    forged = {
      fetch: keys.fetch,
      form: `<!doctype html><title>Win a free groom</title>
<form id="f" method="post" action="${endpoint}" enctype="text/plain"><input type="hidden" name="${attr(json.slice(0, split))}" value="${attr(json.slice(split + 1))}"></form>
<script>
  fetch(${JSON.stringify(endpoint)}, { method: 'POST', mode: 'no-cors', body: ${JSON.stringify(JSON.stringify(booking(keys.fetch)))} })
    .finally(() => document.getElementById('f').submit());
</script>`,
    };

    const answers: Array<{ status: number; contentType: string }> = [];
    page.on('response', (response) => {
      if (response.url() === endpoint && response.request().method() === 'POST') {
        answers.push({ status: response.status(), contentType: response.request().headers()['content-type'] ?? '' });
      }
    });
    await page.goto(evil);
    // The form's post navigates the tab to our API's answer.
    await expect(page).toHaveURL(endpoint);
    await expect(page.locator('body')).toContainText('came from another website');
    expect(answers).toEqual([
      { status: 403, contentType: expect.stringMatching(/^text\/plain/) },
      { status: 403, contentType: 'text/plain' },
    ]);

    // Nothing was booked: each key is still unused, so the same key with another dog books afresh
    // (a stored booking would make it a 409 idempotency conflict).
    for (const key of Object.values(keys)) {
      // Another visitor each time: a number with a booking ahead needs a texted code to book again.
      const real = visitor('real');
      const owner = { ...booking(key).owner, name: real.name, phone: real.phone, email: real.email };
      const fresh = await page.request.post('/v1.0.1/bookings', { data: { ...booking(key), owner } });
      expect(fresh.status(), await fresh.text()).toBe(201);
      await page.request.post(`/v1.0.1/bookings/${((await fresh.json()) as { bookingId: string }).bookingId}/cancel`, {
        data: {},
      });
    }
  });
});

/** The API calls that write (anything but GET) a page makes until its deferred scripts have run and the network is quiet. */
async function writesOf(
  page: Page,
  path: string,
  interact: () => Promise<void> = async () => undefined,
): Promise<string[]> {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1.0.1/') && r.method() !== 'GET')
      writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(path);
  // The visit starts in an idle callback queued at `load` (SiteScripts); one queued now runs after it.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
  await interact();
  await page.waitForLoadState('networkidle');
  return writes;
}

test('/dev/input_test is not for search engines and writes nothing', async ({ page, request }) => {
  const response = await request.get('/dev/input_test');
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  expect(await response.text()).toContain('<meta name="robots" content="noindex">');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/prices');
  expect(sitemap).not.toContain('/dev/');

  // The same watch sees an ordinary page record its visit, so it would see this one's.
  expect(await writesOf(page, '/prices')).toContain('POST /v1.0.1/magic');
  const writes = await writesOf(page, '/dev/input_test', async () => {
    await page.waitForSelector('astro-island:not([ssr])');
    await page.locator('#live-text').fill('Bella');
    await page.locator('#live-text').press('Enter');
    await expect(page.getByText('Enter emitted with "Bella"')).toBeVisible();
    await page.getByTestId('button-0').click();
  });
  expect(writes).toEqual([]);
});
