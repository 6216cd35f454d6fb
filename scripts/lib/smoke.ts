import { randomInt, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  AvailabilityResponseSchema,
  BookingViewSchema,
  CreateBookingResponseSchema,
  QuoteResponseSchema,
  type CreateBookingRequestInput,
} from '../../src/domain/booking-schemas.ts';
import { BookingTypesResponseSchema } from '../../src/domain/booking-types.ts';
import { FALLBACK_BREED_ID } from '../../src/domain/breeds.ts';

/**
 * `npm run smoke -- https://…`: a deployed site checked as a visitor would check it, through its
 * public addresses only (docs/decisions/067-smoke-and-launch-checks.md). Without `stripeTest` every
 * request is a read: nothing is written to the site. With it, one booking is made and cancelled at
 * once, and its Stripe Checkout session is looked up with the test key.
 */
export interface SmokeOptions {
  /** The site's address, e.g. https://www.leytondoggrooming.co.uk or http://localhost:8888. */
  base: string;
  /** Make and cancel one booking, and check its Checkout session in Stripe with this test key. */
  stripeTest?: { secretKey: string; apiBase?: string | undefined };
  log?: (line: string) => void;
}

export interface SmokeResult {
  passed: number;
  failed: number;
  checks: Array<{ name: string; ok: boolean; detail?: string }>;
}

/** The public pages every visitor may land on (contract §2). A blog post is added from the posts API. */
export const SMOKE_PAGES = ['/', '/prices', '/book', '/frequently-asked-questions', '/blog', '/about', '/contact'];

const fail = (message: string): never => {
  throw new Error(message);
};

/** A key the smoke may book with: Stripe's test mode only, never a live key. */
export function stripeTestKeyProblem(key: string | undefined): string | null {
  if (!key) return 'STRIPE_SECRET_KEY is not set';
  if (/^(sk|rk)_live_/.test(key)) return 'STRIPE_SECRET_KEY is a live key: the smoke books only in test mode';
  if (!/^(sk|rk)_test_/.test(key)) return 'STRIPE_SECRET_KEY is not a Stripe test key (sk_test_…)';
  return null;
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const base = options.base.replace(/\/+$/, '');
  const result: SmokeResult = { passed: 0, failed: 0, checks: [] };
  const check = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      const value = await run();
      result.passed++;
      result.checks.push({ name, ok: true });
      log(`✓ ${name}`);
      return value;
    } catch (error) {
      // One line a check, whatever threw (a schema's answer is a JSON list of issues).
      const detail = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 400);
      result.failed++;
      result.checks.push({ name, ok: false, detail });
      log(`✗ ${name}: ${detail}`);
      return undefined;
    }
  };
  const get = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(20_000), ...init });
  const json = async (res: Response, what: string): Promise<unknown> => {
    if (!res.ok) fail(`${what} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res.json();
  };

  // The posts API gives a post to open; its failure is a check of its own.
  const posts = await check('GET /v1.0.1/cms/blog/posts lists published posts', async () => {
    const body = (await json(await get('/v1.0.1/cms/blog/posts'), 'the posts API')) as Record<string, unknown>;
    const slugs = Object.keys(body);
    if (!slugs.length) fail('no posts');
    return slugs;
  });
  const pages = [...SMOKE_PAGES, ...(posts?.length ? [`/blog/post/${posts[0]}`] : [])];
  const bodies = new Map<string, string>();
  for (const page of pages) {
    await check(`GET ${page} answers 200 with Content-Security-Policy and Strict-Transport-Security`, async () => {
      const res = await get(page);
      if (res.status !== 200)
        fail(`answered ${res.status}${res.headers.get('location') ? ` → ${res.headers.get('location')}` : ''}`);
      const csp = res.headers.get('content-security-policy');
      const hsts = res.headers.get('strict-transport-security');
      if (!csp) fail('no Content-Security-Policy header');
      if (!/\bdefault-src\b/.test(csp!) || !/\bscript-src\b/.test(csp!)) fail(`a policy without script-src: ${csp}`);
      if (!hsts || !/max-age=\d{7,}/.test(hsts)) fail(`Strict-Transport-Security is ${hsts ?? 'missing'}`);
      bodies.set(page, await res.text());
    });
  }

  const services = await check('GET /v1.0.1/cms/booking-types answers the services', async () => {
    const list = BookingTypesResponseSchema.parse(await json(await get('/v1.0.1/cms/booking-types'), 'the prices API'));
    if (!list.length) fail('no services: the catalogue is empty');
    return list;
  });
  await check('/prices carries the prices island', async () => {
    const html = bodies.get('/prices') ?? fail('the page did not load');
    if (!/<astro-island\b[^>]*component-url="[^"]*Prices[^"]*"/.test(html!)) fail('no <astro-island> for Prices');
    if (!html!.includes('Our Prices &amp; Services') && !html!.includes('Our Prices & Services')) fail('no heading');
  });

  const service = services?.[0];
  const days = await check(`GET /v1.0.1/availability?service=${service?._id ?? '…'} has free times`, async () => {
    if (!service) fail('no service to ask for');
    const res = await get(`/v1.0.1/availability?service=${encodeURIComponent(service!._id)}`);
    const { days } = AvailabilityResponseSchema.parse(await json(res, 'availability'));
    const free = days.filter((d) => d.open && d.slots.length);
    if (!free.length) fail(`no free time in ${days.length} days`);
    return free;
  });

  await check('GET /v1.0.1/management/session refuses without a key (401)', async () => {
    for (const headers of [{} as Record<string, string>, { 'x-access-key': 'not-a-staff-key-' + randomUUID() }]) {
      const res = await get('/v1.0.1/management/session', { headers });
      if (res.status !== 401) fail(`answered ${res.status}`);
      await res.body?.cancel();
    }
  });
  await check('GET /management is noindex', async () => {
    const res = await get('/management');
    if (res.status !== 200) fail(`answered ${res.status}`);
    const header = res.headers.get('x-robots-tag') ?? '';
    const html = await res.text();
    if (!/noindex/i.test(header)) fail('no X-Robots-Tag: noindex header');
    if (!/<meta name="robots" content="[^"]*noindex/i.test(html)) fail('no robots meta saying noindex');
  });

  if (options.stripeTest) {
    await bookAndCancel(options.stripeTest, service?._id, days?.at(-1)?.slots.at(-1)?.start);
  }

  log(`${result.passed} passed, ${result.failed} failed`);
  return result;

  /**
   * One booking with a deposit, its Checkout session found in Stripe's test mode, then cancelled as
   * the customer would cancel it, which closes the session. The latest free time of the horizon, so
   * the shop's days ahead are not touched.
   */
  async function bookAndCancel(
    stripeTest: NonNullable<SmokeOptions['stripeTest']>,
    serviceId?: string,
    start?: string,
  ) {
    const keyProblem = stripeTestKeyProblem(stripeTest.secretKey);
    if (keyProblem) {
      await check('a booking made and cancelled in Stripe test mode', async () => fail(keyProblem));
      return;
    }
    const stripe = new Stripe(stripeTest.secretKey, stripeConfig(stripeTest.apiBase));
    const online = await check('GET /v1.0.1/quote: the deposit is taken online', async () => {
      if (!serviceId) fail('no service to ask for');
      const quote = QuoteResponseSchema.parse(
        await json(await get(`/v1.0.1/quote?service=${encodeURIComponent(serviceId!)}`), 'the quote'),
      );
      if (quote.payment !== 'online_deposit' || quote.quote.depositPence <= 0) {
        fail(
          `the site takes ${quote.payment === 'in_shop' ? 'payment in the shop' : 'no deposit'}: set STRIPE_SECRET_KEY on the site and a deposit in /management/settings`,
        );
      }
      return quote;
    });
    if (!online || !start) return;
    const booked = await check('POST /v1.0.1/bookings makes a booking awaiting its deposit', async () => {
      const request: CreateBookingRequestInput = {
        serviceId: serviceId!,
        start,
        dog: {
          name: 'Smoke Test',
          breedId: FALLBACK_BREED_ID,
          weightKg: 10,
          coat: 'short',
          notes: 'An automated launch check (npm run smoke): cancelled at once.',
        },
        owner: {
          name: 'Smoke Test',
          // Ofcom's drama range: never a real person's phone.
          phone: `07700 900${String(randomInt(0, 1000)).padStart(3, '0')}`,
          email: 'smoke-test@example.com',
          marketingConsent: false,
          acceptTerms: true,
        },
        idempotencyKey: randomUUID(),
      };
      const res = await get('/v1.0.1/bookings', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      if (res.status !== 201) fail(`answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      const answer = CreateBookingResponseSchema.parse(await res.json());
      if (answer.status !== 'pending_payment' || !answer.checkoutUrl) {
        fail(`status ${answer.status} without a payment page`);
      }
      return answer;
    });
    if (!booked) return;
    await check('its Stripe Checkout session exists in test mode for this booking', async () => {
      const id = /\/(cs_(?:test|live)_[A-Za-z0-9]+)/.exec(booked.checkoutUrl!)?.[1];
      if (!id) fail(`no Checkout session id in ${booked.checkoutUrl}`);
      if (id!.startsWith('cs_live_')) fail('the site made a live Checkout session: it runs with live keys');
      const session = await stripe.checkout.sessions.retrieve(id!);
      if (session.livemode) fail('the session is in live mode');
      if (session.status !== 'open') fail(`the session is ${session.status}`);
      if (session.metadata?.booking_id !== booked.bookingId) fail('the session is not for this booking');
      if (session.amount_total !== online.quote.depositPence) {
        fail(`the session asks ${session.amount_total} pence, the quote ${online.quote.depositPence}`);
      }
    });
    await check('POST /v1.0.1/bookings/{id}/cancel cancels it and closes the payment page', async () => {
      const res = await get(`/v1.0.1/bookings/${booked.bookingId}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Automated launch check' }),
      });
      if (res.status !== 200) fail(`answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      const view = BookingViewSchema.parse(
        await json(await get(`/v1.0.1/bookings/${booked.bookingId}`), 'the booking'),
      );
      if (view.status !== 'cancelled') fail(`the booking is ${view.status}`);
      const id = /\/(cs_test_[A-Za-z0-9]+)/.exec(booked.checkoutUrl!)?.[1];
      if (id && (await stripe.checkout.sessions.retrieve(id)).status !== 'expired') {
        fail('its Checkout session is still open');
      }
    });
  }
}

function stripeConfig(apiBase: string | undefined): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { timeout: 20_000, maxNetworkRetries: 1 };
  if (apiBase) {
    // Tests only: the local server that answers like Stripe (tests/helpers/fake-stripe.ts).
    const url = new URL(apiBase);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return config;
}
