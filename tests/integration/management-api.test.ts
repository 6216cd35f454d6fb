import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { listLocalFunctions, type LocalFunction } from '../../scripts/lib/local-functions.ts';
import { MANAGEMENT_API, SIGN_IN_DOORS } from '../../src/domain/staff.ts';
import { issueAccessKey } from '../../src/server/access-keys.ts';
import { rebook, rebookProposals } from '../../src/server/bookings/rebook.ts';
import { query, transaction } from '../../src/server/db.ts';
import { hashAccessKey, randomId } from '../../src/server/ids.ts';
import { useTestBlobs } from '../helpers/blobs.ts';
import { useFakeStripe } from '../helpers/use-fake-stripe.ts';
import { MANAGEMENT_RECORDS_CALLS, recordsSnapshot } from '../helpers/management-records-calls.ts';
import { openDays, rawBooking } from '../helpers/staff-schedule.ts';
import { addStaffMember, customerWithDeviceKey, HOST, lastCodeSentTo, signIn } from '../helpers/staff.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { waitingRequest } from '../helpers/waitlist.ts';
import { routed, type FunctionModule } from '../helpers/netlify-context.ts';

/**
 * The staff API refuses everyone but staff (docs/decisions/053). Every function with a path under
 * /v1.0.1/management/ is listed from the functions folder itself; each of its paths other than the
 * sign-in doors must have a row below with requests that succeed for a live staff key, and each of
 * those exact requests is sent again with no key, a bogus one, a customer's device key, a device key
 * of a staff member's own record, and staff keys that are revoked, past their expiry, idle, past
 * their absolute lifetime, or held by someone no longer staff: every one a 401 that writes nothing.
 * A new management path without a row fails the first test.
 */
// Seeded: the schedule's rows book the demo business's services in its opening hours, the records'
// rows (tests/helpers/management-records-calls.ts) use its services and breeds; Netlify Blobs for
// breed pictures and the Stripe stand-in for a refund.
process.env.STRIPE_SECRET_KEY = 'sk_test_management_api';
useFakeStripe();
useTestDatabase({ seed: true });
useTestBlobs();

const FUNCTIONS_DIR = fileURLToPath(new URL('../../netlify/functions', import.meta.url));

interface Prepared {
  path: string;
  body?: unknown;
}
interface Call {
  method: 'GET' | 'HEAD' | 'POST';
  /** Builds a request that succeeds for `key` (fresh prerequisites each time: a member to remove…). */
  prepare: (key: string) => Promise<Prepared>;
  expect: number;
}

let phones = 0;
const freshPhone = () => `07911 12${String(phones++).padStart(4, '0')}`;
/** A request waiting on `date`, with a number of its own (the staff waitlist's rows). */
const waitingOn = (date: string) =>
  waitingRequest({ createdAt: new Date(), date, phone: `+44${freshPhone().replace(/\s/g, '').slice(1)}` });

async function registrationFor(key: string, authenticator = new SoftAuthenticator(HOST)) {
  const res = await send('POST', '/v1.0.1/management/passkeys/options', key, {});
  const { challengeId, options } = (await res.json()) as { challengeId: string; options: never };
  return { challengeId, response: authenticator.create(options) };
}

/** The key's holder proved it is them just now (what the step-up doors do, tested in staff-changes.test.ts). */
const provenNow = (key: string) =>
  query('UPDATE access_keys SET proven_at = now() WHERE key_hash = $1', [hashAccessKey(key)]);
/** The enumerator asks its own number for many codes: lift the per-number limits as the per-address ones are. */
const liftCodeLimits = () => query('DELETE FROM rate_limits');

/** Free starts for a full groom, three hours apart so no two of them share a table's time. */
let pool: string[] = [];
async function freeStart(): Promise<string> {
  if (!pool.length)
    pool = (await openDays('full')).flatMap((d) => [d.slots[0], d.slots[12]].flatMap((s) => (s ? [s.start] : [])));
  const start = pool.shift();
  if (!start) throw new Error('out of free times');
  return start;
}
/**
 * A booking ahead, written straight in at a free time: it was 1 July 2027 plus an hour a call, a date
 * that passes (under the clock of 14 July 2027 staff could no longer cancel it: issue 28).
 */
const upcoming = async () => (await rawBooking({ start: new Date(await freeStart()) })).id;
let later = 0;
const HOUR = 3600_000;
/** A visit three weeks back, an hour before the last one: its day is over, whatever the day. */
const weeksBack = () => new Date(Math.floor(Date.now() / HOUR) * HOUR - 21 * 24 * HOUR - later++ * HOUR);
/** 09:00 UTC on a day some 200 days on, a day later each call: nothing of the shop's is there. */
const farAhead = () => new Date((Math.floor(Date.now() / (24 * HOUR)) + 200 + later++) * 24 * HOUR + 9 * HOUR);
/** "Same time in 6 weeks" from an upcoming booking, as the staff's "Completed" asks it (decision 089). */
const nextGroom = async (visits = 1) => {
  const id = await upcoming();
  const p = await rebookProposals(id, { weeks: 6, visits });
  return { id, weeks: 6, visits: p.proposals.flatMap((v) => (v.kind === 'none' ? [] : [v.start])) };
};
let earlier = 0;
/** A booking whose time has passed (a no-show may be marked), each half an hour before the last. */
const started = async () =>
  (
    await rawBooking({
      start: new Date(Math.floor(Date.now() / 300_000) * 300_000 - (1 + earlier++) * 1800_000),
      minutes: 30,
    })
  ).id;

/** The second dog of a booking of two, side by side well ahead: staff may book it separately (decision 082). */
const secondDogOfParty = async () => {
  const start = farAhead();
  const first = await rawBooking({ start });
  const second = await rawBooking({ start });
  await query(`INSERT INTO booking_parties (id, placement) VALUES ($1, 'side_by_side')`, [first.id]);
  await query('UPDATE bookings SET party_id = $1 WHERE id = ANY($2::text[])', [first.id, [first.id, second.id]]);
  return second.id;
};

/** A missed booking with the no-show rules' terms and a saved card (decision 081), as a paid deposit leaves them. */
let missedDays = 0;
const missed = async () => {
  // A day of its own, weeks back, so it meets none of the other rows' tables.
  const { id } = await rawBooking({
    start: new Date((Math.floor(Date.now() / (24 * HOUR)) - 28 - missedDays++) * 24 * HOUR + 9 * HOUR),
    attendance: 'no_show',
  });
  const terms = {
    standing: 'regular',
    noShowFee: { kind: 'fixed', pence: 1500 },
    lateCancellationFee: { kind: 'none' },
  };
  await query(
    `UPDATE bookings SET fair_terms = $2, stripe_customer = 'cus_test_api', stripe_payment_method = 'pm_card_visa' WHERE id = $1`,
    [id, JSON.stringify({ ...terms, saveCard: true, sentences: [], mandate: 'We save your card.' })],
  );
  return id;
};
const missedBy = async () =>
  (await query<{ customer_id: string }>('SELECT customer_id FROM bookings WHERE id = $1', [await missed()]))[0]!
    .customer_id;

/** One row per guarded path (as written in the function's config), with calls that succeed. */
const CALLS: Record<string, Call[]> = {
  '/v1.0.1/management/session': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/session' }), expect: 200 },
    { method: 'HEAD', prepare: async () => ({ path: '/v1.0.1/management/session' }), expect: 200 },
  ],
  '/v1.0.1/management/sign-out': [
    { method: 'POST', prepare: async () => ({ path: '/v1.0.1/management/sign-out', body: {} }), expect: 200 },
  ],
  '/v1.0.1/management/staff': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/staff' }), expect: 200 },
    {
      method: 'POST',
      prepare: async (key) => {
        await provenNow(key);
        return { path: '/v1.0.1/management/staff', body: { name: 'New Groomer', phone: freshPhone() } };
      },
      expect: 201,
    },
  ],
  '/v1.0.1/management/staff/:id/remove': [
    {
      method: 'POST',
      prepare: async (key) => {
        await provenNow(key);
        return { path: `/v1.0.1/management/staff/${await addStaffMember(freshPhone(), 'Leaving')}/remove`, body: {} };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/staff/:id/phone': [
    {
      method: 'POST',
      prepare: async (key) => {
        await provenNow(key);
        const id = await addStaffMember(freshPhone(), 'New Number');
        return { path: `/v1.0.1/management/staff/${id}/phone`, body: { phone: freshPhone() } };
      },
      expect: 200,
    },
  ],
  // Proving it is you again before a staff change (docs/decisions/070).
  '/v1.0.1/management/step-up/codes': [
    {
      method: 'POST',
      prepare: async () => {
        await liftCodeLimits();
        return { path: '/v1.0.1/management/step-up/codes', body: {} };
      },
      expect: 202,
    },
  ],
  '/v1.0.1/management/step-up/by-code': [
    {
      method: 'POST',
      prepare: async (key) => {
        await liftCodeLimits();
        const asked = await send('POST', '/v1.0.1/management/step-up/codes', key, {});
        const { requestId } = (await asked.json()) as { requestId: string };
        const [holder] = await query<{ phone: string }>(
          'SELECT c.phone FROM customers c JOIN access_keys k ON k.customer_id = c.id WHERE k.key_hash = $1',
          [hashAccessKey(key)],
        );
        return {
          path: '/v1.0.1/management/step-up/by-code',
          body: { requestId, code: await lastCodeSentTo(holder!.phone) },
        };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/step-up/passkey-options': [
    {
      method: 'POST',
      prepare: async (key) => {
        await send('POST', '/v1.0.1/management/passkeys', key, await registrationFor(key));
        return { path: '/v1.0.1/management/step-up/passkey-options', body: {} };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/step-up/by-passkey': [
    {
      method: 'POST',
      prepare: async (key) => {
        const authenticator = new SoftAuthenticator(HOST);
        await send('POST', '/v1.0.1/management/passkeys', key, await registrationFor(key, authenticator));
        const asked = await send('POST', '/v1.0.1/management/step-up/passkey-options', key, {});
        const { challengeId, options } = (await asked.json()) as { challengeId: string; options: never };
        return {
          path: '/v1.0.1/management/step-up/by-passkey',
          body: { challengeId, response: authenticator.get(options) },
        };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/passkeys': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/passkeys' }), expect: 200 },
    {
      method: 'POST',
      prepare: async (key) => ({ path: '/v1.0.1/management/passkeys', body: await registrationFor(key) }),
      expect: 201,
    },
  ],
  '/v1.0.1/management/passkeys/options': [
    { method: 'POST', prepare: async () => ({ path: '/v1.0.1/management/passkeys/options', body: {} }), expect: 200 },
  ],
  '/v1.0.1/management/passkeys/:id/remove': [
    {
      method: 'POST',
      prepare: async (key) => {
        const added = await send('POST', '/v1.0.1/management/passkeys', key, await registrationFor(key));
        const { passkey } = (await added.json()) as { passkey: { _id: string } };
        return { path: `/v1.0.1/management/passkeys/${passkey._id}/remove`, body: {} };
      },
      expect: 200,
    },
  ],
  ...MANAGEMENT_RECORDS_CALLS,
  // The schedule and the dashboard (docs/decisions/060).
  '/v1.0.1/management/schedule': [
    {
      method: 'GET',
      prepare: async () => ({ path: '/v1.0.1/management/schedule?from=2026-11-23&days=7' }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/free-times': [
    {
      method: 'GET',
      prepare: async () => ({ path: `/v1.0.1/management/free-times?service=full&date=${(await openDays())[0]!.date}` }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/customer-lookup': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/customer-lookup?q=Owner' }), expect: 200 },
  ],
  '/v1.0.1/management/dashboard': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/dashboard' }), expect: 200 },
  ],
  '/v1.0.1/management/bookings': [
    {
      method: 'POST',
      expect: 201,
      prepare: async () => ({
        path: '/v1.0.1/management/bookings',
        body: {
          serviceId: 'nails',
          start: await freeStart(),
          idempotencyKey: randomUUID(),
          customer: { name: 'Door Test', phone: freshPhone() },
          dog: { name: 'Pip', breedId: 'pug', weightKg: 8, coat: 'short' },
        },
      }),
    },
  ],
  '/v1.0.1/management/bookings/:id/move': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => {
        const { id } = await rawBooking({ start: new Date(await freeStart()) });
        return { path: `/v1.0.1/management/bookings/${id}/move`, body: { start: await freeStart() } };
      },
    },
  ],
  '/v1.0.1/management/bookings/:id/cancel': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${await upcoming()}/cancel`,
        body: { reason: 'Door test' },
      }),
    },
  ],
  '/v1.0.1/management/bookings/:id/attendance': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${await started()}/attendance`,
        body: { attendance: 'no_show' },
      }),
    },
  ],
  '/v1.0.1/management/bookings/:id/check-in': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${await started()}/check-in`,
        body: { condition: 'Fine', tierId: 'light-matting', instructions: '' },
      }),
    },
  ],
  '/v1.0.1/management/bookings/:id/check-in/photo': [
    {
      method: 'POST',
      expect: 415,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${await started()}/check-in/photo`,
        body: { image: Buffer.from('not a picture').toString('base64') },
      }),
    },
  ],
  // The owner's consent by a texted link (decision 093): a dog checked in with a surcharge not agreed yet.
  '/v1.0.1/management/bookings/:id/consent-link': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => {
        const id = await started();
        await query(`UPDATE bookings SET attendance = 'arrived', arrived_at = now() WHERE id = $1`, [id]);
        await query(
          `INSERT INTO check_ins (booking_id, checked_in_at, tier_id, tier_label, tier_kind, surcharge_pence)
           VALUES ($1, now(), 'heavy-matting', 'Heavy matting', 'matting', 1500)`,
          [id],
        );
        return { path: `/v1.0.1/management/bookings/${id}/consent-link`, body: {} };
      },
    },
  ],
  '/v1.0.1/management/bookings/:id/split': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({ path: `/v1.0.1/management/bookings/${await secondDogOfParty()}/split`, body: {} }),
    },
  ],
  '/v1.0.1/management/bookings/:id/rebook': [
    {
      method: 'GET',
      expect: 200,
      prepare: async () => ({ path: `/v1.0.1/management/bookings/${await upcoming()}/rebook` }),
    },
    {
      method: 'POST',
      expect: 201,
      prepare: async () => {
        const { id, weeks, visits } = await nextGroom();
        return {
          path: `/v1.0.1/management/bookings/${id}/rebook`,
          body: { weeks, visits, idempotencyKey: randomUUID() },
        };
      },
    },
  ],
  '/v1.0.1/management/bookings/:id/series': [
    {
      method: 'GET',
      expect: 200,
      prepare: async () => ({ path: `/v1.0.1/management/bookings/${await upcoming()}/series` }),
    },
  ],
  '/v1.0.1/management/bookings/:id/series/cancel': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => {
        const { id, weeks, visits } = await nextGroom(2);
        const made = await rebook(id, { weeks, visits, idempotencyKey: randomUUID() }, { siteUrl: HOST });
        return { path: `/v1.0.1/management/bookings/${made.series.id}/series/cancel`, body: {} };
      },
    },
  ],
  '/v1.0.1/management/bookings/:id/no-show-fee': [
    {
      method: 'GET',
      expect: 200,
      prepare: async () => ({ path: `/v1.0.1/management/bookings/${await missed()}/no-show-fee` }),
    },
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${await missed()}/no-show-fee`,
        body: { pence: 500 },
      }),
    },
  ],
  '/v1.0.1/management/bookings/:id/no-show-fee/refund': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => {
        const id = await missed();
        await query(
          `INSERT INTO no_show_fees (booking_id, pence, status, payment_intent, created_at, updated_at, paid_at)
           VALUES ($1, 500, 'paid', $2, now(), now(), now())`,
          [id, `pi_test_api_fee_${id}`],
        );
        return { path: `/v1.0.1/management/bookings/${id}/no-show-fee/refund`, body: {} };
      },
    },
  ],
  // The balance by a payment link (decision 096): a visit of weeks back, its balance not yet taken.
  '/v1.0.1/management/bookings/:id/balance-link': [
    {
      method: 'GET',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${(await rawBooking({ start: weeksBack(), totalFromPence: 4500 })).id}/balance-link`,
      }),
    },
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${(await rawBooking({ start: weeksBack(), totalFromPence: 4500 })).id}/balance-link`,
        body: {},
      }),
    },
  ],
  // The visit's live status (decision 092): a dog in the shop, tapped on to the bath.
  '/v1.0.1/management/bookings/:id/stage': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${(await rawBooking({ start: new Date(await freeStart()), attendance: 'arrived' })).id}/stage`,
        body: { stage: 'bath' },
      }),
    },
  ],
  '/v1.0.1/management/bookings/:id/report-card': [
    {
      method: 'GET',
      expect: 200,
      prepare: async () => ({ path: `/v1.0.1/management/bookings/${await upcoming()}/report-card` }),
    },
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${(await rawBooking({ start: new Date(await freeStart()), attendance: 'completed' })).id}/report-card`,
        body: { done: 'Full Groom', noticed: { skin: '', ears: '', nails: '', behaviour: '' }, suggestion: '' },
      }),
    },
  ],
  // No check-in photo was taken: the address answers, with nothing to show.
  '/v1.0.1/management/bookings/:id/photos/:side': [
    {
      method: 'GET',
      expect: 404,
      prepare: async () => ({ path: `/v1.0.1/management/bookings/${await upcoming()}/photos/before` }),
    },
  ],
  '/v1.0.1/management/customers/:id/strikes': [
    {
      method: 'GET',
      expect: 200,
      prepare: async () => ({ path: `/v1.0.1/management/customers/${await missedBy()}/strikes` }),
    },
  ],
  '/v1.0.1/management/customers/:id/strikes/:booking/waive': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => {
        const id = await missed();
        const [b] = await query<{ customer_id: string }>('SELECT customer_id FROM bookings WHERE id = $1', [id]);
        return {
          path: `/v1.0.1/management/customers/${b!.customer_id}/strikes/${id}/waive`,
          body: { reason: 'Rang ahead' },
        };
      },
    },
  ],
  '/v1.0.1/management/bookings/:id/note': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => ({
        path: `/v1.0.1/management/bookings/${await upcoming()}/note`,
        body: { note: 'Door test' },
      }),
    },
  ],
  '/v1.0.1/management/blocks': [
    {
      method: 'POST',
      expect: 201,
      prepare: async () => {
        const start = farAhead();
        return {
          path: '/v1.0.1/management/blocks',
          body: { start: start.toISOString(), end: new Date(start.getTime() + 3 * 3600_000).toISOString() },
        };
      },
    },
  ],
  // A caller added to the waitlist from a phone booking (decision 087): a fresh number each time.
  '/v1.0.1/management/waitlist': [
    {
      method: 'POST',
      expect: 201,
      prepare: async () => {
        const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
        const to = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
        return {
          path: '/v1.0.1/management/waitlist',
          body: {
            serviceId: 'nails',
            dog: { name: 'Pip', breedId: 'pug', weightKg: 8, coat: 'short' },
            from,
            to,
            weekdays: [1, 2, 3, 4, 5, 6],
            parts: ['morning', 'afternoon'],
            owner: { name: 'Door Test', phone: freshPhone() },
            notify: { text: true, email: false },
            idempotencyKey: randomUUID(),
          },
        };
      },
    },
  ],
  '/v1.0.1/management/messages/:id/retry': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => {
        const [row] = await query<{ id: string }>(
          `INSERT INTO outbox (kind, channel, recipient, body_text, attempts, failed_at, failure, last_error)
           VALUES ('booking_confirmation', 'sms', '+447700900556', 'Door test', 27, now(), 'undelivered', '503')
           RETURNING id::text`,
        );
        return { path: `/v1.0.1/management/messages/${row!.id}/retry`, body: {} };
      },
    },
  ],
  // The waitlist on the schedule (docs/decisions/086).
  '/v1.0.1/management/waitlist/counts': [
    {
      method: 'GET',
      prepare: async () => ({ path: `/v1.0.1/management/waitlist/counts?from=${(await openDays())[0]!.date}&days=7` }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/waitlist/day': [
    {
      method: 'GET',
      prepare: async () => ({ path: `/v1.0.1/management/waitlist/day?date=${(await openDays())[0]!.date}` }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/waitlist/:id/offers': [
    {
      method: 'POST',
      expect: 201,
      prepare: async () => {
        const [day] = await openDays();
        const id = await waitingOn(day!.date);
        return { path: `/v1.0.1/management/waitlist/${id}/offers`, body: { start: day!.slots[0]!.start } };
      },
    },
  ],
  '/v1.0.1/management/waitlist/:id/withdraw': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => {
        const id = await waitingOn((await openDays())[0]!.date);
        return { path: `/v1.0.1/management/waitlist/${id}/withdraw`, body: {} };
      },
    },
  ],
  '/v1.0.1/management/blocks/:id/remove': [
    {
      method: 'POST',
      expect: 200,
      prepare: async () => {
        const id = randomId(12);
        await query(
          `INSERT INTO time_blocks (id, start_at, end_at) VALUES ($1, now() + interval '400 days', now() + interval '401 days')`,
          [id],
        );
        return { path: `/v1.0.1/management/blocks/${id}/remove`, body: {} };
      },
    },
  ],
};

let functions: LocalFunction[] = [];
const handlers = new Map<string, (req: Request, context?: unknown) => Promise<Response>>();

async function send(method: string, path: string, key: string | null, body?: unknown): Promise<Response> {
  const pathname = path.split('?')[0]!;
  const fn = functions.find((f) =>
    f.routes.some((r) => ('literal' in r ? r.literal === pathname : new RegExp(r.expression).test(pathname))),
  );
  if (!fn) throw new Error(`no function answers ${path}`);
  const headers: Record<string, string> = {};
  if (key !== null) headers['x-access-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return handlers.get(fn.name)!(
    new Request(`${HOST}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
  );
}

/** Rows of every table a staff call can change; a refused call must leave them as they were. */
async function snapshot(): Promise<string> {
  const tables = ['customers', 'staff_passkeys', 'webauthn_challenges', 'outbox', 'phone_codes'];
  const counts = await Promise.all(
    tables.map(async (t) => `${t}:${(await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0]!.n}`),
  );
  const keys = await query<{ n: number; revoked: number; proven: Date | null }>(
    'SELECT count(*)::int AS n, count(revoked_at)::int AS revoked, max(proven_at) AS proven FROM access_keys',
  );
  const privileges = await query<{ s: string }>(
    `SELECT string_agg(id || '=' || privileges, ',' ORDER BY id) AS s FROM customers`,
  );
  // The schedule's writes: bookings made, moved, cancelled, marked or noted; time blocked; the audit;
  // stopped messages sent again; waitlist offers made and requests withdrawn.
  const [schedule] = await query<{ s: string }>(
    `SELECT concat_ws(',', (SELECT count(*) FROM bookings), (SELECT count(*) FROM bookings WHERE status = 'cancelled'), (SELECT count(*) FROM dogs),
            (SELECT count(*) FROM time_blocks), (SELECT count(*) FROM audit_log), (SELECT count(*) FROM bookings WHERE attendance IS NOT NULL),
            (SELECT count(*) FROM bookings WHERE staff_note IS NOT NULL), (SELECT coalesce(sum(extract(epoch FROM start_at)), 0) FROM bookings),
            (SELECT count(*) FROM outbox WHERE failed_at IS NOT NULL), (SELECT count(*) FROM waitlist_offers),
            (SELECT count(*) FROM waitlist_requests WHERE status = 'waiting')) AS s`,
  );
  return [
    ...counts,
    `access_keys:${keys[0]!.n}/${keys[0]!.revoked}/${keys[0]!.proven?.toISOString()}`,
    privileges[0]!.s,
    `schedule:${schedule!.s}`,
    await recordsSnapshot(),
  ].join(' ');
}

/** The keys that must be refused, made fresh for each call (some calls spend or revoke one). */
const REFUSED: Record<string, () => Promise<string | null>> = {
  'no key': async () => null,
  'an empty key': async () => '',
  'a bogus key': async () => 'A'.repeat(43),
  'a malformed key': async () => 'not a key; drop table access_keys',
  "a customer's device key": async () => (await customerWithDeviceKey(freshPhone())).key,
  "a device key of a staff member's own record": async () => {
    const id = await addStaffMember(freshPhone());
    return transaction((tx) => issueAccessKey(tx, id, 'device'));
  },
  'a revoked staff key': async () => {
    // Signed in, then signed out through the API itself.
    const key = await staffKeyThen();
    const out = await send('POST', '/v1.0.1/management/sign-out', key, {});
    if (out.status !== 200) throw new Error(`sign-out answered ${out.status}`);
    return key;
  },
  'a staff key past its expiry': async () =>
    staffKeyThen(`UPDATE access_keys SET expires_at = now() - interval '1 second' WHERE key_hash = $1`),
  'an idle staff key': async () =>
    staffKeyThen(
      `UPDATE access_keys SET last_used_at = now() - interval '13 hours', created_at = now() - interval '13 hours' WHERE key_hash = $1`,
    ),
  'a staff key past its absolute lifetime': async () =>
    staffKeyThen(
      `UPDATE access_keys SET created_at = now() - interval '7 days 1 minute', last_used_at = now() WHERE key_hash = $1`,
    ),
  'the key of someone no longer staff': async () =>
    staffKeyThen(
      `UPDATE customers SET privileges = 1 WHERE id = (SELECT customer_id FROM access_keys WHERE key_hash = $1)`,
    ),
};

/** A staff member signed in by code, whose key is then changed by `sql` ($1 is the key's hash). */
async function staffKeyThen(sql?: string): Promise<string> {
  const phone = freshPhone();
  await addStaffMember(phone);
  const key = await signIn(phone, '192.0.2.51');
  if (sql) await query(sql, [hashAccessKey(key)]);
  return key;
}

let staffKey: string;
beforeAll(async () => {
  // Every key in this file is made by signing in from a few addresses: lift the per-address limits,
  // and the day's text budget its hundreds of codes would spend (decision 069).
  process.env = { ...process.env, BOOKING_RATE_LIMIT_PER_HOUR: '1000000', TEXT_BUDGET_PER_DAY: '1000000' };
  functions = await listLocalFunctions(FUNCTIONS_DIR);
  for (const fn of functions) handlers.set(fn.name, routed((await import(fn.mainFile)) as FunctionModule));
  const phone = freshPhone();
  await addStaffMember(phone, 'Enumerating Groomer');
  staffKey = await signIn(phone, '192.0.2.53');
});

describe('every management path needs a live staff key', () => {
  it('lists every function under /v1.0.1/management/, and has a row for each guarded path', () => {
    const management = functions.filter((fn) => fn.routes.some((r) => r.pattern.startsWith(`${MANAGEMENT_API}/`)));
    expect(management.length).toBeGreaterThanOrEqual(5);
    const patterns = management.flatMap((fn) => fn.routes.map((r) => r.pattern));
    // A function is wholly inside the staff API or wholly outside it.
    for (const pattern of patterns) expect(pattern.startsWith(`${MANAGEMENT_API}/`), pattern).toBe(true);
    const doors = patterns.filter((p) => p.startsWith(SIGN_IN_DOORS)).sort();
    expect(doors).toEqual([
      '/v1.0.1/management/sign-in/by-code',
      '/v1.0.1/management/sign-in/by-passkey',
      '/v1.0.1/management/sign-in/codes',
      '/v1.0.1/management/sign-in/passkey-options',
    ]);
    // Nothing else under /v1.0.1/management/ may open without a key: each path has its row.
    expect(Object.keys(CALLS).sort()).toEqual(patterns.filter((p) => !p.startsWith(SIGN_IN_DOORS)).sort());
  });

  const cases = Object.entries(CALLS).flatMap(([pattern, calls]) =>
    calls.map((c) => [`${c.method} ${pattern}`, c] as const),
  );

  it.each(cases)('%s answers a live staff key', async (label, c) => {
    // Sign-out spends its key: it gets one of its own.
    const own = label.includes('sign-out') ? await staffKeyThen() : staffKey;
    const { path, body } = await c.prepare(own);
    const res = await send(c.method, path, own, body);
    expect(res.status, await res.clone().text()).toBe(c.expect);
  });

  it.each(
    cases.flatMap(([label, c]) => Object.keys(REFUSED).map((who) => [`${label} refuses ${who}`, c, who] as const)),
  )('%s', async (_label, c, who) => {
    const key = await REFUSED[who]!();
    // The request itself is one that succeeds for staff (prepared with a live key).
    const { path, body } = await c.prepare(staffKey);
    const before = await snapshot();
    const res = await send(c.method, path, key, body);
    expect(res.status).toBe(401);
    if (c.method !== 'HEAD')
      expect(await res.json()).toEqual({ error: 'Please sign in to the staff area.', code: 'unauthorised' });
    expect(await snapshot()).toBe(before);
  });
});
