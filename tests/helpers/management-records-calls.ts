import sharp from 'sharp';
import { query } from '../../src/server/db.ts';
import { insertBooking } from './staff-records.ts';

/**
 * Calls that succeed for a live staff key on every path of the staff-records functions (Finances,
 * Customers, Breeds, Settings and its extras), for the enumerated refusal in tests/integration/management-api.test.ts.
 * They need the seeded database (the 'nails' service, the 'pug' breed), Netlify Blobs
 * (tests/helpers/blobs.ts) and the Stripe stand-in (the refund).
 */
export interface RecordsCall {
  method: 'GET' | 'HEAD' | 'POST';
  prepare: () => Promise<{ path: string; body?: unknown }>;
  expect: number;
}

let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;
const weekAhead = () => new Date(Date.now() + (20 + (n++ % 200)) * 86_400_000);
const dayAhead = () => new Date(Date.now() + (300 + n++) * 86_400_000).toISOString().slice(0, 10);
const past = () => new Date(Date.now() - (30 + n++) * 86_400_000);
const aPicture = async () =>
  (
    await sharp({ create: { width: 20, height: 20, channels: 3, background: '#246' } })
      .png()
      .toBuffer()
  ).toString('base64');
const newBreed = async () => {
  const id = `auth-breed-${unique()}`;
  await query(`INSERT INTO breeds (id, name) VALUES ($1, $1)`, [id]);
  return id;
};

export const MANAGEMENT_RECORDS_CALLS: Record<string, RecordsCall[]> = {
  '/v1.0.1/management/settings': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/settings' }), expect: 200 },
    { method: 'HEAD', prepare: async () => ({ path: '/v1.0.1/management/settings' }), expect: 200 },
    {
      method: 'POST',
      prepare: async () => ({ path: '/v1.0.1/management/settings', body: { minNoticeMinutes: 60 + (n++ % 50) } }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/services': [
    {
      method: 'POST',
      prepare: async () => ({
        path: '/v1.0.1/management/services',
        body: {
          title: `Paw balm ${unique()}`,
          price: 500,
          duration: 10,
          description: '',
          display_order: 20,
          kind: 'extras',
          active: false,
        },
      }),
      expect: 201,
    },
  ],
  '/v1.0.1/management/services/:id': [
    {
      method: 'POST',
      prepare: async () => ({ path: '/v1.0.1/management/services/nails', body: { price: 1000 + (n++ % 50) } }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/extras': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/extras' }), expect: 200 },
    { method: 'HEAD', prepare: async () => ({ path: '/v1.0.1/management/extras' }), expect: 200 },
    {
      method: 'POST',
      prepare: async () => ({
        path: '/v1.0.1/management/extras',
        body: {
          title: `Paw balm ${unique()}`,
          description: '',
          price: 400,
          minutes: 5,
          only_with: ['nails'],
          display_order: 20,
          active: false,
        },
      }),
      expect: 201,
    },
  ],
  '/v1.0.1/management/extras/:id': [
    {
      method: 'POST',
      prepare: async () => ({ path: '/v1.0.1/management/extras/teeth', body: { price: 500 + (n++ % 50) } }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/closures': [
    {
      method: 'POST',
      prepare: async () => ({ path: '/v1.0.1/management/closures', body: { date: dayAhead(), reason: 'Training' } }),
      expect: 201,
    },
  ],
  '/v1.0.1/management/closures/:date/remove': [
    {
      method: 'POST',
      prepare: async () => {
        const day = dayAhead();
        await query(`INSERT INTO closures (day) VALUES ($1)`, [day]);
        return { path: `/v1.0.1/management/closures/${day}/remove`, body: {} };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/breeds': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/breeds' }), expect: 200 },
    {
      method: 'POST',
      prepare: async () => ({
        path: '/v1.0.1/management/breeds',
        body: { name: `Auth breed ${unique()}`, usualDurationMin: 60, priceFromPence: null, priceToPence: null },
      }),
      expect: 201,
    },
  ],
  '/v1.0.1/management/breeds/:id': [
    {
      method: 'POST',
      prepare: async () => ({ path: `/v1.0.1/management/breeds/${await newBreed()}`, body: { usualDurationMin: 75 } }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/breeds/:id/remove': [
    {
      method: 'POST',
      prepare: async () => ({ path: `/v1.0.1/management/breeds/${await newBreed()}/remove`, body: {} }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/breeds/:id/image': [
    {
      method: 'POST',
      prepare: async () => ({
        path: `/v1.0.1/management/breeds/${await newBreed()}/image`,
        body: { image: await aPicture() },
      }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/breeds/:id/image/remove': [
    {
      method: 'POST',
      prepare: async () => ({ path: `/v1.0.1/management/breeds/${await newBreed()}/image/remove`, body: {} }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers': [
    { method: 'GET', prepare: async () => ({ path: '/v1.0.1/management/customers?q=sam' }), expect: 200 },
  ],
  '/v1.0.1/management/customers/:id': [
    {
      method: 'GET',
      prepare: async () => ({
        path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}`,
      }),
      expect: 200,
    },
    {
      method: 'POST',
      prepare: async () => ({
        path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}`,
        body: { notes: 'Likes biscuits' },
      }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers/:id/visits': [
    {
      method: 'GET',
      prepare: async () => ({
        path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/visits`,
      }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers/:id/messages': [
    {
      method: 'GET',
      prepare: async () => ({
        path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/messages`,
      }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers/:id/export': [
    {
      method: 'GET',
      prepare: async () => ({
        path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/export`,
      }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers/:id/dogs': [
    {
      method: 'POST',
      prepare: async () => ({
        path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/dogs`,
        body: { name: 'Second', breedId: 'pug', weightKg: 6, coat: 'short' },
      }),
      expect: 201,
    },
  ],
  '/v1.0.1/management/customers/:id/dogs/:dog': [
    {
      method: 'POST',
      prepare: async () => {
        const { customerId, dogId } = await insertBooking({ start: past() });
        return { path: `/v1.0.1/management/customers/${customerId}/dogs/${dogId}`, body: { weightKg: 11.5 } };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers/:id/merge': [
    {
      method: 'POST',
      prepare: async () => {
        const one = await insertBooking({ start: past() });
        const two = await insertBooking({ start: past() });
        return { path: `/v1.0.1/management/customers/${one.customerId}/merge`, body: { from: two.customerId } };
      },
      expect: 200,
    },
  ],
  '/v1.0.1/management/customers/:id/merge/code': [
    {
      method: 'POST',
      prepare: async () => {
        // One proved record and one unproved of a number: the pair a merge code is for (decision 068).
        const proved = await insertBooking({ start: past() });
        const unproved = await insertBooking({ start: past() });
        await query('UPDATE customers SET phone_verified_at = now() WHERE id = $1', [proved.customerId]);
        return {
          path: `/v1.0.1/management/customers/${proved.customerId}/merge/code`,
          body: { from: unproved.customerId },
        };
      },
      expect: 202,
    },
  ],
  '/v1.0.1/management/customers/:id/erase': [
    {
      method: 'POST',
      prepare: async () => ({
        path: `/v1.0.1/management/customers/${(await insertBooking({ start: past() })).customerId}/erase`,
        body: { confirm: 'erase' },
      }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/finances': [
    {
      method: 'GET',
      prepare: async () => ({ path: '/v1.0.1/management/finances?from=2026-11-01&to=2026-11-30&by=week' }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/finances/deposits': [
    {
      method: 'GET',
      prepare: async () => ({ path: '/v1.0.1/management/finances/deposits?from=2026-11-01&to=2026-11-30' }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/finances/takings.csv': [
    {
      method: 'GET',
      prepare: async () => ({ path: '/v1.0.1/management/finances/takings.csv?from=2026-11-01&to=2026-11-30' }),
      expect: 200,
    },
  ],
  '/v1.0.1/management/finances/refunds': [
    {
      method: 'POST',
      prepare: async () => {
        const { bookingId } = await insertBooking({
          start: weekAhead(),
          depositPaidPence: 1000,
          paymentIntent: `pi_auth_${unique()}`,
        });
        return { path: '/v1.0.1/management/finances/refunds', body: { bookingId, reason: 'Goodwill' } };
      },
      expect: 200,
    },
  ],
};

/** What a staff call can change; a refused call must leave it exactly as it was. */
export async function recordsSnapshot(): Promise<string> {
  const [row] = await query<Record<string, unknown>>(`SELECT
    (SELECT count(*) FROM customers) AS customers, (SELECT count(*) FROM customers WHERE erased_at IS NOT NULL) AS erased,
    (SELECT md5(string_agg(id || coalesce(notes, ''), ',' ORDER BY id)) FROM customers) AS notes,
    (SELECT md5(string_agg(id || coalesce(weight_kg::text, '') || coalesce(breed_id, ''), ',' ORDER BY id)) FROM dogs) AS dogs,
    (SELECT md5(string_agg(id || coalesce(usual_duration_min::text, '') || coalesce(image_key, ''), ',' ORDER BY id)) FROM breeds) AS breeds,
    (SELECT md5(string_agg(id || price_pence || active, ',' ORDER BY id)) FROM booking_types) AS services,
    (SELECT md5(string_agg(id || price_pence || duration_min || active || only_with::text, ',' ORDER BY id)) FROM extras) AS extras,
    (SELECT count(*) FROM closures) AS closures, (SELECT md5(booking::text) FROM settings) AS settings,
    (SELECT coalesce(sum(refund_due_pence + deposit_refunded_pence), 0) FROM bookings) AS refunds,
    (SELECT count(*) FROM audit_log) AS audit, (SELECT count(*) FROM money_movements) AS money`);
  return JSON.stringify(row);
}
