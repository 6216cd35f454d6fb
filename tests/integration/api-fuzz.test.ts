import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import Stripe from 'stripe';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLocalFunctions, type LocalFunction } from '../../scripts/lib/local-functions.ts';
import {
  CustomerAuthResponseSchema,
  DeviceUserSchema,
  IdentifyResponseSchema,
  RecordedResponseSchema,
} from '../../src/domain/api.ts';
import {
  AvailabilityResponseSchema,
  BookingViewSchema,
  COATS,
  CreateBookingResponseSchema,
  QuoteResponseSchema,
} from '../../src/domain/booking-schemas.ts';
import { PhoneCodeResponseSchema } from '../../src/domain/phone-codes.ts';
import {
  CancelSeriesResponseSchema,
  RebookProposalsSchema,
  RebookResponseSchema,
  StaffCancelSeriesResponseSchema,
  StaffSeriesResponseSchema,
} from '../../src/domain/rebook-schemas.ts';
import { StaffWaitlistResponseSchema } from '../../src/domain/staff-waitlist-request.ts';
import { JoinWaitlistResponseSchema, WaitlistViewSchema } from '../../src/domain/waitlist.ts';
import {
  StaffOfferResponseSchema,
  StaffWaitlistDaySchema,
  WaitlistCountsResponseSchema,
} from '../../src/domain/staff-waitlist.ts';
import { requestPhoneCode } from '../../src/server/phone-codes.ts';
import { DEFAULT_BOOKING_SETTINGS } from '../../src/domain/booking-settings.ts';
import { BookingTypesResponseSchema } from '../../src/domain/booking-types.ts';
import { BreedsResponseSchema } from '../../src/domain/breeds.ts';
import {
  addDays,
  minutesOfTime,
  timeOfMinutes,
  todayIn,
  zonedDateTimeToInstant,
} from '../../src/domain/london-time.ts';
import { SavedDogsResponseSchema } from '../../src/domain/saved-dogs.ts';
import { BreedRemovedSchema, BreedSavedSchema, StaffBreedsResponseSchema } from '../../src/domain/breed-records.ts';
import {
  CustomerExportSchema,
  CustomerListResponseSchema,
  CustomerRecordSchema,
  CustomerSavedSchema,
  ErasedSchema,
  MergedSchema,
  MessagesPageSchema,
  VisitsPageSchema,
} from '../../src/domain/customer-records.ts';
import { DepositsResponseSchema, FinancesResponseSchema, RefundResponseSchema } from '../../src/domain/finances.ts';
import { ExtraSavedSchema, StaffExtrasResponseSchema } from '../../src/domain/extras-catalogue.ts';
import {
  ClosuresSavedSchema,
  ServiceSavedSchema,
  SettingsSavedSchema,
  ShopSettingsSchema,
} from '../../src/domain/shop-settings.ts';
import sharp from 'sharp';
import { useTestBlobs } from '../helpers/blobs.ts';
import { VisitPhotoSchema } from '../../src/domain/check-in.ts';
import { insertBooking, staffMember } from '../helpers/staff-records.ts';
import { DashboardResponseSchema, MessageRetryResponseSchema } from '../../src/domain/dashboard.ts';
import { NoShowFeeResponseSchema, StrikesResponseSchema } from '../../src/domain/no-show-staff.ts';
import { BalanceLinkResponseSchema } from '../../src/domain/balance-link.ts';
import { VisitStatusSchema } from '../../src/domain/visit-stages.ts';
import {
  OwnerReportCardSchema,
  PhotoUseResponseSchema,
  ReportCardViewSchema,
  StaffReportCardSchema,
} from '../../src/domain/report-card.ts';
import {
  AttendanceResponseSchema,
  BlockResponseSchema,
  CustomerLookupResponseSchema,
  FreeTimesResponseSchema,
  ScheduleBookingSchema,
  ScheduleResponseSchema,
  StaffBookingResponseSchema,
  StageResponseSchema,
} from '../../src/domain/schedule.ts';
import {
  AddStaffResponseSchema,
  OkResponseSchema,
  PasskeyOptionsResponseSchema,
  PasskeyResponseSchema,
  PasskeysResponseSchema,
  StaffListResponseSchema,
  StaffSessionResponseSchema,
  StaffSignInResponseSchema,
  StepUpResponseSchema,
} from '../../src/domain/staff.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { waitingRequest } from '../helpers/waitlist.ts';
import { hashAccessKey } from '../../src/server/ids.ts';
import {
  applyMutations,
  bodyOf,
  CONTENT_TYPES,
  FRAGMENTS,
  headerValue,
  hostileString,
  hostileValue,
  hostileVariants,
  mutations,
  RawJson,
  toJsonText,
} from '../helpers/hostile.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed, type FunctionModule } from '../helpers/netlify-context.ts';

/**
 * Property: whatever arrives at any function (any method, path, query, header or body), the answer
 * is a 2xx or a 4xx, never a 5xx; JSON with a string `error` whenever it is a 4xx; a 2xx fits the
 * endpoint's response schema; and a refused request has written nothing. Bodies start from requests
 * that would succeed, with a few leaves broken (tests/helpers/hostile.ts), so the calls reach the
 * database and the rules behind each check, not only the first check. Over 10,000 requests a run,
 * against a real migrated and seeded database. The seed is printed with the tally; FUZZ_SEED=<n>
 * draws the same requests again (the ids the database makes differ from run to run).
 *
 * A new function fails the first test until it has a row here (or is a scheduled function,
 * listed in SCHEDULED).
 */
const WEBHOOK_SECRET = 'whsec_fuzz0000000000000000000000000000';
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
// Nothing here may call Stripe: without a secret key there are no deposits, refunds or checkouts.
delete process.env.STRIPE_SECRET_KEY;
// Every request comes from a handful of addresses; the per-address limits have their own tests.
process.env.BOOKING_RATE_LIMIT_PER_HOUR = '1000000000';
// Thousands of codes and bookings a run: the day's text budget (decision 069) has its own tests.
process.env.TEXT_BUDGET_PER_DAY = '1000000';

useTestDatabase({ seed: true });
// Breed pictures go to Netlify Blobs: the package's own local server.
useTestBlobs();

const FUNCTIONS_DIR = fileURLToPath(new URL('../../netlify/functions', import.meta.url));
const HOST = 'http://localhost';
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Scheduled functions: Netlify calls them on a timer, never with a visitor's request. */
const SCHEDULED = [
  'cms-rebuild',
  'due-for-groom',
  'reminders',
  'retention',
  'review-requests',
  'send-outbox',
  'settle-payments',
  'waitlist-offer-job',
];

// ---- what the fuzz has learnt about the database, so requests can name real things ------------

interface Customer {
  phone: string;
  key: string;
  dogIds: string[];
}
const pools = {
  starts: [] as string[],
  bookingIds: [] as string[],
  customers: [] as Customer[],
  accessKeys: [] as string[],
  sessionIds: [] as string[],
  idempotencyKeys: [] as string[],
  requests: [] as string[],
  checkoutSessions: ['cs_test_fuzz'] as string[],
  /** Staff keys: the first is never signed out, so the staff rows always have a live one. */
  staffKeys: [] as string[],
  /** Staff keys a sign-out may spend. */
  spareStaffKeys: [] as string[],
  /** Code requests for the demo staff number, with the code read from the outbox as the staff member would. */
  codeRequests: [] as Array<{ phone: string; requestId: string; code: string }>,
  staffIds: [] as string[],
  passkeyIds: [] as string[],
  challengeIds: [] as string[],
  /** Passkey answers made by a software authenticator for real challenges: each succeeds once. */
  registrations: [] as Array<{ challengeId: string; response: unknown }>,
  assertions: [] as Array<{ challengeId: string; response: unknown }>,
  /** Step-up code requests of the fuzz's own staff key, with the code read from the outbox. */
  stepUpCodes: [] as Array<{ requestId: string; code: string }>,
  /** Codes texted to numbers for the waitlist's joins (each proves one join), and the requests made. */
  waitlistProofs: [] as Array<{ phone: string; requestId: string; code: string }>,
  waitlistIds: [] as string[],
  /** Visits of today that only the check-in row names (visitsOfToday), so it has visits to check in on any day. */
  visitsToday: [] as string[],
};
const SERVICES = ['full', 'shower', 'puppy', 'deshed', 'tidy', 'hand-strip', 'nails', 'ears-teeth'];
const BREEDS = ['beagle', 'akita', 'none-other', 'bichon-frise', 'airedale-terrier'];
const EXTRAS = ['nail-grind', 'teeth', 'deshed-boost', 'flea-bath', 'bandana'];
/** A dog's extras: mostly ones on sale (some not offered with every service), sometimes unknown or too many. */
const extrasList = fc.oneof(
  { weight: 4, arbitrary: fc.subarray(EXTRAS) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...EXTRAS, 'gold-leaf', 'Nail-Grind', ''), { maxLength: 12 }) },
);
/** The same in a query string, as the quote and the times read it. */
const extrasQuery = extrasList.map((ids) => ids.join(','));

/** `arbitrary`'s value `percent` per cent of the time, null otherwise. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(null) }, { weight: percent, arbitrary });

/** An element of a pool that fills up while the fuzz runs, or `fallback` while it is empty. */
const pick = <T>(pool: T[], fallback: T): fc.Arbitrary<T> =>
  fc.nat().map((i) => (pool.length ? pool[i % pool.length]! : fallback));

// ---- requests --------------------------------------------------------------------------------

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  ip?: string;
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND'];
const methodFor = (main: string) =>
  fc.oneof({ weight: 8, arbitrary: fc.constant(main) }, { weight: 2, arbitrary: fc.constantFrom(...OTHER_METHODS) });

const keyHeader = fc.oneof(
  { weight: 3, arbitrary: pick(pools.accessKeys, 'A'.repeat(43)) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{20,128}$/) },
  { weight: 2, arbitrary: headerValue },
);
const sessionHeader = fc.oneof(
  pick(pools.sessionIds, 'A'.repeat(22)),
  fc.stringMatching(/^[A-Za-z0-9_-]{8,60}$/),
  headerValue,
);
const landingHeader = fc.oneof(
  fc.constantFrom(
    '{"url":"https://www.leytondoggrooming.co.uk/book?source=bookLink","path":"/book"}',
    '%7B%22url%22%3A%22https%3A%2F%2Fx%2F%3Fsource%3Da%22%2C%22path%22%3A%22%2F%22%7D',
  ),
  fc
    .record({ url: fc.string({ maxLength: 200 }), path: fc.string({ maxLength: 50 }) })
    .map((v) => JSON.stringify(v).replace(/[^\x20-\xff]/g, '?')),
  headerValue,
);
const NOISE_HEADERS = [
  'x-visitor-id',
  'x-gclid',
  'user-agent',
  'x-nf-client-connection-ip',
  'accept',
  'origin',
  'content-length',
  'stripe-signature',
  'cookie',
];

/** The contract §7 headers, each present or not, with real keys and sessions among the values. */
function headersFor(
  json: boolean,
  extra: fc.Arbitrary<Record<string, string>> = fc.constant({}),
): fc.Arbitrary<Record<string, string>> {
  const contentType = json
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant<string | null>('application/json') },
        { weight: 2, arbitrary: sometimes(fc.constantFrom(...CONTENT_TYPES), 80) },
      )
    : sometimes(fc.constantFrom(...CONTENT_TYPES), 20);
  return fc
    .record({
      noise: fc.dictionary(fc.constantFrom(...NOISE_HEADERS), headerValue, { maxKeys: 3 }),
      key: sometimes(keyHeader, 50),
      session: sometimes(sessionHeader, 30),
      landing: sometimes(landingHeader, 25),
      contentType: contentType as fc.Arbitrary<string | null>,
      extra,
    })
    .map(({ noise, key, session, landing, contentType: type, extra: more }) => ({
      ...noise,
      ...(key === null ? {} : { 'x-access-key': key }),
      ...(session === null ? {} : { 'x-session-id': session }),
      ...(landing === null ? {} : { 'x-landing-page': landing }),
      ...(type === null ? {} : { 'content-type': type }),
      ...more,
    }));
}

const ip = fc.oneof(fc.constantFrom('192.0.2.1', '192.0.2.2'), fc.ipV4(), fc.ipV6(), fc.constant(undefined));

/** Odd things to find where an id belongs. */
const oddId = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '%2e%2e',
    '.%2E',
    '%2F',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'A'.repeat(21),
    'A'.repeat(65),
    'A'.repeat(5000),
    '%F0%9F%90%B6',
    '%C0%80',
    '%ED%A0%80',
    '%FF',
    'con',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '*',
    '$1',
    "'",
    '%27%3B--',
    'a?b=c',
    'a#b',
    '\\..\\',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
  fc.string({ unit: 'binary', maxLength: 30 }).map((s) => encodeURIComponent(s.toWellFormed())),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const idInPath = fc.oneof(
  { weight: 5, arbitrary: pick(pools.bookingIds, 'A'.repeat(24)) },
  { weight: 3, arbitrary: oddId },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pick(pools.bookingIds, 'A'.repeat(24)), fc.constantFrom('%00', '/..', '/../x', '%20', '.', '/', '//'))
      .map(([id, s]) => id + s),
  },
);
const junkQuery = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?a=1',
      '?service=full&service=nails',
      '?%00=%00',
      '?x=%ZZ',
      '?from[]=1',
      '?&&&',
      '?a=' + 'b'.repeat(4000),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 })
      .map((q) => `?${new URLSearchParams(q)}`),
  },
);

/** JSON body requests: method, path, headers, and the body from hostile variants of valid values. */
function jsonRequests(options: {
  method: string;
  path: fc.Arbitrary<string>;
  body: fc.Arbitrary<unknown>;
  headers?: fc.Arbitrary<Record<string, string>>;
}): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    method: methodFor(options.method),
    path: options.path,
    headers: options.headers ?? headersFor(true),
    body: bodyOf(options.body),
    ip,
  });
}

/** GET endpoints whose input is the path, the query and the headers. */
function getRequests(path: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    method: methodFor('GET'),
    path: fc.tuple(path, junkQuery).map(([p, q]) => p + q),
    headers: headersFor(false),
    body: bodyOf(hostileValue),
    ip,
  });
}

// ---- the valid requests each endpoint starts from --------------------------------------------

const phone = fc.integer({ min: 0, max: 999 }).map((n) => `07700 900${String(n).padStart(3, '0')}`);
const newBooking = fc.record({
  serviceId: fc.oneof(
    { weight: 6, arbitrary: fc.constant('full') },
    { weight: 1, arbitrary: fc.constantFrom(...SERVICES) },
  ),
  start: pick(pools.starts, '2026-12-01T09:00:00.000Z'),
  dog: fc.record(
    {
      name: fc.constantFrom('Biscuit', 'Rex', 'Zoë', 'Sir Woofs-a-lot 🐶', 'Юпитер'),
      breedId: fc.constantFrom(...BREEDS),
      weightKg: fc.integer({ min: 5, max: 1000 }).map((n) => n / 10),
      coat: fc.constantFrom(...COATS),
      notes: fc.constantFrom('Shy', 'Nervous of dryers.\nLoves cheese.', 'Line one\r\nLine two'),
      nervous: fc.boolean(),
    },
    { requiredKeys: ['name', 'breedId', 'weightKg', 'coat'] },
  ),
  owner: fc.record({
    name: fc.constantFrom('Sam Jones', 'Zoë O\u2019Brien', 'Ali'),
    phone,
    email: fc.constantFrom('sam@example.com', 'zoe@example.co.uk'),
    marketingConsent: fc.boolean(),
    acceptTerms: fc.constant(true),
  }),
  idempotencyKey: fc.oneof(
    { weight: 12, arbitrary: fc.constant(null).map(() => randomUUID()) },
    { weight: 1, arbitrary: pick(pools.idempotencyKeys, randomUUID()) },
  ),
  // Left out as often as not: the booking form sends no extras field for a visit without any.
  extras: fc.option(extrasList, { nil: undefined }),
});

/** A booking body, sometimes from a returning customer: their phone, their saved dog, their device key. */
const bookingRequests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    booking: newBooking,
    returning: sometimes(pick<Customer | null>(pools.customers, null), 25),
    savedDogId: sometimes(fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{16}$/), hostileString), 15),
    broken: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 5, arbitrary: mutations }),
    replay: sometimes(pick(pools.requests, '{}'), 8),
    // Several dogs in one booking (decision 082): the same booking as `dogs`, with a second dog.
    party: sometimes(fc.constantFrom<unknown>('shower', 'full', undefined), 20),
    headers: headersFor(true),
    method: methodFor('POST'),
    ip,
  })
  .chain((r) => {
    const customer = r.returning ?? null;
    const valid: Record<string, unknown> = {
      ...r.booking,
      owner: { ...r.booking.owner, ...(customer ? { phone: customer.phone } : {}) },
    };
    const dogId = customer?.dogIds[0] ?? r.savedDogId;
    if (dogId) valid.savedDogId = dogId;
    if (r.party !== null) {
      const { serviceId, dog, savedDogId } = valid as Record<string, unknown> & { dog: { name: string } };
      valid.dogs = [
        { serviceId, dog, ...(savedDogId ? { savedDogId } : {}) },
        { serviceId: r.party ?? serviceId, dog: { ...dog, name: `${dog.name} too` } },
      ];
      for (const key of ['serviceId', 'dog', 'savedDogId']) delete valid[key];
    }
    const value = applyMutations(valid, r.broken);
    const headers = customer && !r.broken.length ? { ...r.headers, 'x-access-key': customer.key } : r.headers;
    if (r.replay)
      return fc.constant<FuzzRequest>({
        method: 'POST',
        path: '/v1.0.1/bookings',
        headers: { 'content-type': 'application/json' },
        body: r.replay,
      });
    return bodyOf(fc.constant(value)).map((body) => ({
      method: r.method,
      path: '/v1.0.1/bookings',
      headers,
      body,
      ip: r.ip,
    }));
  });

const today = () => todayIn(DEFAULT_BOOKING_SETTINGS.timeZone, new Date());
const availabilityQuery = fc.record(
  {
    service: fc.oneof(
      { weight: 4, arbitrary: fc.constant('full') },
      { weight: 2, arbitrary: fc.constantFrom(...SERVICES) },
      { weight: 1, arbitrary: fc.constant('haircut-for-cats') },
    ),
    from: fc.integer({ min: -2, max: DEFAULT_BOOKING_SETTINGS.horizonWeeks * 7 + 2 }).map((n) => addDays(today(), n)),
    days: fc.integer({ min: 1, max: 62 }).map(String),
    exclude: pick(pools.bookingIds, 'A'.repeat(24)),
    weightKg: fc.constantFrom('4', '12.5', '30', '0', '101'),
    extras: extrasQuery,
  },
  { requiredKeys: ['service'] },
);
const queryText = (value: unknown) =>
  typeof value === 'string' ? value : value instanceof RawJson ? value.text : toJsonText(value);
const availabilityRequests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    query: hostileVariants(availabilityQuery, 3),
    raw: sometimes(
      fc.constantFrom(
        'service=full&from=9999-12-31&days=62',
        'service=full&from=0000-01-01',
        'service=full&from=2026-02-29',
        'service=full&days=1e308',
        'service=full&days=-0',
        'service=full&days=NaN',
        'service=full&days=0x10',
        'service=full&days=%201',
        'service=full&from=%00',
        'service=full&service=nails',
        'service[]=full',
        'service=full&from=+002026-01-01',
        'service=full&days=62.0',
        'service=full&days=1e1',
        // Several dogs in one booking (decision 082), well and badly formed.
        'dogs=full:13,shower:8',
        'dogs=full:13:bandana;nail-grind,shower:8&days=3',
        'dogs=full:13&service=full',
        'dogs=full:13&weightKg=13',
        'dogs=full:abc',
        'dogs=,,,',
        'dogs=full:13:::',
        'dogs=full:13:%00',
        `dogs=${Array(12).fill('full:13').join(',')}`,
        'dogs[]=full:13',
      ),
      15,
    ),
    method: methodFor('GET'),
    headers: headersFor(false),
    ip,
  })
  .map(({ query: q, raw, method, headers, ip: address }) => {
    const params =
      q !== null && typeof q === 'object' && !Array.isArray(q)
        ? new URLSearchParams(Object.entries(q).map(([k, v]) => [k, queryText(v)])).toString()
        : queryText(q); // as it comes: the URL parser encodes what must be
    return { method, path: `/v1.0.1/availability?${raw ?? params}`, headers, ip: address };
  });

const bookingViewRequests = getRequests(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(idInPath, fc.constantFrom('', '', '', '/calendar.ics', '/calendar.ics/x', '/x', '/', '/cancel'))
        .map(([id, s]) => `/v1.0.1/bookings/${id}${s}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          pick(pools.checkoutSessions, 'cs_test_fuzz'),
          fc.stringMatching(/^cs_[A-Za-z0-9_]{1,60}$/),
          oddId.map((s) => `cs_${s}`),
          oddId,
        )
        .map((s) => `/v1.0.1/bookings/by-session/${s}`),
    },
  ),
);

const changeRequests: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    idInPath,
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('cancel', 'move') },
      { weight: 1, arbitrary: fc.constantFrom('CANCEL', 'cancel/x', 'move/', 'delete', '', 'cancel%00') },
    ),
  )
  .chain(([id, action]) =>
    jsonRequests({
      method: 'POST',
      path: fc.constant(`/v1.0.1/bookings/${id}/${action}`),
      body: hostileVariants<unknown>(
        action.startsWith('move')
          ? fc.record({ start: pick(pools.starts, '2026-12-01T09:00:00.000Z') })
          : fc.record(
              { reason: fc.constantFrom('Poorly dog', 'Changed plans.\r\nSorry!', 'x'.repeat(400)) },
              { requiredKeys: [] },
            ),
        3,
      ),
    }),
  );

// The waitlist's one-tap answers (decision 084): ids strangers guess, and broken bodies.
const waitlistOfferRequests: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    oddId,
    oddId,
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('accept', 'decline') },
      { weight: 1, arbitrary: fc.constantFrom('ACCEPT', 'accept/x', 'decline/', '', 'accept%00') },
    ),
  )
  .chain(([id, offer, action]) =>
    jsonRequests({
      method: 'POST',
      path: fc.constant(`/v1.0.1/waitlist/${id}/offers/${offer}/${action}`),
      body: hostileVariants<unknown>(
        action.startsWith('accept') ? fc.record({ idempotencyKey: fc.uuid() }) : fc.constant({}),
        3,
      ),
    }),
  );
// The one-tap opt-out (decision 090): tokens strangers guess, as JSON and as RFC 8058's one-click form.
const optOutToken = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
  { weight: 2, arbitrary: oddId },
);
const optOutRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 3,
    arbitrary: jsonRequests({
      method: 'POST',
      path: fc.constant('/v1.0.1/marketing/opt-out'),
      body: hostileVariants<unknown>(fc.record({ token: optOutToken }), 3),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      method: methodFor('POST'),
      path: fc
        .tuple(optOutToken, junkQuery)
        .map(([token, q]) => `/v1.0.1/marketing/opt-out?token=${token}${q.replace('?', '&')}`),
      headers: headersFor(false, fc.constant({ 'content-type': 'application/x-www-form-urlencoded' })),
      body: fc.oneof(
        { weight: 3, arbitrary: fc.constant('List-Unsubscribe=One-Click') },
        { weight: 1, arbitrary: fc.string({ maxLength: 2000 }) },
      ),
      ip,
    }),
  },
);
// Rebook in one tap (decision 085): the proposals, a series, and cancelling it, by the booking's id.
const rebookRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 4, arbitrary: getRequests(idInPath.map((id) => `/v1.0.1/bookings/${id}/rebook`)) },
  {
    weight: 3,
    arbitrary: idInPath.chain((id) =>
      jsonRequests({
        method: 'POST',
        path: fc.constant(`/v1.0.1/bookings/${id}/rebook`),
        body: hostileVariants<unknown>(
          fc.record({
            weeks: fc.integer({ min: 3, max: 13 }),
            visits: fc.array(pick(pools.starts, '2026-12-01T09:00:00.000Z'), { minLength: 0, maxLength: 7 }),
            idempotencyKey: fc.uuid(),
          }),
          3,
        ),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: idInPath.chain((id) =>
      jsonRequests({
        method: 'POST',
        path: fc.constant(`/v1.0.1/bookings/${id}/series/cancel`),
        body: hostileVariants<unknown>(fc.constant({}), 3),
      }),
    ),
  },
);

// The magic calls of contract §7: the shapes the browser sends, broken.
const magicBody = fc.oneof(
  fc.record(
    {
      type: fc.constant('identify'),
      gclid: fc.string({ unit: 'binary', maxLength: 260 }),
      fbclid: fc.string({ maxLength: 20 }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({
    type: fc.constant('page_view'),
    page: fc.oneof(
      fc
        .record({
          url: fc.string({ unit: 'binary', maxLength: 2100 }),
          path: fc.string({ unit: 'binary', maxLength: 1030 }),
        })
        .map((v) => JSON.stringify(v)),
      fc
        .record({
          url: fc.constant('https://www.leytondoggrooming.co.uk/prices'),
          path: fc.constantFrom('/prices', `/${FRAGMENTS.join('')}`),
        })
        .map((v) => JSON.stringify(v)),
      hostileString,
    ),
  }),
  fc.record(
    {
      type: fc.constant('event'),
      name: fc.oneof(
        fc.constantFrom('navigation', 'call', 'email', 'whatsapp_big', 'online_big'),
        fc.stringMatching(/^[a-z][a-z0-9_]{0,50}$/),
      ),
      path: fc.string({ unit: 'binary', maxLength: 1030 }),
      detail: fc.string({ unit: 'binary', maxLength: 260 }),
    },
    { requiredKeys: ['type', 'name'] },
  ),
);
const magicRequests = jsonRequests({
  method: 'POST',
  path: fc.constant('/v1.0.1/magic'),
  body: hostileVariants(magicBody, 4),
});

// The quote of a service for a weight, broken as the availability query is.
const quoteRequests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    query: hostileVariants(
      fc.record(
        {
          service: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...SERVICES) },
            { weight: 1, arbitrary: fc.string({ maxLength: 70 }) },
          ),
          weightKg: fc.oneof(
            fc.constantFrom('9.5', '12', '0.5', '100', '0', '-1', '1e308', 'NaN', '12kg', ''),
            fc.double().map(String),
          ),
          extras: extrasQuery,
        },
        { requiredKeys: [] },
      ),
      3,
    ),
    method: methodFor('GET'),
    headers: headersFor(false),
    ip,
  })
  .map(({ query: q, method, headers, ip: address }) => {
    const params =
      q !== null && typeof q === 'object' && !Array.isArray(q)
        ? new URLSearchParams(Object.entries(q).map(([k, v]) => [k, queryText(v)])).toString()
        : queryText(q);
    return { method, path: `/v1.0.1/quote?${params}`, headers, ip: address };
  });

// A code texted to a number: the shape the booking form sends, broken.
const phoneCodeRequests = jsonRequests({
  method: 'POST',
  path: fc.constant('/v1.0.1/phone-codes'),
  body: hostileVariants<unknown>(
    fc.record({
      phone,
      purpose: fc.oneof(
        { weight: 5, arbitrary: fc.constant('booking') },
        { weight: 1, arbitrary: fc.constantFrom('staff_sign_in', 'BOOKING', '') },
      ),
    }),
    3,
  ),
});

// The CMS's doors, with nothing configured: the editor's preview page, its links and the publish webhook.
const previewRequests = getRequests(
  fc.oneof(
    fc.constantFrom(
      '/preview/blog/how-often-should-you-groom-your-dog',
      '/preview/blog/x?secret=wrong',
      '/preview/blog/..%2F..%2Fetc',
      '/preview/blog/%00',
    ),
    oddId.map((id) => `/preview/blog/${id}`),
  ),
);
const previewLinkRequests = jsonRequests({
  method: 'POST',
  path: fc.constantFrom('/preview/links', '/preview/links?token=x'),
  body: hostileVariants<unknown>(
    fc.record({
      item: fc.record({ attributes: fc.record({ slug: fc.string({ maxLength: 40 }) }) }),
      itemType: fc.record({ attributes: fc.record({ api_key: fc.constant('blog_post') }) }),
    }),
    3,
  ),
});
const publishRequests = jsonRequests({
  method: 'POST',
  path: fc.constant('/v1.0.1/cms/publish-webhook'),
  body: hostileVariants<unknown>(
    fc.record({
      entity_type: fc.constantFrom('item', 'upload'),
      event_type: fc.constantFrom('publish', 'unpublish', 'delete'),
    }),
    3,
  ),
});

// The blog posts file answers GET itself; every other method reaches this function and its 405.
const blogPostsRequests: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
  path: fc.constant('/v1.0.1/cms/blog/posts'),
  headers: headersFor(true),
  body: bodyOf(hostileValue),
  ip,
});

// Stripe's webhook: unsigned junk, wrongly signed events, and correctly signed events with hostile fields.
const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
];
const checkoutSession = fc.record(
  {
    id: fc.oneof(
      { weight: 3, arbitrary: fc.stringMatching(/^cs_test_[A-Za-z0-9]{8,24}$/) },
      { weight: 1, arbitrary: hostileValue },
    ),
    object: fc.constant('checkout.session'),
    payment_status: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('paid', 'unpaid', 'no_payment_required') },
      { weight: 1, arbitrary: hostileValue },
    ),
    amount_total: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(0, 1000, 2500) },
      { weight: 2, arbitrary: hostileValue },
    ),
    payment_intent: fc.oneof(
      fc.constant(null),
      fc.stringMatching(/^pi_[A-Za-z0-9]{8,24}$/),
      fc.record({ id: fc.constant('pi_x') }),
      hostileValue,
    ),
    client_reference_id: fc.oneof(fc.constant(null), pick(pools.bookingIds, 'A'.repeat(24)), hostileValue),
    metadata: fc.oneof(
      fc.record({ booking_id: fc.oneof(pick(pools.bookingIds, 'A'.repeat(24)), hostileValue) }),
      fc.constant(null),
      fc.constant({}),
      hostileValue,
    ),
  },
  { requiredKeys: ['object'] },
);
const stripeEvent = fc.record(
  {
    id: fc.oneof(
      { weight: 4, arbitrary: fc.stringMatching(/^evt_[A-Za-z0-9]{8,24}$/) },
      { weight: 1, arbitrary: hostileValue },
    ),
    object: fc.constant('event'),
    type: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...HANDLED_EVENTS) },
      { weight: 1, arbitrary: fc.constantFrom('payment_intent.succeeded', 'charge.refunded') },
      { weight: 1, arbitrary: hostileValue },
    ),
    created: fc.constant(Math.floor(Date.now() / 1000)),
    livemode: fc.constant(false),
    data: fc.oneof(
      { weight: 6, arbitrary: fc.record({ object: checkoutSession }) },
      { weight: 1, arbitrary: hostileValue },
    ),
  },
  { requiredKeys: ['id', 'type', 'data'] },
);
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
const webhookRequests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    event: hostileVariants(stripeEvent, 4),
    how: fc.constantFrom(
      'signed',
      'signed',
      'signed',
      'wrong-secret',
      'stale',
      'tampered',
      'garbage',
      'none',
      'raw-bytes',
    ),
    garbage: headerValue,
    bytes: bodyOf(hostileValue, 256 * 1024),
    method: methodFor('POST'),
    headers: headersFor(true),
    ip,
  })
  .map(({ event, how, garbage, bytes, method, headers, ip: address }): FuzzRequest => {
    const text = toJsonText(event);
    const base = { method, path: '/v1.0.1/payments/stripe-webhook', ip: address };
    switch (how) {
      case 'signed':
        return { ...base, headers: { ...headers, 'stripe-signature': sign(text) }, body: text };
      case 'wrong-secret':
        return { ...base, headers: { ...headers, 'stripe-signature': sign(text, 'whsec_not_ours') }, body: text };
      case 'stale':
        return {
          ...base,
          headers: { ...headers, 'stripe-signature': sign(text, WEBHOOK_SECRET, 1_000_000_000) },
          body: text,
        };
      case 'tampered':
        return { ...base, headers: { ...headers, 'stripe-signature': sign(text) }, body: `${text} ` };
      case 'garbage':
        return { ...base, headers: { ...headers, 'stripe-signature': garbage }, body: text };
      case 'raw-bytes':
        return {
          ...base,
          headers: { ...headers, 'stripe-signature': sign(typeof bytes === 'string' ? bytes : 'x') },
          body: bytes,
        };
      default:
        return { ...base, headers, body: text };
    }
  });

// ---- the staff schedule (/v1.0.1/management/…): the islands' requests, broken ---------------
// A staff key most of the time, so the calls reach past the door to the rules behind it; the
// other times the §7 headers as any caller sends them (the door's own test:
// management-api.test.ts).
const staffPools = {
  customerIds: [] as string[],
  blockIds: [] as string[],
  cursors: [] as string[],
  /** Messages the outbox stopped trying (made below): each may be sent again once. */
  messageIds: [] as string[],
};
const scheduleHeaders = (json: boolean) =>
  headersFor(
    json,
    fc.oneof(
      { weight: 7, arbitrary: pick(pools.staffKeys, 'A'.repeat(43)).map((key) => ({ 'x-access-key': key })) },
      { weight: 3, arbitrary: fc.constant({}) },
    ),
  );
const staffGet = (path: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> =>
  fc.record({ method: methodFor('GET'), path, headers: scheduleHeaders(false), ip });
const staffJson = (path: fc.Arbitrary<string>, body: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzRequest> =>
  fc.record({ method: methodFor('POST'), path, headers: scheduleHeaders(true), body: bodyOf(body), ip });
const asQuery = (q: unknown) =>
  q !== null && typeof q === 'object' && !Array.isArray(q)
    ? new URLSearchParams(Object.entries(q).map(([k, v]) => [k, queryText(v)])).toString()
    : queryText(q);

const scheduleRequests = staffGet(
  hostileVariants(
    fc
      .record({
        from: fc.integer({ min: -30, max: 70 }).map((n) => addDays(today(), n)),
        days: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom('1', '7', '3') },
          { weight: 1, arbitrary: fc.constantFrom('8', '0', '1.5') },
        ),
        cursor: sometimes(pick(staffPools.cursors, `${Date.now()}.${'A'.repeat(22)}`), 20),
      })
      .map(({ cursor, ...q }) => (cursor === null ? q : { ...q, cursor })),
    4,
  ).map((q) => `/v1.0.1/management/schedule?${asQuery(q)}`),
);

const freeTimesRequests = staffGet(
  hostileVariants(
    fc.record(
      {
        service: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...SERVICES) },
          { weight: 1, arbitrary: fc.constant('haircut-for-cats') },
        ),
        date: fc.integer({ min: -2, max: 60 }).map((n) => addDays(today(), n)),
        exclude: pick(pools.bookingIds, 'A'.repeat(24)),
        weightKg: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('9.5', '30') },
          { weight: 1, arbitrary: fc.constantFrom('0', '101', 'heavy') },
        ),
        extras: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('nail-grind', 'nail-grind,deshed-boost', '') },
          { weight: 1, arbitrary: fc.constantFrom('teeth,teeth', 'gold-leaf', 'NAIL') },
        ),
      },
      { requiredKeys: ['service', 'date'] },
    ),
    3,
  ).map((q) => `/v1.0.1/management/free-times?${asQuery(q)}`),
);

const lookupRequests = staffGet(
  hostileVariants(
    fc.record({
      q: fc.oneof(
        phone,
        fc.constantFrom('Sam', 'seed', 'Biscuit', 'Zoë', 'Rex', '%_', 'a', '\\'),
        fc.string({ maxLength: 90 }),
      ),
    }),
    3,
  ).map((q) => `/v1.0.1/management/customer-lookup?${asQuery(q)}`),
);

const dashboardRequests = staffGet(
  fc.tuple(fc.constant('/v1.0.1/management/dashboard'), junkQuery).map(([p, q]) => p + q),
);

const staffBooking = fc.record(
  {
    serviceId: fc.oneof(
      { weight: 6, arbitrary: fc.constant('nails') },
      { weight: 1, arbitrary: fc.constantFrom(...SERVICES) },
    ),
    start: pick(pools.starts, '2026-12-01T09:00:00.000Z'),
    customer: fc.oneof(
      fc.record(
        { name: fc.constantFrom('Jo Bloggs', 'Zoë O\u2019Brien'), phone, email: fc.constantFrom('', 'jo@example.com') },
        { requiredKeys: ['name', 'phone'] },
      ),
      pick(staffPools.customerIds, 'A'.repeat(22)).map((id) => ({ id })),
    ),
    dog: fc.record(
      {
        name: fc.constantFrom('Biscuit', 'Rex', 'Sir Woofs-a-lot 🐶'),
        breedId: fc.constantFrom(...BREEDS),
        weightKg: fc.integer({ min: 5, max: 1000 }).map((n) => n / 10),
        coat: fc.constantFrom(...COATS),
        notes: fc.constantFrom('Nervous', ''),
        nervous: fc.boolean(),
      },
      { requiredKeys: ['name', 'breedId', 'weightKg', 'coat'] },
    ),
    note: fc.constantFrom('Call when done', 'Muzzle for nails.\nOwner waits.'),
    extras: fc.constantFrom([], ['nail-grind'], ['teeth', 'bandana'], ['deshed-boost'], ['gold-leaf']),
    idempotencyKey: fc.constant(null).map(() => randomUUID()),
  },
  { requiredKeys: ['serviceId', 'start', 'customer', 'dog', 'idempotencyKey'] },
);
const phoneBookingRequests = staffJson(fc.constant('/v1.0.1/management/bookings'), hostileVariants(staffBooking, 3));

// A caller added to the waitlist from a phone booking (docs/decisions/087): the join's answers with
// no code, sometimes for a customer the lookup found (whose number it must carry).
const callerWaitlist = fc
  .record({
    serviceId: fc.oneof(
      { weight: 6, arbitrary: fc.constant('nails') },
      { weight: 1, arbitrary: fc.constantFrom(...SERVICES) },
    ),
    dog: fc.record({
      name: fc.constantFrom('Biscuit', 'Zoë', 'Rex'),
      breedId: fc.constantFrom(...BREEDS),
      weightKg: fc.integer({ min: 5, max: 1000 }).map((n) => n / 10),
      coat: fc.constantFrom(...COATS),
    }),
    // Mostly requests that can be written (a few extras are not offered with every service).
    extras: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: extrasList }),
    from: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 30 }) },
      { weight: 1, arbitrary: fc.integer({ min: -2, max: DEFAULT_BOOKING_SETTINGS.horizonWeeks * 7 + 2 }) },
    ),
    span: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 6, max: 14 }) },
      { weight: 1, arbitrary: fc.integer({ min: -1, max: 30 }) },
    ),
    weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
    parts: fc.subarray(['morning', 'afternoon'], { minLength: 1 }),
    notify: fc.oneof(
      { weight: 3, arbitrary: fc.constant({ text: true, email: false }) },
      { weight: 1, arbitrary: fc.record({ text: fc.boolean(), email: fc.boolean() }) },
    ),
    email: fc.constantFrom('', 'sam@example.com', 'sam@example.com'),
    phone,
    // A customer found by the lookup carries their own number: one picked here rarely has this one (a 400).
    customerId: fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: pick(staffPools.customerIds, 'A'.repeat(22)) },
    ),
  })
  .map((r) => {
    const from = addDays(today(), r.from);
    return {
      serviceId: r.serviceId,
      dog: r.dog,
      ...(r.extras ? { extras: r.extras } : {}),
      from,
      to: addDays(from, r.span),
      weekdays: r.weekdays,
      parts: r.parts,
      owner: { name: 'Sam Jones', phone: r.phone, email: r.email },
      notify: r.notify,
      ...(r.customerId ? { customerId: r.customerId } : {}),
      idempotencyKey: randomUUID(),
    };
  });
const callerWaitlistRequests = staffJson(
  fc.constant('/v1.0.1/management/waitlist'),
  hostileVariants(callerWaitlist, 5),
);

const staffChangeRequests: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    idInPath,
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('move', 'cancel', 'attendance', 'note', 'split') },
      { weight: 1, arbitrary: fc.constantFrom('delete', '', 'move/x', 'ATTENDANCE') },
    ),
  )
  .chain(([id, action]) =>
    staffJson(
      fc.constant(`/v1.0.1/management/bookings/${id}/${action}`),
      hostileVariants<unknown>(
        action === 'move'
          ? fc.record({ start: pick(pools.starts, '2026-12-01T09:00:00.000Z') })
          : action === 'cancel'
            ? fc.record(
                { reason: fc.constantFrom('Groomer ill', 'Rang to cancel'), refundDeposit: fc.boolean() },
                { requiredKeys: [] },
              )
            : action === 'attendance'
              ? fc.record(
                  {
                    attendance: fc.constantFrom('arrived', 'completed', 'no_show', null),
                    balance: fc.record({
                      pence: fc.constantFrom(0, 3500, 4500),
                      method: fc.constantFrom('card', 'cash'),
                    }),
                  },
                  { requiredKeys: ['attendance'] },
                )
              : action === 'split'
                ? fc.constant({})
                : fc.record({ note: fc.constantFrom('Muzzle for nails', '') }),
        3,
      ),
    ),
  );

// Check-in at the counter (decision 091): a check-in as the tablet sends it, the dog's condition, one
// of the shop's tiers or none, the instructions and the owner's consent typed or drawn (decision 093).
// What the server refuses is added apart: as optional keys of this record (each in most draws) a photo
// key and a surcharge, always refused, left fewer than 1 in 100 of its bodies acceptable (issue 28).
const checkInBody = fc.record(
  {
    condition: fc.constantFrom('Matted behind the ears', ''),
    tierId: fc.constantFrom('light-matting', 'heavy-matting', 'extra-handling', null),
    instructions: fc.constantFrom('', 'Shorter on the legs'),
    consent: fc.oneof(
      fc.constant({ method: 'typed', name: 'Sam' }),
      fc.record(
        {
          method: fc.constant('drawn'),
          name: fc.constant('Sam'),
          signature: fc.constantFrom('M1 1L2 2', 'M5 5L595 195'),
        },
        { requiredKeys: ['method', 'signature'] },
      ),
    ),
  },
  { requiredKeys: ['condition', 'tierId', 'instructions'] },
);
// What the server refuses in one: a tier the shop has not got, a surcharge sent (the server finds it),
// the key of a photo never taken or not a key, a consent without its name or signature, or with
// markup, a curve, a dot or a point off the box for a signature.
const refusedCheckInBody = fc
  .tuple(
    checkInBody,
    fc.constantFrom<Record<string, unknown>>(
      { tierId: 'velvet-coat' },
      { surchargePence: 0 },
      { surchargePence: 1500 },
      { photoKey: 'f'.repeat(64) },
      { photoKey: 'nope' },
      { consent: { method: 'typed', name: '' } },
      { consent: { method: 'typed', name: 'Sam', signature: 'M1 1L2 2' } },
      { consent: { method: 'drawn', name: 'Sam' } },
      { consent: { method: 'drawn', signature: '<svg/>' } },
      { consent: { method: 'drawn', signature: 'M1 1C2 2 3 3 4 4' } },
      { consent: { method: 'drawn', signature: 'M1 1' } },
      { consent: { method: 'drawn', signature: 'M1 1L900 2' } },
    ),
  )
  .map(([body, wrong]) => ({ ...body, ...wrong }));
// A visit is checked in only from the start of its day (mayMarkAttendance), and the fuzz's own
// bookings are all ahead of now: on a Sunday, a holiday or after the day's last time none is today's.
// So a third of the ids are visits of today made for this row (visitsOfToday), and a fifth of the
// requests are the counter's own: one of them, the tablet's headers, a body well formed but for what
// bodyOf does to any on the wire. The row reaches real check-ins whatever the clock (issue 28).
const checkInIdInPath = fc.oneof(
  { weight: 1, arbitrary: pick(pools.visitsToday, 'A'.repeat(24)) },
  { weight: 2, arbitrary: idInPath },
);
const counterCheckIns: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constant('POST'),
  path: pick(pools.visitsToday, 'A'.repeat(24)).map((id) => `/v1.0.1/management/bookings/${id}/check-in`),
  headers: pick(pools.staffKeys, 'A'.repeat(43)).map((key) => ({
    'content-type': 'application/json',
    'x-access-key': key,
  })),
  body: bodyOf(checkInBody),
});
const checkInRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(checkInIdInPath, fc.constantFrom('check-in', 'check-in', 'check-in/photo', 'check-in/x', 'consent-link'))
      .chain(([id, action]) =>
        staffJson(
          fc.constant(`/v1.0.1/management/bookings/${id}/${action}`),
          hostileVariants<unknown>(
            action === 'check-in/photo'
              ? fc.record({ image: fc.constantFrom('iVBORw0KGgo=', 'bm90IGEgcGljdHVyZQ==') })
              : fc.oneof({ weight: 2, arbitrary: checkInBody }, { weight: 1, arbitrary: refusedCheckInBody }),
            3,
          ),
        ),
      ),
  },
  { weight: 1, arbitrary: counterCheckIns },
);

// The owner's consent by a texted link (decision 093): the page, the photo and the agreement, by
// token. No link of the fuzz's is real: every answer is a refusal.
const consentRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 2, arbitrary: getRequests(optOutToken.map((t) => `/v1.0.1/consents/${t}`)) },
  { weight: 1, arbitrary: getRequests(optOutToken.map((t) => `/v1.0.1/consents/${t}/photo`)) },
  {
    weight: 3,
    arbitrary: optOutToken.chain((t) =>
      jsonRequests({
        method: 'POST',
        path: fc.constant(`/v1.0.1/consents/${t}`),
        body: hostileVariants<unknown>(fc.record({ name: fc.constantFrom('Sam Smith', '') }), 3),
      }),
    ),
  },
);

// The next groom booked by staff, a visit's series and cancelling the rest of it (decision 089).
const staffRebookRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 3,
    arbitrary: staffGet(
      fc
        .tuple(
          idInPath,
          fc.constantFrom('rebook', 'series', 'rebook?weeks=6&visits=3', 'rebook?weeks=2', 'rebook?visits=x'),
        )
        .map(([id, what]) => `/v1.0.1/management/bookings/${id}/${what}`),
    ),
  },
  {
    weight: 3,
    arbitrary: idInPath.chain((id) =>
      staffJson(
        fc.constant(`/v1.0.1/management/bookings/${id}/rebook`),
        hostileVariants<unknown>(
          fc.record({
            weeks: fc.integer({ min: 3, max: 13 }),
            visits: fc.array(pick(pools.starts, '2026-12-01T09:00:00.000Z'), { minLength: 0, maxLength: 7 }),
            idempotencyKey: fc.uuid(),
          }),
          3,
        ),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: idInPath.chain((id) =>
      staffJson(
        fc.constant(`/v1.0.1/management/bookings/${id}/series/cancel`),
        hostileVariants<unknown>(fc.record({ reason: fc.constantFrom('Moving away', '') }, { requiredKeys: [] }), 3),
      ),
    ),
  },
);

// The visit's live status (decision 092): the owner's poll (with any ETag), and staff's one tap.
const visitStatusRequests: fc.Arbitrary<FuzzRequest> = getRequests(
  idInPath.map((id) => `/v1.0.1/bookings/${id}/status`),
);
const stageRequests: fc.Arbitrary<FuzzRequest> = idInPath.chain((id) =>
  staffJson(
    fc.constant(`/v1.0.1/management/bookings/${id}/stage`),
    hostileVariants<unknown>(
      fc.record({
        stage: fc.constantFrom('bath', 'dry', 'finishing', 'ready_soon', 'ready', 'checked_in', 'completed'),
      }),
      3,
    ),
  ),
);

// The report card (decision 094): the owner's card, its photos and the yes to their use (the id is
// the key), and staff's card, send and photos. Fuzz visits have no photos stored: those are 404s.
const photoSide = fc.constantFrom('before', 'after', 'sideways', 'AFTER', '..');
const reportCardRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 2, arbitrary: getRequests(idInPath.map((id) => `/v1.0.1/bookings/${id}/report-card`)) },
  {
    weight: 2,
    arbitrary: getRequests(fc.tuple(idInPath, photoSide).map(([id, side]) => `/v1.0.1/bookings/${id}/photos/${side}`)),
  },
  {
    weight: 3,
    arbitrary: idInPath.chain((id) =>
      jsonRequests({
        method: 'POST',
        path: fc.constant(`/v1.0.1/bookings/${id}/photo-use`),
        body: hostileVariants<unknown>(fc.record({ allowed: fc.boolean() }), 3),
      }),
    ),
  },
);
const staffReportCardRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 2, arbitrary: staffGet(idInPath.map((id) => `/v1.0.1/management/bookings/${id}/report-card`)) },
  {
    weight: 1,
    arbitrary: staffGet(
      fc.tuple(idInPath, photoSide).map(([id, side]) => `/v1.0.1/management/bookings/${id}/photos/${side}`),
    ),
  },
  {
    weight: 3,
    arbitrary: idInPath.chain((id) =>
      staffJson(
        fc.constant(`/v1.0.1/management/bookings/${id}/report-card`),
        hostileVariants<unknown>(
          fc.record(
            {
              done: fc.constantFrom('Full Groom with Bandana', '', 'x'.repeat(301)),
              noticed: fc.record(
                {
                  skin: fc.constantFrom('', 'A little dry'),
                  ears: fc.constantFrom('', 'Clean'),
                  nails: fc.constantFrom('', 'Long'),
                  behaviour: fc.constantFrom('', 'Lovely'),
                },
                { requiredKeys: ['skin', 'ears', 'nails'] },
              ),
              suggestion: fc.constantFrom('Same time in 6 weeks', ''),
              afterPhotoKey: fc.constantFrom('f'.repeat(64), 'nope'),
            },
            { requiredKeys: ['done', 'noticed', 'suggestion'] },
          ),
          3,
        ),
      ),
    ),
  },
);

// The balance by a payment link (decision 096): read, and send (refused in words: no fuzz booking is on its day).
const balanceLinkRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 2, arbitrary: staffGet(idInPath.map((id) => `/v1.0.1/management/bookings/${id}/balance-link`)) },
  {
    weight: 3,
    arbitrary: idInPath.chain((id) =>
      staffJson(
        fc.constant(`/v1.0.1/management/bookings/${id}/balance-link`),
        hostileVariants<unknown>(fc.constant({}), 3),
      ),
    ),
  },
);

// The fair no-show rules (decision 081): a booking's no-show fee (read, charge) and a customer's strikes (read, waive).
const noShowRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 2, arbitrary: staffGet(idInPath.map((id) => `/v1.0.1/management/bookings/${id}/no-show-fee`)) },
  {
    weight: 3,
    arbitrary: idInPath.chain((id) =>
      staffJson(
        fc.constant(`/v1.0.1/management/bookings/${id}/no-show-fee`),
        hostileVariants<unknown>(fc.record({ pence: fc.constantFrom(1, 500, 3000, 100_000, 0, -1, 2.5) }), 3),
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: idInPath.chain((id) =>
      staffJson(
        fc.constant(`/v1.0.1/management/bookings/${id}/no-show-fee/refund`),
        hostileVariants<unknown>(fc.constant({}), 3),
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: staffGet(
      pick(staffPools.customerIds, 'A'.repeat(22)).map((id) => `/v1.0.1/management/customers/${id}/strikes`),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(pick(staffPools.customerIds, 'A'.repeat(22)), idInPath)
      .chain(([customer, booking]) =>
        staffJson(
          fc.constant(`/v1.0.1/management/customers/${customer}/strikes/${booking}/waive`),
          hostileVariants<unknown>(fc.record({ reason: fc.constantFrom('Rang the next day', '', 'x'.repeat(301)) }), 3),
        ),
      ),
  },
);

const blockRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 3,
    arbitrary: staffJson(
      fc.constant('/v1.0.1/management/blocks'),
      hostileVariants(
        fc
          .record({
            start: pick(pools.starts, '2026-12-01T09:00:00.000Z'),
            minutes: fc.constantFrom(15, 30, 60),
            reason: fc.constantFrom('Break', 'Vet training', ''),
          })
          .map(({ start, minutes, reason }) => ({
            start,
            end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
            reason,
          })),
        3,
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(pick(staffPools.blockIds, 'A'.repeat(16)), oddId)
      .chain((id) =>
        staffJson(
          fc.constantFrom(
            `/v1.0.1/management/blocks/${id}/remove`,
            `/v1.0.1/management/blocks/${id}`,
            `/v1.0.1/management/blocks/${id}/remove/x`,
          ),
          hostileVariants(fc.constant({}), 3),
        ),
      ),
  },
);

const hasBooking = (answer: unknown) => z.object({ booking: ScheduleBookingSchema }).safeParse(answer).success;

const learnBooking = async (_req: FuzzRequest, answer: unknown) => {
  const { booking } = z.object({ booking: ScheduleBookingSchema }).parse(answer);
  if (!pools.bookingIds.includes(booking.id)) pools.bookingIds.push(booking.id);
  if (!staffPools.customerIds.includes(booking.customer.id)) staffPools.customerIds.push(booking.customer.id);
};

// The staff area (docs/decisions/053, 057): its two doors, and the staff API with real staff keys.
const DEMO_STAFF = '07700 900000';
const staffHeaders = headersFor(
  true,
  fc.oneof(
    { weight: 6, arbitrary: pick(pools.staffKeys, 'A'.repeat(43)).map((key) => ({ 'x-access-key': key })) },
    { weight: 2, arbitrary: keyHeader.map((key) => ({ 'x-access-key': key })) },
    { weight: 1, arbitrary: fc.constant({}) },
  ),
);
// The waitlist on the schedule (decision 086): the counts, a day's requests, a time offered by hand, a withdraw.
const staffWaitlistRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 2,
    arbitrary: staffGet(
      hostileVariants(
        fc.record(
          {
            from: fc.integer({ min: -3, max: 60 }).map((n) => addDays(today(), n)),
            days: fc.oneof(
              { weight: 5, arbitrary: fc.constantFrom('7', '1', '14') },
              { weight: 1, arbitrary: fc.constantFrom('15', '0', '1.5', 'week') },
            ),
          },
          { requiredKeys: ['from'] },
        ),
        3,
      ).map((q) => `/v1.0.1/management/waitlist/counts?${asQuery(q)}`),
    ),
  },
  {
    weight: 2,
    arbitrary: staffGet(
      hostileVariants(fc.record({ date: fc.integer({ min: -3, max: 60 }).map((n) => addDays(today(), n)) }), 3).map(
        (q) => `/v1.0.1/management/waitlist/day?${asQuery(q)}`,
      ),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .oneof({ weight: 4, arbitrary: pick(pools.waitlistIds, 'A'.repeat(24)) }, { weight: 1, arbitrary: oddId })
      .chain((id) =>
        staffJson(
          fc.constantFrom(
            `/v1.0.1/management/waitlist/${id}/offers`,
            `/v1.0.1/management/waitlist/${id}/offers`,
            `/v1.0.1/management/waitlist/${id}/withdraw`,
            `/v1.0.1/management/waitlist/${id}/offers/x`,
          ),
          hostileVariants<unknown>(fc.record({ start: pick(pools.starts, '2026-12-01T09:00:00.000Z') }), 3),
        ),
      ),
  },
);

const staffGetHeaders = headersFor(
  false,
  fc.oneof(
    { weight: 6, arbitrary: pick(pools.staffKeys, 'A'.repeat(43)).map((key) => ({ 'x-access-key': key })) },
    { weight: 1, arbitrary: fc.constant({}) },
  ),
);
const codeSignInRequests = fc.oneof(
  jsonRequests({
    method: 'POST',
    path: fc.constant('/v1.0.1/management/sign-in/codes'),
    body: hostileVariants<unknown>(
      fc.record({
        phone: fc.oneof({ weight: 1, arbitrary: fc.constant(DEMO_STAFF) }, { weight: 4, arbitrary: phone }),
      }),
      3,
    ),
  }),
  jsonRequests({
    method: 'POST',
    path: fc.constantFrom(
      '/v1.0.1/management/sign-in/by-code',
      '/v1.0.1/management/sign-in/by-code/',
      '/v1.0.1/management/sign-in/nope',
    ),
    body: hostileVariants<unknown>(
      fc.oneof(
        {
          weight: 3,
          arbitrary: pick(pools.codeRequests, { phone: DEMO_STAFF, requestId: 'A'.repeat(24), code: '123456' }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            phone,
            requestId: fc.stringMatching(/^[A-Za-z0-9_-]{22,64}$/),
            code: fc.stringMatching(/^\d{6}$/),
          }),
        },
      ),
      3,
    ),
  }),
);
const passkeySignInRequests = fc.oneof(
  jsonRequests({
    method: 'POST',
    path: fc.constant('/v1.0.1/management/sign-in/passkey-options'),
    body: hostileVariants<unknown>(fc.constant({}), 4),
  }),
  jsonRequests({
    method: 'POST',
    path: fc.constant('/v1.0.1/management/sign-in/by-passkey'),
    body: hostileVariants<unknown>(
      fc.oneof(
        pick(pools.assertions, { challengeId: 'A'.repeat(24), response: {} }),
        fc.record({
          challengeId: pick(pools.challengeIds, 'A'.repeat(24)),
          response: pick(pools.assertions, { challengeId: 'A'.repeat(24), response: {} }).map((a) => a.response),
        }),
      ),
      2,
    ),
  }),
);
const sessionRequests = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      method: methodFor('GET'),
      path: fc.constant('/v1.0.1/management/session'),
      headers: staffGetHeaders,
      body: bodyOf(hostileValue),
      ip,
    }),
  },
  {
    weight: 1,
    arbitrary: jsonRequests({
      method: 'POST',
      path: fc.constant('/v1.0.1/management/sign-out'),
      body: hostileVariants<unknown>(fc.constant({}), 3),
      headers: headersFor(
        true,
        pick(pools.spareStaffKeys, 'A'.repeat(43)).map((key) => ({ 'x-access-key': key })),
      ),
    }),
  },
);
const staffListRequests = fc.oneof(
  fc.record({
    method: methodFor('GET'),
    path: fc.constant('/v1.0.1/management/staff'),
    headers: staffGetHeaders,
    body: bodyOf(hostileValue),
    ip,
  }),
  jsonRequests({
    method: 'POST',
    path: fc.constant('/v1.0.1/management/staff'),
    headers: staffHeaders,
    body: hostileVariants<unknown>(fc.record({ name: fc.constantFrom('Sam Groomer', 'Zoë Brush', 'Юлия'), phone }), 3),
  }),
  fc
    .tuple(fc.oneof({ weight: 3, arbitrary: pick(pools.staffIds, 'A'.repeat(16)) }, { weight: 2, arbitrary: oddId }))
    .chain(([id]) =>
      jsonRequests({
        method: 'POST',
        path: fc.constant(`/v1.0.1/management/staff/${id}/remove`),
        headers: staffHeaders,
        body: hostileVariants<unknown>(fc.constant({}), 3),
      }),
    ),
  fc
    .tuple(fc.oneof({ weight: 3, arbitrary: pick(pools.staffIds, 'A'.repeat(16)) }, { weight: 1, arbitrary: oddId }))
    .chain(([id]) =>
      jsonRequests({
        method: 'POST',
        path: fc.constant(`/v1.0.1/management/staff/${id}/phone`),
        headers: staffHeaders,
        body: hostileVariants<unknown>(fc.record({ phone }), 3),
      }),
    ),
);
/** Proving it is you again before a staff change (docs/decisions/070). */
const stepUpRequests = fc.oneof(
  jsonRequests({
    method: 'POST',
    path: fc.constantFrom('/v1.0.1/management/step-up/codes', '/v1.0.1/management/step-up/passkey-options'),
    headers: staffHeaders,
    body: hostileVariants<unknown>(fc.constant({}), 3),
  }),
  jsonRequests({
    method: 'POST',
    path: fc.constantFrom('/v1.0.1/management/step-up/by-code', '/v1.0.1/management/step-up/nope'),
    headers: staffHeaders,
    body: hostileVariants<unknown>(
      fc.oneof(
        { weight: 3, arbitrary: pick(pools.stepUpCodes, { requestId: 'A'.repeat(24), code: '123456' }) },
        {
          weight: 1,
          arbitrary: fc.record({
            requestId: fc.stringMatching(/^[A-Za-z0-9_-]{22,64}$/),
            code: fc.stringMatching(/^\d{6}$/),
          }),
        },
      ),
      3,
    ),
  }),
  jsonRequests({
    method: 'POST',
    path: fc.constant('/v1.0.1/management/step-up/by-passkey'),
    headers: staffHeaders,
    body: hostileVariants<unknown>(pick(pools.assertions, { challengeId: 'A'.repeat(24), response: {} }), 2),
  }),
);
const passkeyRequests = fc.oneof(
  fc.record({
    method: methodFor('GET'),
    path: fc.constant('/v1.0.1/management/passkeys'),
    headers: staffGetHeaders,
    body: bodyOf(hostileValue),
    ip,
  }),
  jsonRequests({
    method: 'POST',
    path: fc.constant('/v1.0.1/management/passkeys/options'),
    headers: staffHeaders,
    body: hostileVariants<unknown>(fc.constant({}), 3),
  }),
  jsonRequests({
    method: 'POST',
    path: fc.constant('/v1.0.1/management/passkeys'),
    headers: staffHeaders,
    body: hostileVariants<unknown>(pick(pools.registrations, { challengeId: 'A'.repeat(24), response: {} }), 2),
  }),
  fc
    .tuple(fc.oneof({ weight: 3, arbitrary: pick(pools.passkeyIds, 'A'.repeat(16)) }, { weight: 2, arbitrary: oddId }))
    .chain(([id]) =>
      jsonRequests({
        method: 'POST',
        path: fc.constant(`/v1.0.1/management/passkeys/${id}/remove`),
        headers: staffHeaders,
        body: hostileVariants<unknown>(fc.constant({}), 3),
      }),
    ),
);

// ---- the table: one row per function --------------------------------------------------------

interface Row {
  label: string;
  runs: number;
  requests: fc.Arbitrary<FuzzRequest>;
  /** The schema of a 2xx JSON answer. */
  answer?: z.core.$ZodType;
  /** Learn from a 2xx answer (ids, keys) so later requests can use them. */
  learn?: (req: FuzzRequest, answer: unknown) => Promise<void>;
  /** At least this many 2xx and 4xx answers, or the generators are not reaching far enough. */
  least: { ok: number; refused: number };
  /**
   * The 2xx `least.ok` counts, where not every 2xx reaches the rules (an OPTIONS 204 reaches
   * nothing): what they are, and whether a request and its 2xx answer is one. Every 2xx otherwise.
   */
  reached?: { what: string; is: (req: FuzzRequest, answer: unknown) => boolean };
  /**
   * A function that never writes, whatever it answers, is checked once over the whole row (the
   * count of writes must not move); one that writes on success is checked after every refusal.
   */
  readOnly?: true;
  /** Answers a person's browser (a page or a line of text), not JSON: only status, type and no stack trace are checked. */
  page?: true;
  /** A 2xx answer that is a file of this type (a CSV, a picture), not JSON. */
  file?: RegExp;
}

// ---- the staff-records screens (Finances, Customers, Breeds, Settings) ------------------------------
// Mostly with a live staff key, so requests get past the door to the rules behind it. What a
// request may remove or merge is only ever the fuzz's own: customers, breeds, services and closed
// days made for it here or learnt from its own answers, never the seed's that other rows book with.
const records = {
  staffKey: 'A'.repeat(43),
  customerIds: [] as string[],
  dogIds: [] as string[],
  breedIds: [] as string[],
  serviceIds: [] as string[],
  extraIds: [] as string[],
  closedDays: [] as string[],
  pictures: [] as string[],
  imageNames: [] as string[],
};
beforeAll(async () => {
  records.staffKey = (await staffMember('Fuzz Staff')).key;
  // Messages the outbox gave up on, and codes that expired unsent, for the staff's "send it again".
  for (let i = 0; i < 30; i++) {
    const [row] = await query<{ id: string }>(
      `INSERT INTO outbox (kind, channel, recipient, body_text, attempts, failed_at, failure, last_error)
       VALUES ($1, 'sms', '+447700900555', 'Fuzz', 27, now(), $2, 'SMS provider answered 503') RETURNING id::text`,
      i % 3 ? ['booking_confirmation', 'undelivered'] : ['phone_code', 'expired'],
    );
    staffPools.messageIds.push(row!.id);
  }
  for (let i = 0; i < 30; i++) {
    const made = await insertBooking({
      customer: { name: `Fuzz Customer ${i}`, phone: null },
      dog: { name: `Fido ${i}` },
      start: new Date(Date.now() - (40 + i) * 86_400_000),
    });
    records.customerIds.push(made.customerId);
    records.dogIds.push(made.dogId);
  }
  for (const [w, h, format] of [
    [12, 12, 'png'],
    [40, 20, 'jpeg'],
    [16, 30, 'webp'],
  ] as const) {
    records.pictures.push(
      (
        await sharp({ create: { width: w, height: h, channels: 3, background: '#4a7' } })
          .toFormat(format)
          .toBuffer()
      ).toString('base64'),
    );
  }
});
const recordsStaffHeaders = (json: boolean) =>
  fc
    .tuple(headersFor(json), fc.integer({ min: 0, max: 9 }))
    .map(([headers, n]) => (n < 8 ? { ...headers, 'x-access-key': records.staffKey } : headers));
const staffGets = (path: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> =>
  fc.record({ method: methodFor('GET'), path, headers: recordsStaffHeaders(false), ip });
const staffPosts = (path: fc.Arbitrary<string>, body: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzRequest> =>
  fc.record({ method: methodFor('POST'), path, headers: recordsStaffHeaders(true), body: bodyOf(body), ip });
const messageRequests: fc.Arbitrary<FuzzRequest> = fc
  .oneof(
    { weight: 5, arbitrary: pick(staffPools.messageIds, '1') },
    { weight: 1, arbitrary: fc.constantFrom('0', '01', '-1', '1.5', '9'.repeat(19), '1e3') },
    { weight: 1, arbitrary: oddId },
  )
  .chain((id) =>
    staffPosts(
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(`/v1.0.1/management/messages/${id}/retry`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(`/v1.0.1/management/messages/${id}`, `/v1.0.1/management/messages/${id}/retry/x`),
        },
      ),
      hostileVariants(fc.constant({}), 3),
    ),
  );

const queryOf = (q: unknown) =>
  q !== null && typeof q === 'object' && !Array.isArray(q)
    ? new URLSearchParams(Object.entries(q).map(([k, v]) => [k, queryText(v)])).toString()
    : queryText(q);
const fuzzCustomer = fc.oneof(
  { weight: 6, arbitrary: pick(records.customerIds, 'A'.repeat(22)) },
  { weight: 1, arbitrary: oddId },
);
const fuzzDog = fc.oneof(
  { weight: 6, arbitrary: pick(records.dogIds, 'A'.repeat(16)) },
  { weight: 1, arbitrary: oddId },
);
const aDate = fc.oneof(
  fc.integer({ min: -400, max: 400 }).map((n) => addDays(today(), n)),
  fc.constantFrom('2026-02-29', '2026-02-30', '9999-12-31', '0000-01-01', '2026-1-1'),
);

const customerRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        query: hostileVariants(
          fc.record(
            {
              q: fc.constantFrom(
                'fuzz',
                'fido 3',
                '07700 900',
                'seed@',
                'Zoë O’Brien',
                '+44 (0)7700',
                '',
                'x'.repeat(100),
              ),
              limit: fc.integer({ min: 1, max: 100 }).map(String),
            },
            { requiredKeys: [] },
          ),
          3,
        ),
        method: methodFor('GET'),
        headers: recordsStaffHeaders(false),
        ip,
      })
      .map(({ query: q, ...rest }) => ({ ...rest, path: `/v1.0.1/management/customers?${queryOf(q)}` })),
  },
  {
    weight: 3,
    arbitrary: staffGets(
      fc
        .tuple(
          fuzzCustomer,
          fc.constantFrom(
            '',
            '/visits',
            '/messages',
            '/export',
            '/visits?limit=1',
            '/messages?cursor=abc',
            '/dogs',
            '/x',
          ),
        )
        .map(([id, suffix]) => `/v1.0.1/management/customers/${id}${suffix}`),
    ),
  },
  {
    weight: 2,
    arbitrary: fuzzCustomer.chain((id) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/customers/${id}`),
        hostileVariants(
          fc.record(
            {
              notes: fc.constantFrom('Prefers mornings', 'Line one\r\nLine two', ''),
              name: fc.constantFrom('Fuzz Renamed', 'Zoë'),
              email: fc.constantFrom('fuzz@example.com', ''),
              phone: fc.constantFrom('07700 900777', '', '+44 7700 900778'),
              marketingConsent: fc.boolean(),
            },
            { requiredKeys: [] },
          ),
          3,
        ),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fuzzCustomer.chain((id) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/customers/${id}/dogs`),
        hostileVariants(
          fc.record({
            name: fc.constantFrom('Pip', 'Fido 0', 'Ünïcode'),
            breedId: fc.constantFrom(...BREEDS),
            weightKg: fc.constantFrom(4, 12.5, 30),
            coat: fc.constantFrom(...COATS),
          }),
          3,
        ),
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fuzzCustomer, fuzzDog).chain(([id, dog]) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/customers/${id}/dogs/${dog}`),
        hostileVariants(
          fc.record(
            {
              weightKg: fc.constantFrom(8, 8.5, 99.9),
              temperament: fc.constantFrom('Calm', 'Nips at the dryer'),
              vetName: fc.constantFrom('Leyton Vets', ''),
              vetPhone: fc.constantFrom('020 8556 0000', ''),
              vaccinations: fc.constantFrom([], [{ name: 'Kennel cough', expiresOn: '2027-01-01' }]),
              nervous: fc.boolean(),
            },
            { requiredKeys: [] },
          ),
          3,
        ),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fuzzCustomer, fuzzCustomer)
      .chain(([id, from]) =>
        staffPosts(
          fc.constant(`/v1.0.1/management/customers/${id}/merge`),
          hostileVariants(fc.record({ from: fc.constant(from) }), 3),
        ),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fuzzCustomer, fuzzCustomer)
      .chain(([id, from]) =>
        staffPosts(
          fc.constant(`/v1.0.1/management/customers/${id}/merge/code`),
          hostileVariants(fc.record({ from: fc.constant(from) }), 2),
        ),
      ),
  },
  {
    weight: 1,
    arbitrary: fuzzCustomer.chain((id) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/customers/${id}/erase`),
        hostileVariants(fc.record({ confirm: fc.constant('erase') }), 2),
      ),
    ),
  },
);

const financeRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        what: fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom('', '/deposits', '/takings.csv') },
          { weight: 1, arbitrary: fc.constantFrom('/deposits?cursor=x', '/refunds', '/x') },
        ),
        from: fc.integer({ min: -400, max: 60 }),
        days: fc.integer({ min: 0, max: 120 }),
        by: fc.constantFrom('day', 'week', 'month'),
        broken: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 2, arbitrary: mutations }),
        method: methodFor('GET'),
        headers: recordsStaffHeaders(false),
        ip,
      })
      .map(({ what, from, days, by, broken, ...rest }) => {
        // Each endpoint's own parameters: `by` only for the takings.
        const valid = {
          from: addDays(today(), from),
          to: addDays(today(), from + days),
          ...(what === '' ? { by } : {}),
        };
        return {
          ...rest,
          path: `/v1.0.1/management/finances${what}${what.includes('?') ? '&' : '?'}${queryOf(applyMutations(valid, broken))}`,
        };
      }),
  },
  {
    weight: 1,
    arbitrary: staffPosts(
      fc.constant('/v1.0.1/management/finances/refunds'),
      hostileVariants(
        fc.record(
          {
            bookingId: pick(pools.bookingIds, 'A'.repeat(24)),
            amountPence: fc.constantFrom(100, 1000),
            reason: fc.constantFrom('Goodwill', 'Cancelled by phone'),
          },
          { requiredKeys: ['bookingId', 'reason'] },
        ),
        3,
      ),
    ),
  },
);

const fuzzBreed = fc.oneof(
  { weight: 5, arbitrary: pick(records.breedIds, 'fuzz-none') },
  { weight: 1, arbitrary: fc.constantFrom('none-other', 'No Such', '..') },
  { weight: 1, arbitrary: oddId },
);
const breedBand = fc.record({
  name: fc.integer({ min: 0, max: 1_000_000 }).map((n) => `Fuzz Breed ${n}`),
  usualDurationMin: fc.constantFrom(null, 45, 90),
  priceFromPence: fc.constantFrom(null, 4000),
  priceToPence: fc.constantFrom(null, 6000),
});
const breedRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 2, arbitrary: staffGets(fc.constantFrom('/v1.0.1/management/breeds', '/v1.0.1/management/breeds?x=1')) },
  { weight: 3, arbitrary: staffPosts(fc.constant('/v1.0.1/management/breeds'), hostileVariants(breedBand, 3)) },
  {
    weight: 2,
    arbitrary: fuzzBreed.chain((id) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/breeds/${id}`),
        hostileVariants(
          fc.record(
            {
              name: fc.constantFrom('Fuzz Renamed', 'Beagle'),
              usualDurationMin: fc.constantFrom(null, 60),
            },
            { requiredKeys: [] },
          ),
          3,
        ),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fuzzBreed.chain((id) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/breeds/${id}/remove`),
        hostileVariants(
          fc.record({ replacementId: fc.constantFrom('none-other', 'fuzz-none') }, { requiredKeys: [] }),
          3,
        ),
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: fuzzBreed.chain((id) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/breeds/${id}/image`),
        hostileVariants(fc.record({ image: pick(records.pictures, 'iVBORw0KGgo=') }), 3),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fuzzBreed.chain((id) =>
      staffPosts(fc.constant(`/v1.0.1/management/breeds/${id}/image/remove`), hostileVariants(fc.constant({}), 3)),
    ),
  },
);
const breedImageRequests = getRequests(
  fc.oneof(
    fc
      .tuple(
        pick(records.imageNames, 'a'.repeat(64)),
        fc.constantFrom('', '?w=48', '?w=640', '?w=5000', '?w=-1', '?w=48&w=96'),
      )
      .map(([name, q]) => `/v1.0.1/breed-images/${name}.webp${q}`),
    oddId.map((id) => `/v1.0.1/breed-images/${id}`),
  ),
);

const settingsRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 2, arbitrary: staffGets(fc.constant('/v1.0.1/management/settings')) },
  // Valid changes are the defaults, so the rows after this one book under the same rules.
  {
    weight: 2,
    arbitrary: staffPosts(
      fc.constant('/v1.0.1/management/settings'),
      hostileVariants(
        fc.record(
          {
            minNoticeMinutes: fc.constant(DEFAULT_BOOKING_SETTINGS.minNoticeMinutes),
            cancellationNoticeHours: fc.constant(DEFAULT_BOOKING_SETTINGS.cancellationNoticeHours),
            capacity: fc.constant(DEFAULT_BOOKING_SETTINGS.capacity),
            horizonWeeks: fc.constant(DEFAULT_BOOKING_SETTINGS.horizonWeeks),
          },
          { requiredKeys: [] },
        ),
        3,
      ),
    ),
  },
  {
    weight: 2,
    arbitrary: staffPosts(
      fc.constant('/v1.0.1/management/services'),
      hostileVariants(
        fc.record({
          title: fc.integer({ min: 0, max: 1_000_000 }).map((n) => `Fuzz service ${n}`),
          price: fc.constantFrom(0, 1500),
          duration: fc.constantFrom(15, 60),
          description: fc.constantFrom('<p>Fine</p>', '<script>alert(1)</script>', ''),
          display_order: fc.constant(50),
          kind: fc.constantFrom('extras', 'other'),
          active: fc.constant(false),
        }),
        3,
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(pick(records.serviceIds, 'fuzz-none'), oddId).chain((id) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/services/${id}`),
        hostileVariants(
          fc.record(
            {
              price: fc.constantFrom(100, 2000),
              active: fc.constant(false),
              title: fc.constant('Fuzz renamed'),
            },
            { requiredKeys: [] },
          ),
          3,
        ),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: staffPosts(
      fc.constant('/v1.0.1/management/closures'),
      hostileVariants(
        fc.record(
          {
            date: fc.integer({ min: 1, max: 28 }).map((d) => `2998-12-${String(d).padStart(2, '0')}`),
            reason: fc.constantFrom('Fuzz', ''),
          },
          { requiredKeys: ['date'] },
        ),
        3,
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(pick(records.closedDays, '2998-01-01'), aDate, oddId)
      .chain((day) =>
        staffPosts(fc.constant(`/v1.0.1/management/closures/${day}/remove`), hostileVariants(fc.constant({}), 3)),
      ),
  },
);

// The extras catalogue (issue 20): valid changes touch only the fuzz's own extras, added retired, so
// the other rows quote and book against the first edition.
const extra = fc.record(
  {
    title: fc.integer({ min: 0, max: 1_000_000 }).map((n) => `Fuzz extra ${n}`),
    description: fc.constantFrom('', 'A soothing balm.'),
    price: fc.constantFrom(0, 400),
    minutes: fc.constantFrom(0, 15, 240),
    only_with: fc.constantFrom([], ['nails'], ['full', 'shower']),
    display_order: fc.constant(50),
    active: fc.constant(false),
  },
  { requiredKeys: ['title', 'description', 'price', 'minutes', 'only_with', 'display_order', 'active'] },
);
const extraRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 2,
    arbitrary: staffGets(fc.constantFrom('/v1.0.1/management/extras', '/v1.0.1/management/extras?x=1')),
  },
  { weight: 3, arbitrary: staffPosts(fc.constant('/v1.0.1/management/extras'), hostileVariants(extra, 3)) },
  {
    weight: 3,
    arbitrary: fc.oneof(pick(records.extraIds, 'fuzz-none'), oddId).chain((id) =>
      staffPosts(
        fc.constant(`/v1.0.1/management/extras/${id}`),
        hostileVariants(
          fc.record(
            {
              price: fc.constantFrom(100, 2000),
              minutes: fc.constantFrom(5, 240),
              only_with: fc.constantFrom([], ['full']),
              title: fc.constant('Fuzz renamed'),
            },
            { requiredKeys: [] },
          ),
          3,
        ),
      ),
    ),
  },
);

// ---- the waitlist (docs/decisions/084) --------------------------------------------------------
// Joins mostly without proof (a 403 asking for the code) and some with a code texted in beforeAll,
// each of which proves one join; the request's page and withdraw with the ids those joins made.
const waitlistJoin = fc
  .record({
    proof: fc.boolean(),
    serviceId: fc.oneof(
      { weight: 6, arbitrary: fc.constant('nails') },
      { weight: 1, arbitrary: fc.constantFrom(...SERVICES) },
    ),
    dog: fc.record({
      name: fc.constantFrom('Biscuit', 'Zoë', 'Юпитер'),
      breedId: fc.constantFrom(...BREEDS),
      weightKg: fc.integer({ min: 5, max: 1000 }).map((n) => n / 10),
      coat: fc.constantFrom(...COATS),
    }),
    extras: fc.option(extrasList, { nil: undefined }),
    from: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 30 }) },
      { weight: 1, arbitrary: fc.integer({ min: -2, max: DEFAULT_BOOKING_SETTINGS.horizonWeeks * 7 + 2 }) },
    ),
    span: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 6, max: 14 }) },
      { weight: 1, arbitrary: fc.integer({ min: -1, max: 30 }) },
    ),
    weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
    parts: fc.subarray(['morning', 'afternoon'], { minLength: 1 }),
    notify: fc.record({ text: fc.boolean(), email: fc.boolean() }),
    email: fc.constantFrom('', 'sam@example.com'),
    phone,
    // A household's request (decision 084 "Several dogs"): the same join as `dogs`, with a second dog.
    party: sometimes(fc.constantFrom<unknown>('shower', 'nails', undefined, 7, ''), 25),
  })
  .chain((r) => {
    // Each code proves one join: a request that carries one takes it from the pool.
    const proof = r.proof ? (pools.waitlistProofs.shift() ?? null) : null;
    const from = addDays(today(), r.from);
    const one = { serviceId: r.serviceId, dog: r.dog, ...(r.extras ? { extras: r.extras } : {}) };
    const dogs =
      r.party === null
        ? one
        : { dogs: [one, { serviceId: r.party ?? r.serviceId, dog: { ...r.dog, name: `${r.dog.name} too` } }] };
    const valid = {
      ...dogs,
      from,
      to: addDays(from, r.span),
      weekdays: r.weekdays,
      parts: r.parts,
      owner: { name: 'Sam Jones', phone: proof?.phone ?? r.phone, email: r.email },
      notify: r.notify,
      ...(proof ? { phoneProof: { requestId: proof.requestId, code: proof.code } } : {}),
      idempotencyKey: randomUUID(),
    };
    return jsonRequests({
      method: 'POST',
      path: fc.constant('/v1.0.1/waitlist'),
      // A request with a code is mostly sent as it is, so that codes make requests.
      body: hostileVariants(fc.constant(valid), proof ? 12 : 3),
    });
  });
const waitlistIdInPath = fc.oneof(
  { weight: 5, arbitrary: pick(pools.waitlistIds, 'A'.repeat(24)) },
  { weight: 3, arbitrary: oddId },
);
const waitlistRequestRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 2,
    arbitrary: getRequests(
      fc
        .tuple(waitlistIdInPath, fc.constantFrom('', '', '', '/x', '/', '/withdraw'))
        .map(([id, s]) => `/v1.0.1/waitlist/${id}${s}`),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(waitlistIdInPath, fc.constantFrom('withdraw', 'withdraw', 'WITHDRAW', 'withdraw/x', ''))
      .chain(([id, action]) =>
        jsonRequests({
          method: 'POST',
          path: fc.constant(`/v1.0.1/waitlist/${id}/${action}`),
          body: hostileVariants(fc.constant({}), 3),
        }),
      ),
  },
);

const ROWS: Record<string, Row> = {
  bookings: {
    label: 'POST /v1.0.1/bookings',
    runs: 1000,
    requests: bookingRequests,
    answer: CreateBookingResponseSchema,
    least: { ok: 60, refused: 500 },
    learn: async (req, answer) => {
      const { bookingId, accessKey } = CreateBookingResponseSchema.parse(answer);
      if (!pools.bookingIds.includes(bookingId)) pools.bookingIds.push(bookingId);
      const text = typeof req.body === 'string' ? req.body : new TextDecoder().decode(req.body);
      pools.requests.push(text);
      // A byte order mark is allowed before JSON (RFC 8259 §8.1) and the server reads past it.
      const sent = JSON.parse(text.replace(/^\ufeff/, '')) as { idempotencyKey: string; owner: { phone: string } };
      pools.idempotencyKeys.push(sent.idempotencyKey);
      if (accessKey) {
        pools.accessKeys.push(accessKey);
        const dogs = await query<{ dog_id: string }>('SELECT dog_id FROM bookings WHERE id = $1', [bookingId]);
        pools.customers.push({ phone: sent.owner.phone, key: accessKey, dogIds: dogs.map((d) => d.dog_id) });
      }
    },
  },
  availability: {
    label: 'GET /v1.0.1/availability',
    runs: 900,
    requests: availabilityRequests,
    answer: AvailabilityResponseSchema,
    least: { ok: 150, refused: 300 },
    readOnly: true,
  },
  'visit-status': {
    label: 'GET /v1.0.1/bookings/{id}/status',
    runs: 300,
    requests: visitStatusRequests,
    answer: VisitStatusSchema,
    least: { ok: 20, refused: 100 },
    readOnly: true,
  },
  booking: {
    label: 'GET /v1.0.1/bookings/{id}',
    runs: 1200,
    requests: bookingViewRequests,
    answer: BookingViewSchema,
    least: { ok: 50, refused: 300 },
    readOnly: true,
  },
  'booking-changes': {
    label: 'POST /v1.0.1/bookings/{id}/cancel|move',
    runs: 900,
    requests: changeRequests,
    answer: BookingViewSchema,
    least: { ok: 10, refused: 300 },
  },
  'waitlist-offers': {
    label: 'POST /v1.0.1/waitlist/{id}/offers/{offer}/…',
    runs: 300,
    requests: waitlistOfferRequests,
    // No offer exists in the fuzz's shop: every answer is a refusal, and none may be a 5xx or a write.
    least: { ok: 0, refused: 200 },
  },
  'marketing-opt-out': {
    label: 'POST /v1.0.1/marketing/opt-out',
    runs: 300,
    requests: optOutRequests,
    // No token of the fuzz's is real: every answer is a refusal (a 404 above all), never a 5xx or a write.
    least: { ok: 0, refused: 200 },
  },
  consents: {
    label: 'GET|POST /v1.0.1/consents/{token}[/photo]',
    runs: 300,
    requests: consentRequests,
    // No token of the fuzz's is real: every answer is a refusal (404, 400, 429), never a 5xx or a write.
    least: { ok: 0, refused: 200 },
  },
  rebook: {
    label: 'GET|POST /v1.0.1/bookings/{id}/rebook, POST …/series/cancel',
    runs: 600,
    requests: rebookRequests,
    answer: z.union([RebookProposalsSchema, RebookResponseSchema, CancelSeriesResponseSchema]),
    least: { ok: 10, refused: 200 },
  },
  waitlist: {
    label: 'POST /v1.0.1/waitlist',
    runs: 600,
    requests: waitlistJoin,
    answer: JoinWaitlistResponseSchema,
    least: { ok: 5, refused: 300 },
    learn: async (_req, answer) => {
      pools.waitlistIds.push(JoinWaitlistResponseSchema.parse(answer).requestId);
    },
  },
  'waitlist-request': {
    label: 'GET /v1.0.1/waitlist/{id}, POST …/withdraw',
    runs: 600,
    requests: waitlistRequestRequests,
    answer: WaitlistViewSchema,
    least: { ok: 20, refused: 200 },
  },
  magic: {
    label: 'POST /v1.0.1/magic',
    runs: 1700,
    requests: magicRequests,
    least: { ok: 200, refused: 700 },
    answer: z.union([IdentifyResponseSchema, RecordedResponseSchema]),
    learn: async (_req, answer) => {
      const id = (answer as { session_id?: unknown }).session_id;
      if (typeof id === 'string') pools.sessionIds.push(id);
    },
  },
  'stripe-webhook': {
    label: 'POST /v1.0.1/payments/stripe-webhook',
    runs: 1100,
    requests: webhookRequests,
    least: { ok: 30, refused: 300 },
    answer: z.object({ received: z.literal(true), outcome: z.string() }),
  },
  'devices-auth': {
    label: 'GET /v1.0.1/devices/auth',
    runs: 1000,
    requests: getRequests(fc.constant('/v1.0.1/devices/auth')),
    answer: DeviceUserSchema,
    least: { ok: 20, refused: 300 },
    readOnly: true,
  },
  'customer-auth': {
    label: 'GET /v1.0.1/customer/auth',
    runs: 1000,
    requests: getRequests(fc.constant('/v1.0.1/customer/auth')),
    answer: CustomerAuthResponseSchema,
    least: { ok: 20, refused: 300 },
    readOnly: true,
  },
  'saved-dogs': {
    label: 'GET /v1.0.1/customer/dogs',
    runs: 900,
    requests: getRequests(fc.constant('/v1.0.1/customer/dogs')),
    answer: SavedDogsResponseSchema,
    least: { ok: 20, refused: 300 },
    readOnly: true,
  },
  'booking-types': {
    label: 'GET /v1.0.1/cms/booking-types',
    runs: 400,
    requests: getRequests(fc.constant('/v1.0.1/cms/booking-types')),
    answer: BookingTypesResponseSchema,
    least: { ok: 150, refused: 30 },
    readOnly: true,
  },
  breeds: {
    label: 'GET /v1.0.1/breeds',
    runs: 400,
    requests: getRequests(fc.constant('/v1.0.1/breeds')),
    answer: BreedsResponseSchema,
    least: { ok: 150, refused: 30 },
    readOnly: true,
  },
  quote: {
    label: 'GET /v1.0.1/quote',
    runs: 600,
    requests: quoteRequests,
    answer: QuoteResponseSchema,
    least: { ok: 30, refused: 200 },
    readOnly: true,
  },
  'phone-codes': {
    label: 'POST /v1.0.1/phone-codes',
    runs: 600,
    requests: phoneCodeRequests,
    answer: PhoneCodeResponseSchema,
    least: { ok: 20, refused: 200 },
  },
  'cms-preview': {
    label: 'GET /preview/blog/{slug}',
    runs: 300,
    requests: previewRequests,
    least: { ok: 0, refused: 150 },
    readOnly: true,
    page: true,
  },
  'cms-preview-links': {
    label: 'POST /preview/links',
    runs: 300,
    requests: previewLinkRequests,
    least: { ok: 0, refused: 150 },
    readOnly: true,
  },
  'cms-publish-webhook': {
    label: 'POST /v1.0.1/cms/publish-webhook',
    runs: 300,
    requests: publishRequests,
    least: { ok: 0, refused: 150 },
    readOnly: true,
  },
  // A fifth of these are OPTIONS (204): about 160 refusals in 200, so 150 failed one run in a hundred or so (seed 1013744028).
  'blog-posts': {
    label: 'POST|PUT|PATCH|DELETE|OPTIONS /v1.0.1/cms/blog/posts',
    runs: 200,
    requests: blogPostsRequests,
    least: { ok: 0, refused: 130 },
    readOnly: true,
  },
  'management-customers': {
    label: 'GET|POST /v1.0.1/management/customers…',
    runs: 700,
    requests: customerRequests,
    least: { ok: 80, refused: 250 },
    answer: z.union([
      CustomerListResponseSchema,
      CustomerRecordSchema,
      CustomerSavedSchema,
      MergedSchema,
      ErasedSchema,
      VisitsPageSchema,
      MessagesPageSchema,
      CustomerExportSchema,
    ]),
  },
  'management-finances': {
    label: 'GET|POST /v1.0.1/management/finances…',
    runs: 500,
    requests: financeRequests,
    least: { ok: 40, refused: 200 },
    file: /^text\/csv/,
    answer: z.union([FinancesResponseSchema, DepositsResponseSchema, RefundResponseSchema]),
  },
  'management-breeds': {
    label: 'GET|POST /v1.0.1/management/breeds…',
    runs: 500,
    requests: breedRequests,
    least: { ok: 60, refused: 200 },
    answer: z.union([StaffBreedsResponseSchema, BreedSavedSchema, BreedRemovedSchema]),
    learn: async (_req, answer) => {
      const breed = (answer as { breed?: { _id: string; image_url_s3: string | null } }).breed;
      if (breed && !records.breedIds.includes(breed._id)) records.breedIds.push(breed._id);
      const name = /([0-9a-f]{64})\.webp$/.exec(breed?.image_url_s3 ?? '')?.[1];
      if (name && !records.imageNames.includes(name)) records.imageNames.push(name);
    },
  },
  'breed-images': {
    label: 'GET /v1.0.1/breed-images/{name}',
    runs: 300,
    requests: breedImageRequests,
    least: { ok: 3, refused: 150 },
    readOnly: true,
    file: /^image\/webp$/,
  },
  'management-settings': {
    label: 'GET|POST /v1.0.1/management/settings|services|closures…',
    runs: 500,
    requests: settingsRequests,
    least: { ok: 60, refused: 200 },
    answer: z.union([ShopSettingsSchema, SettingsSavedSchema, ServiceSavedSchema, ClosuresSavedSchema]),
    learn: async (_req, answer) => {
      const service = (answer as { service?: { _id: string } }).service;
      if (service && !records.serviceIds.includes(service._id)) records.serviceIds.push(service._id);
      for (const { date } of (answer as { closures?: { date: string }[] }).closures ?? [])
        if (!records.closedDays.includes(date)) records.closedDays.push(date);
    },
  },
  'management-extras': {
    label: 'GET|POST /v1.0.1/management/extras[/{id}]',
    runs: 300,
    requests: extraRequests,
    least: { ok: 40, refused: 120 },
    answer: z.union([StaffExtrasResponseSchema, ExtraSavedSchema]),
    learn: async (_req, answer) => {
      const saved = (answer as { extra?: { _id: string } }).extra;
      if (saved && !records.extraIds.includes(saved._id)) records.extraIds.push(saved._id);
    },
  },
  'management-schedule': {
    label: 'GET /v1.0.1/management/schedule',
    runs: 250,
    requests: scheduleRequests,
    answer: ScheduleResponseSchema,
    least: { ok: 25, refused: 80 },
    readOnly: true,
    learn: async (_req, answer) => {
      const next = ScheduleResponseSchema.parse(answer).next;
      if (next) staffPools.cursors.push(next);
    },
  },
  'management-free-times': {
    label: 'GET /v1.0.1/management/free-times',
    runs: 200,
    requests: freeTimesRequests,
    answer: FreeTimesResponseSchema,
    least: { ok: 20, refused: 80 },
    readOnly: true,
  },
  'management-customer-lookup': {
    label: 'GET /v1.0.1/management/customer-lookup',
    runs: 200,
    requests: lookupRequests,
    answer: CustomerLookupResponseSchema,
    least: { ok: 30, refused: 80 },
    readOnly: true,
  },
  'management-dashboard': {
    label: 'GET /v1.0.1/management/dashboard',
    runs: 100,
    requests: dashboardRequests,
    answer: DashboardResponseSchema,
    least: { ok: 30, refused: 20 },
    readOnly: true,
  },
  'management-phone-bookings': {
    label: 'POST /v1.0.1/management/bookings',
    runs: 300,
    requests: phoneBookingRequests,
    answer: StaffBookingResponseSchema,
    least: { ok: 15, refused: 150 },
    learn: learnBooking,
  },
  'management-waitlist-requests': {
    label: 'POST /v1.0.1/management/waitlist',
    runs: 300,
    requests: callerWaitlistRequests,
    answer: StaffWaitlistResponseSchema,
    least: { ok: 10, refused: 100 },
  },
  'management-booking-changes': {
    label: 'POST /v1.0.1/management/bookings/{id}/…',
    runs: 400,
    requests: staffChangeRequests,
    least: { ok: 10, refused: 200 },
    answer: z.union([AttendanceResponseSchema, z.object({ booking: ScheduleBookingSchema })]),
  },
  'management-check-in': {
    label: 'POST /v1.0.1/management/bookings/{id}/check-in[/photo]',
    runs: 250,
    requests: checkInRequests,
    // Real check-ins, not any 2xx: the OPTIONS 204s alone once passed for reaching them (issue 28).
    // A fifth of the row's requests are the counter's own, and bodyOf sends 5 in 6 of those as they
    // are: one request in six is a check-in, 42 a run on average, the others' aside. Fewer than 5 is
    // a chance of about 4e-15 a seed, whatever the day.
    least: { ok: 5, refused: 100 },
    reached: {
      what: 'check-ins (a 200 with the booking)',
      is: (req, answer) => req.method === 'POST' && req.path.endsWith('/check-in') && hasBooking(answer),
    },
    answer: z.union([z.object({ booking: ScheduleBookingSchema }), VisitPhotoSchema]),
  },
  'management-rebook': {
    label: 'GET|POST /v1.0.1/management/bookings/{id}/rebook, GET …/series, POST …/series/cancel',
    runs: 250,
    requests: staffRebookRequests,
    least: { ok: 10, refused: 100 },
    answer: z.union([
      RebookProposalsSchema,
      RebookResponseSchema,
      StaffSeriesResponseSchema,
      StaffCancelSeriesResponseSchema,
    ]),
  },
  // A fuzz visit may be completed by the row above: its report card may then be sent (200).
  'management-report-cards': {
    label: 'GET|POST /v1.0.1/management/bookings/{id}/report-card, GET …/photos/{side}',
    runs: 250,
    requests: staffReportCardRequests,
    least: { ok: 5, refused: 100 },
    answer: z.union([StaffReportCardSchema, z.object({ report: ReportCardViewSchema, sent: z.boolean() })]),
    file: /^image\/webp$/,
  },
  // The owner's side has a card only when staff sent one above; otherwise every answer is a 404.
  'report-cards': {
    label: 'GET /v1.0.1/bookings/{id}/report-card|photos/{side}, POST …/photo-use',
    runs: 250,
    requests: reportCardRequests,
    least: { ok: 0, refused: 100 },
    answer: z.union([OwnerReportCardSchema, PhotoUseResponseSchema]),
    file: /^image\/webp$/,
  },
  // No fuzz booking is checked in: every tap is refused (409 in words), never a 5xx or a write.
  'management-visit-stages': {
    label: 'POST /v1.0.1/management/bookings/{id}/stage',
    runs: 250,
    requests: stageRequests,
    least: { ok: 0, refused: 150 },
    answer: StageResponseSchema,
  },
  'management-balance-links': {
    label: 'GET|POST /v1.0.1/management/bookings/{id}/balance-link',
    runs: 250,
    requests: balanceLinkRequests,
    least: { ok: 5, refused: 100 },
    answer: BalanceLinkResponseSchema,
  },
  'management-no-shows': {
    label: 'GET|POST /v1.0.1/management/bookings/{id}/no-show-fee[/refund], customers/{id}/strikes[/{booking}/waive]',
    runs: 250,
    requests: noShowRequests,
    least: { ok: 10, refused: 100 },
    answer: z.union([NoShowFeeResponseSchema, StrikesResponseSchema]),
  },
  'management-blocks': {
    label: 'POST /v1.0.1/management/blocks[/{id}/remove]',
    runs: 250,
    requests: blockRequests,
    answer: BlockResponseSchema,
    least: { ok: 10, refused: 120 },
    learn: async (_req, answer) => {
      staffPools.blockIds.push(BlockResponseSchema.parse(answer).block.id);
    },
  },
  'management-waitlist': {
    label: 'GET|POST /v1.0.1/management/waitlist/…',
    runs: 250,
    requests: staffWaitlistRequests,
    answer: z.union([
      WaitlistCountsResponseSchema,
      StaffWaitlistDaySchema,
      StaffOfferResponseSchema,
      WaitlistViewSchema,
    ]),
    least: { ok: 20, refused: 100 },
  },
  'management-messages': {
    label: 'POST /v1.0.1/management/messages/{id}/retry',
    runs: 200,
    requests: messageRequests,
    answer: MessageRetryResponseSchema,
    least: { ok: 3, refused: 80 },
  },
  'management-sign-in': {
    label: 'POST /v1.0.1/management/sign-in/codes|by-code',
    runs: 700,
    requests: codeSignInRequests,
    least: { ok: 30, refused: 300 },
    answer: z.union([PhoneCodeResponseSchema, StaffSignInResponseSchema]),
    learn: async (req, answer) => {
      const signedIn = StaffSignInResponseSchema.safeParse(answer);
      if (signedIn.success) {
        pools.spareStaffKeys.push(signedIn.data.accessKey);
        return;
      }
      // A code the demo staff member was sent: read it where they would, so by-code can succeed.
      const { requestId } = PhoneCodeResponseSchema.parse(answer);
      const [text] = await query<{ body_text: string }>(
        `SELECT o.body_text FROM outbox o JOIN phone_codes p ON p.phone = o.recipient WHERE p.id = $1 AND o.kind = 'phone_code' ORDER BY o.id DESC LIMIT 1`,
        [requestId],
      );
      const code = /^(\d{6}) /.exec(text?.body_text ?? '')?.[1];
      if (code && req.path.endsWith('/codes')) pools.codeRequests.push({ phone: DEMO_STAFF, requestId, code });
    },
  },
  'management-passkey-sign-in': {
    label: 'POST /v1.0.1/management/sign-in/passkey-*',
    runs: 500,
    requests: passkeySignInRequests,
    least: { ok: 30, refused: 250 },
    answer: z.union([PasskeyOptionsResponseSchema, StaffSignInResponseSchema]),
    learn: async (_req, answer) => {
      const options = PasskeyOptionsResponseSchema.safeParse(answer);
      if (options.success) pools.challengeIds.push(options.data.challengeId);
      const signedIn = StaffSignInResponseSchema.safeParse(answer);
      if (signedIn.success) pools.spareStaffKeys.push(signedIn.data.accessKey);
    },
  },
  'management-session': {
    label: 'GET /v1.0.1/management/session, POST sign-out',
    runs: 400,
    requests: sessionRequests,
    least: { ok: 60, refused: 100 },
    answer: z.union([StaffSessionResponseSchema, OkResponseSchema]),
  },
  'management-staff': {
    label: 'GET|POST /v1.0.1/management/staff[/{id}/…]',
    runs: 600,
    requests: staffListRequests,
    least: { ok: 60, refused: 250 },
    answer: z.union([StaffListResponseSchema, AddStaffResponseSchema, OkResponseSchema]),
    learn: async (_req, answer) => {
      const added = AddStaffResponseSchema.safeParse(answer);
      if (added.success) pools.staffIds.push(added.data.member._id);
      // The fuzz's key proves itself again now and then, as its holder would, so changes can succeed.
      await query('UPDATE access_keys SET proven_at = now() WHERE key_hash = $1', [hashAccessKey(pools.staffKeys[0]!)]);
    },
  },
  'management-step-up': {
    label: 'POST /v1.0.1/management/step-up/*',
    runs: 400,
    requests: stepUpRequests,
    least: { ok: 10, refused: 150 },
    answer: z.union([PhoneCodeResponseSchema, PasskeyOptionsResponseSchema, StepUpResponseSchema]),
    learn: async (req, answer) => {
      const asked = PhoneCodeResponseSchema.safeParse(answer);
      if (!asked.success || !req.path.endsWith('/codes')) return;
      const [text] = await query<{ body_text: string }>(
        `SELECT o.body_text FROM outbox o JOIN phone_codes p ON p.phone = o.recipient WHERE p.id = $1 AND o.kind = 'phone_code' ORDER BY o.id DESC LIMIT 1`,
        [asked.data.requestId],
      );
      const code = /^(\d{6}) /.exec(text?.body_text ?? '')?.[1];
      if (code) pools.stepUpCodes.push({ requestId: asked.data.requestId, code });
    },
  },
  'management-passkeys': {
    label: 'GET|POST /v1.0.1/management/passkeys[/options|/{id}/remove]',
    runs: 600,
    requests: passkeyRequests,
    least: { ok: 60, refused: 250 },
    answer: z.union([PasskeysResponseSchema, PasskeyOptionsResponseSchema, PasskeyResponseSchema, OkResponseSchema]),
    learn: async (_req, answer) => {
      const added = PasskeyResponseSchema.safeParse(answer);
      if (added.success) pools.passkeyIds.push(added.data.passkey._id);
    },
  },
};

// ---- running and checking -------------------------------------------------------------------

type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;
let functions: LocalFunction[] = [];
const handlers = new Map<string, Handler>();
const tallies = new Map<string, Map<number, number>>();
/** For a row with `reached`, how many of its 2xx were what it counts. */
const reachedTallies = new Map<string, number>();
const timings = new Map<string, { wallMs: number; cpuMs: number }>();

// What the functions log (a 500's error, a refused Stripe event) is kept rather than printed: the
// first line of a 500's log goes into its problem, the rest is counted in the tally.
const logged: string[] = [];
let loggedInAll = 0;
const consoleError = console.error;

/** Rows written to the business tables, counted by a trigger: a refused request must not move it. */
let writesSoFar = 0;
/** The 2xx of the row running that are what its `reached` counts. */
let reachedSoFar = 0;
async function writes(): Promise<number> {
  const [row] = await query<{ n: number }>('SELECT n::int AS n FROM fuzz_writes');
  return row!.n;
}

/**
 * `count` visits of today in the shop's zone (today by `new Date()`: the clock the process runs at),
 * written straight into the tables, an hour and a half apart from `first`, for the check-in row to
 * check in (issue 28). A visit may be checked in from the start of its day on (mayMarkAttendance), so
 * they serve whether or not the shop opens today, whatever the hour, and still after midnight passes
 * during the run; the fuzz's own bookings are all ahead of now, and on a Sunday, a holiday or after
 * the day's last time none of them is today's.
 */
async function visitsOfToday(count: number, first = '09:00'): Promise<string[]> {
  const { timeZone } = DEFAULT_BOOKING_SETTINGS;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const time = timeOfMinutes(minutesOfTime(first) + 90 * i);
    const { bookingId } = await insertBooking({
      customer: { name: `Fuzz Visit ${i}` },
      dog: { name: `Today ${i}` },
      start: zonedDateTimeToInstant(today(), time, timeZone),
    });
    ids.push(bookingId);
  }
  return ids;
}

beforeAll(async () => {
  console.error = (...args: unknown[]) => {
    loggedInAll++;
    logged.push(
      args
        .map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a)))
        .join(' ')
        .split('\n')[0]!
        .slice(0, 300),
    );
  };
  functions = await listLocalFunctions(FUNCTIONS_DIR);
  for (const fn of functions) {
    if (SCHEDULED.includes(fn.name)) continue;
    // Called as Netlify calls them: with the `context.params` of the function's own config.path.
    handlers.set(fn.name, routed((await import(fn.mainFile)) as FunctionModule));
  }
  // Every row written to the business's tables counts, committed only: a rolled-back transaction
  // takes its count with it. Rate-limit windows (written before a refusal, by design), a key's
  // last_used_at (touched by any call carrying it), a code's tries and a passkey challenge used up
  // by a wrong answer (counted and spent on purpose, docs/decisions/053 and 057) are not the request's writes.
  await query(`
    CREATE TABLE fuzz_writes (n bigint NOT NULL);
    INSERT INTO fuzz_writes VALUES (0);
    CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$;
    ${[
      'bookings',
      'customers',
      'dogs',
      'outbox',
      'stripe_events',
      'visit_sessions',
      'page_views',
      'analytics_events',
      'settings',
      'closures',
      'booking_cells',
      'staff_passkeys',
      'time_blocks',
      'audit_log',
      'waitlist_requests',
    ]
      .map(
        (t) =>
          `CREATE TRIGGER fuzz_${t} AFTER INSERT OR UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();`,
      )
      .join('\n')}
    CREATE TRIGGER fuzz_access_keys AFTER INSERT OR DELETE ON access_keys FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();
  `);
  pools.accessKeys.push(
    await transaction(async (tx) => {
      const {
        rows: [staff],
      } = await tx.query<{ id: string }>('SELECT id FROM customers WHERE privileges = 2 LIMIT 1');
      return issueAccessKey(tx, staff!.id, 'staff');
    }),
  );
  // Codes texted to numbers of the waitlist's own, read from the outbox as their owners would.
  for (let i = 0; i < 30; i++) {
    const e164 = `+447700900${950 + i}`;
    const { requestId } = await requestPhoneCode({
      phone: e164,
      purpose: 'booking',
      ip: `198.18.0.${i}`,
      siteUrl: HOST,
    });
    const [text] = await query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE kind = 'phone_code' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
      [e164],
    );
    pools.waitlistProofs.push({ phone: `07700 900${950 + i}`, requestId, code: text!.body_text.slice(0, 6) });
  }
  // Requests already on the list, so the request row reads and withdraws real ones whatever the join
  // row's random bodies made: seed 875603187 made none, and that row saw no 2xx at all.
  for (let i = 0; i < 5; i++)
    pools.waitlistIds.push(
      await waitingRequest({ createdAt: new Date(), date: addDays(today(), 7), phone: `+44770090099${i}` }),
    );
  // The staff rows' own keys, a few members to remove, and passkey answers for real challenges.
  await transaction(async (tx) => {
    const {
      rows: [staff],
    } = await tx.query<{ id: string }>('SELECT id FROM customers WHERE privileges = 2 LIMIT 1');
    pools.staffKeys.push(await issueAccessKey(tx, staff!.id, 'staff', { provenAt: new Date() }));
    for (let i = 0; i < 40; i++) pools.spareStaffKeys.push(await issueAccessKey(tx, staff!.id, 'staff'));
    for (let i = 0; i < 5; i++) {
      const id = `fuzzstaff${String(i).padStart(4, '0')}`;
      await tx.query(`INSERT INTO customers (id, phone, name, privileges) VALUES ($1, $2, 'Fuzz Staff', 2)`, [
        id,
        `+4477009008${String(i).padStart(2, '0')}`,
      ]);
      pools.staffIds.push(id);
    }
  });
  const staffKey = pools.staffKeys[0]!;
  const authenticator = new SoftAuthenticator(HOST);
  const post = async (name: string, path: string, body: unknown, key?: string) => {
    const res = await handlers.get(name)!(
      new Request(`${HOST}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'x-access-key': key } : {}) },
        body: JSON.stringify(body),
      }),
    );
    return res.json() as Promise<{ challengeId: string; options: never; passkey?: { _id: string } }>;
  };
  for (let i = 0; i < 6; i++) {
    const { challengeId, options } = await post(
      'management-passkeys',
      '/v1.0.1/management/passkeys/options',
      {},
      staffKey,
    );
    pools.registrations.push({ challengeId, response: authenticator.create(options) });
  }
  // One registered now, so sign-in answers can be valid.
  const registered = await post(
    'management-passkeys',
    '/v1.0.1/management/passkeys',
    pools.registrations.pop()!,
    staffKey,
  );
  pools.passkeyIds.push(registered.passkey!._id);
  for (let i = 0; i < 8; i++) {
    const { challengeId, options } = await post(
      'management-passkey-sign-in',
      '/v1.0.1/management/sign-in/passkey-options',
      {},
    );
    pools.challengeIds.push(challengeId);
    pools.assertions.push({ challengeId, response: authenticator.get(options) });
  }
  // Before the fuzz books anything, so their times are free; no other row names them.
  pools.visitsToday.push(...(await visitsOfToday(3)));
  const res = await handlers.get('availability')!(new Request(`${HOST}/v1.0.1/availability?service=full`));
  const { days } = AvailabilityResponseSchema.parse(await res.json());
  pools.starts.push(...days.flatMap((d) => d.slots.map((s) => s.start)));
  // A few bookings already made, so the first requests of every row can name real ones.
  for (const start of pools.starts.filter((_, i) => i % 40 === 0).slice(0, 8)) {
    const body = JSON.stringify({
      serviceId: 'full',
      start,
      idempotencyKey: randomUUID(),
      dog: { name: 'Seed', breedId: 'beagle', weightKg: 10, coat: 'short' },
      owner: {
        name: 'Seed Owner',
        phone: `07700 900${900 + pools.bookingIds.length}`,
        email: 'seed@example.com',
        marketingConsent: false,
        acceptTerms: true,
      },
    });
    const made = await handlers.get('bookings')!(
      new Request(`${HOST}/v1.0.1/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
    expect(made.status, await made.clone().text()).toBe(201);
    await ROWS.bookings!.learn!({ method: 'POST', path: '/v1.0.1/bookings', headers: {}, body }, await made.json());
  }
});

afterAll(() => {
  console.error = consoleError;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(7);
  const lines = [...tallies].map(([name, counts]) => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const byStatus = [...counts]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join('  ');
    const time = timings.get(name);
    const reached = reachedTallies.has(name) ? `  (${reachedTallies.get(name)} ${ROWS[name]!.reached!.what})` : '';
    return `${ROWS[name]!.label.padEnd(42)} ${String(total).padStart(5)} ${seconds(time?.wallMs ?? 0)} ${seconds(time?.cpuMs ?? 0)}   ${byStatus}${reached}`;
  });
  const total = [...tallies.values()].flatMap((m) => [...m.values()]).reduce((a, b) => a + b, 0);
  const sum = (key: 'wallMs' | 'cpuMs') => [...timings.values()].reduce((a, t) => a + t[key], 0);
  console.info(
    [
      `API fuzz, seed ${SEED}: answers by status (wall and CPU time: this process, the embedded database included)`,
      `${'endpoint'.padEnd(42)} ${'calls'.padStart(5)} ${'wall'.padStart(7)} ${'CPU'.padStart(7)}   statuses`,
      ...lines,
      `${'all'.padEnd(42)} ${String(total).padStart(5)} ${seconds(sum('wallMs'))} ${seconds(sum('cpuMs'))}   ${loggedInAll} errors logged by the functions (refused Stripe events among them)`,
    ].join('\n'),
  );
});

function describeRequest(r: FuzzRequest): string {
  const body = r.body === undefined ? '' : typeof r.body === 'string' ? r.body : `<${r.body.length} bytes>`;
  return `${r.method} ${r.path.slice(0, 300)} headers=${JSON.stringify(r.headers).slice(0, 300)} body=${JSON.stringify(body.slice(0, 600))}`;
}

/** What is wrong with the answer to `r`, if anything. */
async function problemsOf(name: string, row: Row, r: FuzzRequest, res: Response): Promise<string[]> {
  const problems: string[] = [];
  if (res.status >= 500 || res.status < 200)
    problems.push(`answered ${res.status}${logged.length ? `, logging ${logged[0]}` : ''}`);
  if (r.method === 'OPTIONS') return res.status === 204 ? problems : [...problems, `OPTIONS answered ${res.status}`];
  const type = res.headers.get('content-type') ?? '';
  if (row.page) {
    if (r.method !== 'HEAD' && !/^text\/(html|plain)/.test(type)) problems.push(`content-type ${type}`);
    if (/\bat .+\.(ts|js|mjs):\d+/.test(await res.text())) problems.push('a stack trace in the answer');
    return problems;
  }
  const calendar = name === 'booking' && res.status === 200 && r.path.includes('/calendar.ics');
  const file = res.status < 300 && row.file !== undefined && row.file.test(type);
  if (calendar ? !type.startsWith('text/calendar') : !file && !type.startsWith('application/json'))
    problems.push(`content-type ${type}`);
  const text = file && !type.startsWith('text/') ? '' : await res.text();
  if (/\bat .+\.(ts|js|mjs):\d+/.test(text)) problems.push('a stack trace in the answer');
  if (r.method !== 'HEAD' && !calendar && !file) {
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      problems.push(`not JSON: ${text.slice(0, 80)}`);
    }
    if (res.status >= 400 && typeof (answer as { error?: unknown } | null)?.error !== 'string')
      problems.push(`no error in ${text.slice(0, 120)}`);
    if (res.status < 300 && answer !== undefined) {
      const parsed = row.answer && z.safeParse(row.answer, answer);
      if (parsed && !parsed.success) problems.push(`2xx answer off its schema: ${parsed.error.message.slice(0, 200)}`);
      else {
        if (row.reached?.is(r, answer)) reachedSoFar++;
        await row
          .learn?.(r, answer)
          .catch((error: unknown) => problems.push(`the fuzz could not learn from the answer: ${String(error)}`));
      }
    }
  }
  if (!row.readOnly) {
    // Nothing runs between requests, so the count after the last one is the count before this one.
    const after = await writes();
    if (res.status >= 400 && after !== writesSoFar)
      problems.push(`wrote to the database while answering ${res.status}`);
    writesSoFar = after;
  }
  return problems;
}

/**
 * Runs row `name`'s requests drawn from `seed` (its fast-check seed), counting the answers in
 * `counts`, and checks them; answers how many 2xx were what the row's `reached` counts.
 */
async function runRow(name: string, seed: number, counts: Map<number, number>): Promise<number> {
  const row = ROWS[name]!;
  const handler = handlers.get(name)!;
  const failures = new Map<string, string>();
  writesSoFar = await writes();
  reachedSoFar = 0;
  await fc.assert(
    fc.asyncProperty(row.requests, async (r) => {
      const init: RequestInit = { method: r.method, headers: r.headers };
      if (r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD') init.body = r.body as BodyInit;
      const request = new Request(HOST + r.path, init);
      logged.length = 0;
      const res = await handler(request, r.ip === undefined ? undefined : { ip: r.ip });
      counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
      for (const problem of await problemsOf(name, row, r, res)) {
        if (!failures.has(problem)) failures.set(problem, describeRequest(r));
      }
    }),
    { numRuns: row.runs, seed },
  );
  if (row.readOnly && (await writes()) !== writesSoFar)
    failures.set('wrote to the database, and this function never should', '(some request of this row)');
  expect(Object.fromEntries(failures), `${row.label}: problems, each with the first request that showed it`).toEqual(
    {},
  );
  const reached = reachedSoFar;
  const ok = row.reached ? reached : [...counts].filter(([s]) => s < 300).reduce((a, [, n]) => a + n, 0);
  const refused = [...counts].filter(([s]) => s >= 400 && s < 500).reduce((a, [, n]) => a + n, 0);
  expect(ok, `${row.label}: ${row.reached?.what ?? '2xx answers'}`).toBeGreaterThanOrEqual(row.least.ok);
  expect(refused, `${row.label}: 4xx answers`).toBeGreaterThanOrEqual(row.least.refused);
  return reached;
}

describe('every function answers random and hostile requests with a 2xx or a 4xx', () => {
  it('has a row for every function except the scheduled ones', async () => {
    const names = functions.map((fn) => fn.name).sort();
    expect([...Object.keys(ROWS), ...SCHEDULED].sort()).toEqual(names);
    for (const name of SCHEDULED)
      expect(functions.find((fn) => fn.name === name)?.schedule, `${name} is scheduled`).toBeTruthy();
  });

  it('counts committed writes, and only those', async () => {
    const before = await writes();
    await transaction(async (tx) => {
      await tx.query(`INSERT INTO closures (day, reason) VALUES ('2999-12-31', 'fuzz check')`);
      throw new Error('roll back');
    }).catch(() => undefined);
    expect(await writes()).toBe(before);
    await query(`INSERT INTO closures (day, reason) VALUES ('2999-12-31', 'fuzz check')`);
    await query(`DELETE FROM closures WHERE day = '2999-12-31'`);
    expect(await writes()).toBe(before + 2);
  });

  it.each(Object.keys(ROWS))(
    '%s',
    async (name) => {
      const counts = new Map<number, number>();
      tallies.set(name, counts);
      const started = performance.now();
      const cpu = process.cpuUsage();
      try {
        const reached = await runRow(name, SEED + Object.keys(ROWS).indexOf(name), counts);
        if (ROWS[name]!.reached) reachedTallies.set(name, reached);
      } finally {
        const used = process.cpuUsage(cpu);
        timings.set(name, { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
      }
    },
    120_000,
  );

  it('sent at least 10,000 requests, and no body polluted a prototype', () => {
    const total = [...tallies.values()].flatMap((m) => [...m.values()]).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(10_000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});

/**
 * Seeds (FUZZ_SEED, as the tally prints it) that left a row short of its minimum (issue 28). Before
 * visitsOfToday and the counter's own check-ins, seed 1 drew two OPTIONS among the check-in row's
 * requests and not one check-in the server could accept, and seed 8 four (Monday 7 December 2026,
 * 17:29 and 19:10 UTC): that row's 2xx were its OPTIONS 204s, on any day. Run under the process's
 * clock like the rows above, so under each named clock when the file is (`npm test -- clocks --whole`);
 * a Date set apart from the database's now() would make keys and visits that SQL sees otherwise.
 */
const KEPT_SEEDS = [
  { row: 'management-check-in', seed: 1 },
  { row: 'management-check-in', seed: 8 },
];

describe('seeds that once left a row short of its minimum', () => {
  // The seed draws the row's requests again: methods, headers, bodies, and which pool each id is
  // picked from; not the ids, which the database makes anew each run. So what a kept seed shows is
  // that those requests, with visits of today to name, reach the row's minimum now: visits made
  // before the shop opens, away from the times the fuzz books.
  it.each(KEPT_SEEDS)(
    '$row, seed $seed',
    async ({ row, seed }) => {
      const saved = [...pools.visitsToday];
      try {
        pools.visitsToday.splice(0, Infinity, ...(await visitsOfToday(3, '04:00')));
        await runRow(row, seed + Object.keys(ROWS).indexOf(row), new Map());
      } finally {
        pools.visitsToday.splice(0, Infinity, ...saved);
      }
    },
    60_000,
  );
});
