import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLocalFunctions, matchFunction } from '../../scripts/lib/local-functions.ts';
import { ensureNetlifyBuild, FUNCTION_BUNDLES_DIR, FUNCTION_MANIFEST } from '../../scripts/lib/netlify-build.ts';
import { FUNCTIONS_DIR, PROJECT_ROOT } from '../../scripts/lib/site-server.ts';
import sharp from 'sharp';
import { storeBreedImage } from '../../src/server/breed-images.ts';
import { useTestBlobs } from '../helpers/blobs.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { transaction } from '../../src/server/db.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { unzip, zipEntries, type ZipEntry } from '../helpers/zip.ts';

/**
 * Locally the functions run in process from their sources (docs/decisions/003-local-server.md); a
 * deploy runs the bundles Netlify's build makes. This reads those of `netlify build --offline`
 * (Netlify's CLI, which traces each function's files with nft, in .netlify/functions; `npm test`
 * builds them first, a run of this file alone builds them when missing or stale), checks the
 * manifest a deploy uploads and the size of every zip (docs/decisions/062-netlify-build-in-ci.md),
 * then unpacks each bundle in a folder with no node_modules above it, loads it through Netlify's own
 * entry point in a separate Node process and calls it once. A file the tracer leaves out, or a
 * module that only works from the sources, fails here.
 */
const BASE = 'https://www.leytondoggrooming.co.uk/v1.0.1';
const STAFF = { 'x-access-key': '__STAFF_KEY__' };

/** One real call per function; a function added without one here fails the first test. */
const CALLS: Record<
  string,
  { method: string; path: string; body?: unknown; headers?: Record<string, string>; expect: number }
> = {
  'booking-types': { method: 'GET', path: '/cms/booking-types', expect: 200 },
  availability: { method: 'GET', path: '/availability?service=full&days=7', expect: 200 },
  breeds: { method: 'GET', path: '/breeds', expect: 200 },
  quote: { method: 'GET', path: '/quote?service=full&weightKg=9.5', expect: 200 },
  'phone-codes': {
    method: 'POST',
    path: '/phone-codes',
    body: { phone: '07700 900124', purpose: 'booking' },
    expect: 202,
  },
  bookings: {
    method: 'POST',
    path: '/bookings',
    expect: 201,
    body: {
      serviceId: 'nails',
      start: '__FIRST_SLOT__',
      dog: { name: 'Bundle', breedId: 'whippet', weightKg: 13, coat: 'short' },
      owner: {
        name: 'Bundle Check',
        phone: '07700 900123',
        email: 'bundle@example.com',
        marketingConsent: false,
        acceptTerms: true,
      },
      idempotencyKey: randomUUID(),
    },
  },
  'blog-posts': { method: 'POST', path: '/cms/blog/posts', body: {}, expect: 405 },
  booking: { method: 'GET', path: '/bookings/AAAAAAAAAAAAAAAAAAAAAAAA', expect: 404 },
  'booking-changes': {
    method: 'POST',
    path: '/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/cancel',
    body: { reason: 'check' },
    expect: 404,
  },
  rebook: { method: 'GET', path: '/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/rebook', expect: 404 },
  'customer-auth': { method: 'GET', path: '/customer/auth', expect: 401 },
  // The waitlist (decision 084): a join without the code is asked for it; a wrong id is a 404.
  waitlist: {
    method: 'POST',
    path: '/waitlist',
    expect: 403,
    body: {
      serviceId: 'nails',
      dog: { name: 'Bundle', breedId: 'whippet', weightKg: 13, coat: 'short' },
      from: '2026-12-01',
      to: '2026-12-01',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      parts: ['morning', 'afternoon'],
      owner: { name: 'Bundle Check', phone: '07700 900127', email: '' },
      notify: { text: true, email: false },
      idempotencyKey: randomUUID(),
    },
  },
  'waitlist-request': { method: 'GET', path: '/waitlist/AAAAAAAAAAAAAAAAAAAAAAAA', expect: 404 },
  'waitlist-offers': {
    method: 'POST',
    path: '/waitlist/AAAAAAAAAAAAAAAAAAAAAAAA/offers/AAAAAAAAAAAAAAAAAAAAAAAA/decline',
    body: {},
    expect: 404,
  },
  // The one-tap opt-out (decision 090): an unknown token is a 404.
  'marketing-opt-out': { method: 'POST', path: '/marketing/opt-out', body: { token: 'A'.repeat(43) }, expect: 404 },
  // The owner's consent by a texted link (decision 093): an unknown token is a 404.
  consents: { method: 'GET', path: `/consents/${'A'.repeat(43)}`, expect: 404 },
  // The visit's live status (decision 092): an unknown booking is a 404.
  'visit-status': { method: 'GET', path: '/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/status', expect: 404 },
  // The report card (decision 094): a booking with no report has none, and no photos to show.
  'report-cards': { method: 'GET', path: '/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/photos/after', expect: 404 },
  // The staff area: its doors answer without a key (SimpleWebAuthn loaded by the passkey one); the rest refuse.
  'management-sign-in': {
    method: 'POST',
    path: '/management/sign-in/codes',
    body: { phone: '07700 900126' },
    expect: 202,
  },
  'management-passkey-sign-in': { method: 'POST', path: '/management/sign-in/passkey-options', body: {}, expect: 200 },
  'management-session': { method: 'GET', path: '/management/session', expect: 401 },
  'management-staff': { method: 'GET', path: '/management/staff', expect: 401 },
  'management-passkeys': { method: 'GET', path: '/management/passkeys', expect: 401 },
  'management-step-up': { method: 'POST', path: '/management/step-up/codes', body: {}, expect: 401 },
  'devices-auth': { method: 'GET', path: '/devices/auth', expect: 401 },
  'saved-dogs': { method: 'GET', path: '/customer/dogs', expect: 401 },
  magic: { method: 'POST', path: '/magic', body: { type: 'identify' }, expect: 200 },
  'stripe-webhook': { method: 'POST', path: '/payments/stripe-webhook', body: {}, expect: 400 },
  'cms-publish-webhook': {
    method: 'POST',
    path: '/cms/publish-webhook',
    body: { entity_type: 'item', event_type: 'publish' },
    expect: 401,
  },
  // Not under /v1.0.1: the editor's preview page (no preview token configured here: 404).
  'cms-preview': { method: 'GET', path: '/preview/blog/a-post', expect: 404 },
  'cms-preview-links': { method: 'POST', path: '/preview/links', body: {}, expect: 401 },
  // The staff-records functions: the staff door answers before anything else (sharp and Netlify Blobs
  // are imported all the same, so a bundle without them fails here).
  'management-customers': { method: 'GET', path: '/management/customers?q=sam', expect: 401 },
  'management-finances': { method: 'GET', path: '/management/finances?from=2026-11-01&to=2026-11-30', expect: 401 },
  'management-breeds': { method: 'GET', path: '/management/breeds', expect: 401 },
  'management-settings': { method: 'GET', path: '/management/settings', expect: 401 },
  'management-extras': { method: 'GET', path: '/management/extras', expect: 401 },
  // A picture stored through the sources, read and resized by the bundle: sharp's native code must travel with it.
  'breed-images': { method: 'GET', path: '/breed-images/__BREED_IMAGE__.webp?w=48', expect: 200 },
  // The staff schedule, with a staff key made for the run (__STAFF_KEY__).
  'management-schedule': {
    method: 'GET',
    path: '/management/schedule?from=2026-11-23&days=7',
    headers: STAFF,
    expect: 200,
  },
  'management-free-times': {
    method: 'GET',
    path: '/management/free-times?service=full&date=__FIRST_DAY__',
    headers: STAFF,
    expect: 200,
  },
  'management-customer-lookup': {
    method: 'GET',
    path: '/management/customer-lookup?q=Bundle',
    headers: STAFF,
    expect: 200,
  },
  'management-dashboard': { method: 'GET', path: '/management/dashboard', headers: STAFF, expect: 200 },
  'management-messages': {
    method: 'POST',
    path: '/management/messages/999999999999/retry',
    headers: STAFF,
    body: {},
    expect: 404,
  },
  'management-phone-bookings': {
    method: 'POST',
    path: '/management/bookings',
    headers: STAFF,
    expect: 201,
    body: {
      serviceId: 'nails',
      start: '__FIRST_SLOT__',
      idempotencyKey: randomUUID(),
      customer: { name: 'Bundle Phone', phone: '07700 900125' },
      dog: { name: 'Bundle', breedId: 'whippet', weightKg: 13, coat: 'short' },
    },
  },
  // A caller added to the waitlist (decision 087): days a few ahead, inside any horizon.
  'management-waitlist-requests': {
    method: 'POST',
    path: '/management/waitlist',
    headers: STAFF,
    expect: 201,
    body: {
      serviceId: 'nails',
      dog: { name: 'Bundle', breedId: 'whippet', weightKg: 13, coat: 'short' },
      from: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      to: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
      weekdays: [1, 2, 3, 4, 5, 6],
      parts: ['morning'],
      owner: { name: 'Bundle Caller', phone: '07700 900126' },
      notify: { text: true, email: false },
      idempotencyKey: randomUUID(),
    },
  },
  'management-booking-changes': {
    method: 'POST',
    path: '/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/cancel',
    headers: STAFF,
    body: {},
    expect: 404,
  },
  'management-check-in': {
    method: 'POST',
    path: '/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/check-in',
    headers: STAFF,
    body: { condition: '', tierId: null, instructions: '' },
    expect: 404,
  },
  'management-rebook': {
    method: 'GET',
    path: '/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/series',
    headers: STAFF,
    expect: 404,
  },
  'management-no-shows': {
    method: 'GET',
    path: '/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/no-show-fee',
    headers: STAFF,
    expect: 404,
  },
  'management-balance-links': {
    method: 'GET',
    path: '/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/balance-link',
    headers: STAFF,
    expect: 404,
  },
  'management-visit-stages': {
    method: 'POST',
    path: '/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/stage',
    body: { stage: 'bath' },
    headers: STAFF,
    expect: 404,
  },
  'management-report-cards': {
    method: 'GET',
    path: '/management/bookings/AAAAAAAAAAAAAAAAAAAAAAAA/report-card',
    headers: STAFF,
    expect: 404,
  },
  'management-blocks': {
    method: 'POST',
    path: '/management/blocks/AAAAAAAAAAAAAAAAAAAA/remove',
    headers: STAFF,
    body: {},
    expect: 404,
  },
  'management-waitlist': {
    method: 'GET',
    path: '/management/waitlist/counts?from=__FIRST_DAY__&days=7',
    headers: STAFF,
    expect: 200,
  },
  // Scheduled functions, called as the scheduler calls them.
  'send-outbox': {
    method: 'POST',
    path: '/.netlify/functions/send-outbox',
    headers: { 'x-nf-event': 'schedule' },
    expect: 204,
  },
  reminders: {
    method: 'POST',
    path: '/.netlify/functions/reminders',
    headers: { 'x-nf-event': 'schedule' },
    expect: 204,
  },
  'settle-payments': {
    method: 'POST',
    path: '/.netlify/functions/settle-payments',
    headers: { 'x-nf-event': 'schedule' },
    expect: 204,
  },
  retention: {
    method: 'POST',
    path: '/.netlify/functions/retention',
    headers: { 'x-nf-event': 'schedule' },
    expect: 204,
  },
  'cms-rebuild': {
    method: 'POST',
    path: '/.netlify/functions/cms-rebuild',
    headers: { 'x-nf-event': 'schedule' },
    expect: 204,
  },
  'waitlist-offer-job': {
    method: 'POST',
    path: '/.netlify/functions/waitlist-offer-job',
    headers: { 'x-nf-event': 'schedule' },
    expect: 204,
  },
  'due-for-groom': {
    method: 'POST',
    path: '/.netlify/functions/due-for-groom',
    headers: { 'x-nf-event': 'schedule' },
    expect: 204,
  },
  'review-requests': {
    method: 'POST',
    path: '/.netlify/functions/review-requests',
    headers: { 'x-nf-event': 'schedule' },
    expect: 204,
  },
};

/** Netlify refuses a function whose zip is over 50 MB: read as 50,000,000 bytes, the stricter reading. */
const ZIP_LIMIT_BYTES = 50_000_000;
/** The unpacked bundle's limit on AWS Lambda, where Netlify runs the functions. */
const UNZIPPED_LIMIT_BYTES = 250 * 1024 * 1024;
/** The only functions that resize pictures, so the only ones that may carry sharp and libvips. */
const IMAGE_FUNCTIONS = ['breed-images', 'management-breeds', 'management-check-in'];
const SCHEDULED_FUNCTIONS = [
  'cms-rebuild',
  'due-for-groom',
  'reminders',
  'retention',
  'review-requests',
  'send-outbox',
  'settle-payments',
  'waitlist-offer-job',
];

interface ManifestFunction {
  name: string;
  bundler?: string;
  runtime: string;
  runtimeVersion?: string;
  schedule?: string;
  buildData?: { runtimeAPIVersion?: number };
  routes?: { pattern: string; literal?: string; expression?: string; methods: string[] }[];
}

interface SourceFunction {
  name: string;
  config: { path?: string | string[]; method?: string | string[]; schedule?: string };
}

describe('the function bundles of `netlify build --offline`', () => {
  let manifest: ManifestFunction[];
  let sources: SourceFunction[];
  let zips: { name: string; bytes: number; entries: ZipEntry[] }[];
  beforeAll(async () => {
    ensureNetlifyBuild();
    manifest = (JSON.parse(readFileSync(FUNCTION_MANIFEST, 'utf8')) as { functions: ManifestFunction[] }).functions;
    sources = await Promise.all(
      readdirSync(FUNCTIONS_DIR)
        .filter((file) => /\.(m?ts|m?js)$/.test(file))
        .map(async (file) => ({
          name: file.replace(/\.\w+$/, ''),
          config: ((await import(pathToFileURL(path.join(FUNCTIONS_DIR, file)).href)) as SourceFunction).config,
        })),
    );
    zips = manifest.map(({ name }) => {
      const file = path.join(FUNCTION_BUNDLES_DIR, `${name}.zip`);
      return { name, bytes: statSync(file).size, entries: zipEntries(readFileSync(file)) };
    });
  }, 300_000);

  it('packages every function of netlify/functions as a v2 function traced by nft, on Node 24', () => {
    expect(manifest.map((fn) => fn.name).sort()).toEqual(sources.map((fn) => fn.name).sort());
    for (const fn of manifest) {
      expect({ name: fn.name, runtime: fn.runtime, version: fn.runtimeVersion, bundler: fn.bundler }).toEqual({
        name: fn.name,
        runtime: 'js',
        version: 'nodejs24.x',
        bundler: 'nft',
      });
      expect(fn.buildData?.runtimeAPIVersion, fn.name).toBe(2);
    }
  });

  it('routes each function from its own literal config.path (and config.method)', () => {
    const routes = (fn: ManifestFunction) =>
      (fn.routes ?? []).map((r) => ({ path: r.pattern, literal: r.literal ?? null, methods: r.methods }));
    const declared = (fn: SourceFunction) => {
      const methods = [fn.config.method ?? []].flat();
      return [fn.config.path ?? []].flat().map((p) => ({ path: p, literal: /[:*]/.test(p) ? null : p, methods }));
    };
    expect(Object.fromEntries(manifest.map((fn) => [fn.name, routes(fn)]))).toEqual(
      Object.fromEntries(sources.map((fn) => [fn.name, declared(fn)])),
    );
  });

  it('recognises the six scheduled functions with the schedules they declare', () => {
    expect(Object.fromEntries(manifest.filter((fn) => fn.schedule).map((fn) => [fn.name, fn.schedule]))).toEqual(
      Object.fromEntries(
        SCHEDULED_FUNCTIONS.map((name) => [name, sources.find((fn) => fn.name === name)?.config.schedule]),
      ),
    );
    for (const name of SCHEDULED_FUNCTIONS)
      expect(sources.find((fn) => fn.name === name)?.config.schedule).toBeTruthy();
  });

  it("keeps every zip under Netlify's 50 MB limit, and no Node executable in any", () => {
    expect(zips.filter((z) => z.bytes >= ZIP_LIMIT_BYTES).map((z) => `${z.name}: ${z.bytes} bytes`)).toEqual([]);
    const unzipped = (z: (typeof zips)[number]) => z.entries.reduce((sum, e) => sum + e.size, 0);
    expect(zips.filter((z) => unzipped(z) >= UNZIPPED_LIMIT_BYTES).map((z) => z.name)).toEqual([]);
    // nft packs whatever /proc/self/exe is when it lies in the project: the `node` dev dependency.
    expect(
      zips.flatMap((z) => z.entries.filter((e) => /(^|\/)bin\/node$/.test(e.name)).map((e) => `${z.name}: ${e.name}`)),
    ).toEqual([]);
  });

  it('puts sharp and libvips in the two image functions only', () => {
    const carriesSharp = (z: (typeof zips)[number]) =>
      z.entries.some((e) => /(^|\/)node_modules\/(sharp|@img\/sharp-[^/]+)\//.test(e.name));
    expect(
      zips
        .filter(carriesSharp)
        .map((z) => z.name)
        .sort(),
    ).toEqual(IMAGE_FUNCTIONS);
  });
});

describe("every function, as Netlify's build bundled it", () => {
  useTestDatabase({ seed: true });
  useTestBlobs();
  let bundles: string;
  let names: string[];
  beforeAll(async () => {
    ensureNetlifyBuild();
    const manifest = JSON.parse(readFileSync(FUNCTION_MANIFEST, 'utf8')) as { functions: { name: string }[] };
    names = manifest.functions.map((fn) => fn.name).sort();
    bundles = await mkdtemp(path.join(os.tmpdir(), 'function-bundles-'));
    for (const name of names) await unzip(path.join(FUNCTION_BUNDLES_DIR, `${name}.zip`), path.join(bundles, name));
  }, 300_000);
  afterAll(() => (bundles ? rm(bundles, { recursive: true, force: true }) : undefined));

  it('bundles every function the local server runs, and this test calls each', async () => {
    const local = (await listLocalFunctions(FUNCTIONS_DIR)).map((fn) => fn.name).sort();
    expect(names).toEqual(local);
    expect(Object.keys(CALLS).sort()).toEqual(local);
  });

  it("loads each bundle through Netlify's entry point and answers its call", async () => {
    const slots = await (
      await import('../../netlify/functions/availability.ts')
    ).default(new Request(`${BASE}/availability?service=nails&days=14`));
    const { days } = (await slots.json()) as { days: { date: string; slots: { start: string }[] }[] };
    const first = days.flatMap((d) => d.slots)[0]!.start;
    const picture = await storeBreedImage(
      (
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c84' } })
          .png()
          .toBuffer()
      ).toString('base64'),
    );
    const firstDay = days.find((d) => d.slots.length)!.date;
    const staffKey = await transaction(async (tx) => {
      const {
        rows: [staff],
      } = await tx.query<{ id: string }>('SELECT id FROM customers WHERE privileges = 2 LIMIT 1');
      return issueAccessKey(tx, staff!.id, 'staff');
    });
    const local = await listLocalFunctions(FUNCTIONS_DIR);
    const calls = Object.entries(CALLS).map(([name, call]) => {
      const url = (
        call.path.startsWith('/.netlify') || call.path.startsWith('/preview')
          ? `https://www.leytondoggrooming.co.uk${call.path}`
          : `${BASE}${call.path}`
      )
        .replace('__FIRST_DAY__', firstDay)
        .replace('__BREED_IMAGE__', picture.key);
      // The pattern Netlify's router matched, from which its runtime reads `context.params`.
      const route = matchFunction(local, new URL(url).pathname, call.method)?.route?.pattern;
      return {
        name,
        method: call.method,
        url,
        ...(route ? { route } : {}),
        headers: Object.fromEntries(
          Object.entries({ ...(call.body ? { 'content-type': 'application/json' } : {}), ...call.headers }).map(
            ([k, v]) => [k, v.replace('__STAFF_KEY__', staffKey)],
          ),
        ),
        ...(call.body ? { body: JSON.stringify(call.body).replace('__FIRST_SLOT__', first) } : {}),
      };
    });
    const results = await callBundles(bundles, calls);
    expect(results.map((r) => `${r.name} ${r.status}`).sort()).toEqual(
      Object.entries(CALLS)
        .map(([name, call]) => `${name} ${call.expect}`)
        .sort(),
    );
  }, 120_000);
});

async function callBundles(
  bundles: string,
  calls: unknown[],
): Promise<{ name: string; status: number; body: string }[]> {
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'tests/helpers/call-bundles.ts')], {
    // The bundles read the database and settings from the environment, as on Netlify (which sets URL).
    env: { ...process.env, URL: 'https://www.leytondoggrooming.co.uk' },
    cwd: bundles,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify({ bundles, calls }));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await new Promise((resolve) => child.on('exit', resolve));
  const last = out.trim().split('\n').at(-1) ?? '[]';
  return JSON.parse(last) as { name: string; status: number; body: string }[];
}
