import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import availabilityHandler from '../../netlify/functions/availability.ts';
import * as bookingChanges from '../../netlify/functions/booking-changes.ts';
import bookingsHandler from '../../netlify/functions/bookings.ts';
import magicHandler from '../../netlify/functions/magic.ts';
import waitlistHandler from '../../netlify/functions/waitlist.ts';
import * as waitlistRequest from '../../netlify/functions/waitlist-request.ts';
import { JoinWaitlistResponseSchema } from '../../src/domain/waitlist.ts';
import { addDays, todayIn } from '../../src/domain/london-time.ts';
import { textedCode } from '../helpers/phone-code.ts';
import { AvailabilityResponseSchema, CreateBookingResponseSchema } from '../../src/domain/booking-schemas.ts';
import { CROSS_SITE_REFUSED, JSON_ONLY } from '../../src/server/http.ts';
import { query } from '../../src/server/db.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';
import { fromTomorrow } from '../helpers/days.ts';

const bookingChangesHandler = routed(bookingChanges);
const waitlistRequestHandler = routed(waitlistRequest);

/**
 * CSRF against the state-changing endpoints (bookings, cancel, move, magic), through their real
 * handlers and database: what a page on another site can make a visitor's browser send is refused,
 * and nothing is written; our own pages and non-browser callers are served.
 */
useTestDatabase({ seed: true });
// Every call here comes from one address; the per-client limits have their own tests.
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000';

const SITE = 'https://www.leytondoggrooming.co.uk';
const API = `${SITE}/v1.0.1`;
const EVIL = 'https://evil.example';

type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;
const context = { ip: '198.51.100.20' };

/** What each kind of caller sends, as browsers send it. */
const callers = {
  // <form enctype="text/plain" method="post" action="…"> on another site, auto-submitted: the field
  // name is a JSON prefix and its value closes it, so the body parses as JSON.
  crossSiteTextForm: { 'content-type': 'text/plain', origin: EVIL, 'sec-fetch-site': 'cross-site' },
  // The same form posted by a client that sends no Origin: the type alone refuses it.
  textFormNoOrigin: { 'content-type': 'text/plain' },
  // JSON with another site's Origin (a browser would preflight it first; refused even so).
  crossSiteJson: { 'content-type': 'application/json', origin: EVIL, 'sec-fetch-site': 'cross-site' },
  // A browser on a sibling subdomain: same-site, but not our origin.
  sameSiteOtherOrigin: {
    'content-type': 'application/json',
    origin: 'https://shop.leytondoggrooming.co.uk',
    'sec-fetch-site': 'same-site',
  },
  // Our own page's fetch (src/client/api.ts).
  ownPage: { 'content-type': 'application/json', origin: SITE, 'sec-fetch-site': 'same-origin' },
  // curl, a server: neither header.
  noOrigin: { 'content-type': 'application/json' },
} satisfies Record<string, Record<string, string>>;

const REFUSED = {
  crossSiteTextForm: [403, CROSS_SITE_REFUSED],
  textFormNoOrigin: [415, JSON_ONLY],
  crossSiteJson: [403, CROSS_SITE_REFUSED],
  sameSiteOtherOrigin: [403, CROSS_SITE_REFUSED],
} as const;

/**
 * A form with enctype=text/plain sends `name=value`: a page names a field with the first part of a
 * JSON object and gives it the rest as its value, so the `=` lands inside a string (here a dog's
 * notes, a cancellation reason, a click id) and the body is exactly the JSON it wants. A move has no
 * free-text field to hide it in, so a form cannot forge one that validates; it is refused all the same.
 */
function call(handler: Handler, url: string, headers: Record<string, string>, body: object) {
  return Promise.resolve(handler(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }), context));
}

async function slots(n: number) {
  const res = await availabilityHandler(new Request(`${API}/availability?service=nails`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  const day = fromTomorrow(days).filter((d) => d.open && d.slots.length >= 10)[n]!;
  return day.slots.map((s) => s.start);
}

let phone = 400;
function bookingRequest(start: string) {
  phone++;
  return {
    serviceId: 'nails',
    start,
    dog: { name: 'Pepper', breedId: 'beagle', weightKg: 10, coat: 'short', notes: '=' },
    owner: {
      name: 'Robin Hart',
      phone: `07700 900${phone}`,
      email: 'robin@example.com',
      marketingConsent: false,
      acceptTerms: true,
    },
    idempotencyKey: randomUUID(),
  };
}

async function bookedRow(id: string) {
  const [row] = await query<{ status: string; start_at: Date }>('SELECT status, start_at FROM bookings WHERE id = $1', [
    id,
  ]);
  return row!;
}

async function book(start: string) {
  const res = await call(bookingsHandler, `${API}/bookings`, callers.ownPage, bookingRequest(start));
  expect(res.status).toBe(201);
  return CreateBookingResponseSchema.parse(await res.json()).bookingId;
}

const bookings = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM bookings'))[0]!.n;

describe('POST /bookings', () => {
  it.each(Object.entries(REFUSED))('refuses %s and books nothing', async (caller, [status, error]) => {
    const before = await bookings();
    const res = await call(
      bookingsHandler,
      `${API}/bookings`,
      callers[caller as keyof typeof REFUSED],
      bookingRequest((await slots(0))[0]!),
    );
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    expect(await bookings()).toBe(before);
  });

  it.each(['ownPage', 'noOrigin'] as const)('books for %s', async (caller) => {
    const res = await call(
      bookingsHandler,
      `${API}/bookings`,
      callers[caller],
      bookingRequest((await slots(1))[caller === 'ownPage' ? 0 : 2]!),
    );
    expect(res.status).toBe(201);
    const { bookingId } = CreateBookingResponseSchema.parse(await res.json());
    expect((await bookedRow(bookingId)).status).toBe('confirmed');
  });
});

describe('POST /bookings/{id}/cancel', () => {
  it.each(Object.entries(REFUSED))('refuses %s and the booking stands', async (caller, [status, error]) => {
    const id = await book((await slots(2))[Object.keys(REFUSED).indexOf(caller) * 2]!);
    const res = await call(
      bookingChangesHandler,
      `${API}/bookings/${id}/cancel`,
      callers[caller as keyof typeof REFUSED],
      { reason: '=' },
    );
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    expect((await bookedRow(id)).status).toBe('confirmed');
  });

  it.each(['ownPage', 'noOrigin'] as const)('cancels for %s', async (caller) => {
    const id = await book((await slots(3))[caller === 'ownPage' ? 0 : 2]!);
    const res = await call(bookingChangesHandler, `${API}/bookings/${id}/cancel`, callers[caller], {});
    expect(res.status).toBe(200);
    expect((await bookedRow(id)).status).toBe('cancelled');
  });
});

describe('POST /bookings/{id}/move', () => {
  it.each(Object.entries(REFUSED))('refuses %s and the booking stays where it was', async (caller, [status, error]) => {
    const times = await slots(4);
    const i = Object.keys(REFUSED).indexOf(caller) * 2;
    const id = await book(times[i]!);
    const res = await call(
      bookingChangesHandler,
      `${API}/bookings/${id}/move`,
      callers[caller as keyof typeof REFUSED],
      { start: times.at(-1 - i)! },
    );
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    expect((await bookedRow(id)).start_at.toISOString()).toBe(times[i]);
  });

  it.each(['ownPage', 'noOrigin'] as const)('moves for %s', async (caller) => {
    const times = await slots(5);
    const [from, to] = caller === 'ownPage' ? [times[0]!, times.at(-1)!] : [times[2]!, times.at(-3)!];
    const id = await book(from);
    const res = await call(bookingChangesHandler, `${API}/bookings/${id}/move`, callers[caller], { start: to });
    expect(res.status).toBe(200);
    expect((await bookedRow(id)).start_at.toISOString()).toBe(to);
  });
});

describe('POST /magic', () => {
  const sessions = async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM visit_sessions'))[0]!.n;

  it.each(Object.entries(REFUSED))('refuses %s and starts no session', async (caller, [status, error]) => {
    const before = await sessions();
    const res = await call(magicHandler, `${API}/magic`, callers[caller as keyof typeof REFUSED], {
      type: 'identify',
      gclid: '=',
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    expect(await sessions()).toBe(before);
  });

  it.each(['ownPage', 'noOrigin'] as const)('identifies for %s', async (caller) => {
    const before = await sessions();
    const res = await call(magicHandler, `${API}/magic`, callers[caller], { type: 'identify' });
    expect(res.status).toBe(200);
    expect(await sessions()).toBe(before + 1);
  });
});

describe('POST /waitlist and /waitlist/{id}/withdraw', () => {
  const waiting = async () =>
    (await query<{ n: number }>("SELECT count(*)::int AS n FROM waitlist_requests WHERE status = 'waiting'"))[0]!.n;
  let waitlistPhone = 700;
  async function joinRequest() {
    const phone = `07700 900${waitlistPhone++}`;
    const today = todayIn('Europe/London', new Date());
    return {
      serviceId: 'nails',
      dog: { name: 'Pepper', breedId: 'beagle', weightKg: 10, coat: 'short', notes: '=' },
      from: addDays(today, 1),
      to: addDays(today, 7),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      parts: ['morning', 'afternoon'],
      owner: { name: 'Robin Hart', phone, email: '' },
      notify: { text: true, email: false },
      phoneProof: await textedCode(phone),
      idempotencyKey: randomUUID(),
    };
  }
  async function joined() {
    const res = await call(waitlistHandler, `${API}/waitlist`, callers.ownPage, await joinRequest());
    expect(res.status).toBe(201);
    return JoinWaitlistResponseSchema.parse(await res.json()).requestId;
  }

  it.each(Object.entries(REFUSED))('refuses %s and joins nothing', async (caller, [status, error]) => {
    const before = await waiting();
    const res = await call(
      waitlistHandler,
      `${API}/waitlist`,
      callers[caller as keyof typeof REFUSED],
      await joinRequest(),
    );
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    expect(await waiting()).toBe(before);
  });

  it.each(Object.entries(REFUSED))('refuses %s and the request still waits', async (caller, [status, error]) => {
    const id = await joined();
    const res = await call(
      waitlistRequestHandler,
      `${API}/waitlist/${id}/withdraw`,
      callers[caller as keyof typeof REFUSED],
      {},
    );
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    const [row] = await query<{ status: string }>('SELECT status FROM waitlist_requests WHERE id = $1', [id]);
    expect(row!.status).toBe('waiting');
  });

  it.each(['ownPage', 'noOrigin'] as const)('joins and withdraws for %s', async (caller) => {
    const res = await call(waitlistHandler, `${API}/waitlist`, callers[caller], await joinRequest());
    expect(res.status).toBe(201);
    const id = JoinWaitlistResponseSchema.parse(await res.json()).requestId;
    expect((await call(waitlistRequestHandler, `${API}/waitlist/${id}/withdraw`, callers[caller], {})).status).toBe(
      200,
    );
  });
});
