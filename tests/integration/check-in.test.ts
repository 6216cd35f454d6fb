import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as checkInModule from '../../netlify/functions/management-check-in.ts';
import * as bookingChangesModule from '../../netlify/functions/management-booking-changes.ts';
import { ScheduleBookingSchema } from '../../src/domain/schedule.ts';
import { query } from '../../src/server/db.ts';
import { useTestBlobs } from '../helpers/blobs.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call, customerDeviceKey, staffMember, type Handler } from '../helpers/staff-records.ts';
import { rawBooking } from '../helpers/staff-schedule.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Check-in at the counter (docs/decisions/091) through its function: the tier's surcharge found by
 * the server in the settings (a tier the shop has not got is refused), the photo re-encoded into
 * Netlify Blobs, the booking marked 'arrived', and the surcharge in the balance only once the owner
 * agreed. Bookings started half an hour ago: a check-in happens on the visit's own day.
 */
useTestDatabase({ seed: true });
useTestBlobs();
const checkInHandler = routed(checkInModule) as Handler;
const changes = routed(bookingChangesModule) as Handler;
let key: string;
let staffId: string;
beforeAll(async () => {
  ({ key, id: staffId } = await staffMember('Counter Tester'));
  // Every visit here starts half an hour ago, side by side: tables enough for them all.
  await query(`UPDATE settings SET booking = jsonb_set(booking, '{capacity}', '50') WHERE id`);
});

const justStarted = () => rawBooking({ start: new Date(Date.now() - 30 * 60_000), totalFromPence: 4500 });
const checkIn = (id: string, body: unknown, k: string | null = key) =>
  call(checkInHandler, 'POST', `/v1.0.1/management/bookings/${id}/check-in`, { key: k, body });
const matted = { condition: 'Matted behind the ears, skin fine', tierId: 'heavy-matting', instructions: '' };
const photo = async () =>
  (
    await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#a07050' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');

describe('check-in', () => {
  it('keeps the surcharge the settings give, with the typed consent, and marks the dog arrived', async () => {
    const { id } = await justStarted();
    const uploaded = await call(checkInHandler, 'POST', `/v1.0.1/management/bookings/${id}/check-in/photo`, {
      key,
      body: { image: await photo() },
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.body.photoKey).toMatch(/^[0-9a-f]{64}$/);

    const res = await checkIn(id, {
      ...matted,
      instructions: 'Shorter on the legs today',
      photoKey: uploaded.body.photoKey,
      consent: { method: 'typed', name: 'Sam Jones' },
    });
    expect(res.status, res.text).toBe(200);
    const booking = ScheduleBookingSchema.parse(res.body.booking);
    expect(booking.attendance).toBe('arrived');
    expect(booking.checkIn).toMatchObject({
      condition: 'Matted behind the ears, skin fine',
      tier: { id: 'heavy-matting', label: 'Heavy matting', kind: 'matting' },
      surchargePence: 1500,
      instructions: 'Shorter on the legs today',
      hasPhoto: true,
      consent: { method: 'typed', name: 'Sam Jones' },
    });
    expect(booking.finalPricePence).toBe(6000);
    expect(booking.balanceDuePence).toBe(6000);

    const [row] = await query<{ checked_in_by: string; consent_taken_by: string; photo_key: string }>(
      'SELECT checked_in_by, consent_taken_by, photo_key FROM check_ins WHERE booking_id = $1',
      [id],
    );
    expect(row).toMatchObject({ checked_in_by: staffId, consent_taken_by: staffId, photo_key: uploaded.body.photoKey });
    const audits = await query<{ action: string; after: any }>(
      `SELECT action, after FROM audit_log WHERE entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(audits.map((a) => a.action)).toEqual(['booking.check_in']);
    expect(audits[0]!.after).toMatchObject({ attendance: 'arrived', tier: 'heavy-matting', surchargePence: 1500 });

    // Completed with the balance the counter offers: the surcharge is taken, and Finances count it.
    const done = await call(changes, 'POST', `/v1.0.1/management/bookings/${id}/attendance`, {
      key,
      body: { attendance: 'completed', balance: { pence: booking.balanceDuePence, method: 'card' } },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.booking).toMatchObject({ balancePaidPence: 6000, balanceDuePence: 0, finalPricePence: 6000 });
  });

  it('leaves a surcharge the owner has not agreed to out of the balance, until they agree', async () => {
    const { id } = await justStarted();
    const first = await checkIn(id, matted);
    expect(first.status, first.text).toBe(200);
    expect(first.body.booking).toMatchObject({ finalPricePence: 4500, balanceDuePence: 4500 });
    expect(first.body.booking.checkIn).toMatchObject({ surchargePence: 1500, consent: null });

    const agreed = await checkIn(id, { ...matted, consent: { method: 'typed', name: 'Sam Jones' } });
    expect(agreed.status, agreed.text).toBe(200);
    expect(agreed.body.booking).toMatchObject({ attendance: 'arrived', finalPricePence: 6000, balanceDuePence: 6000 });
  });

  it('checks a dog in without a tier: nothing to agree, nothing added', async () => {
    const { id } = await justStarted();
    const res = await checkIn(id, {
      condition: '',
      tierId: null,
      instructions: '',
      consent: { method: 'typed', name: 'X' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.booking.checkIn).toMatchObject({ tier: null, surchargePence: 0, consent: null });
    expect(res.body.booking.finalPricePence).toBe(4500);
  });

  it('refuses a tier the settings have not got, and a surcharge sent by the client', async () => {
    const { id } = await justStarted();
    const unknown = await checkIn(id, { ...matted, tierId: 'velvet-coat' });
    expect(unknown.status).toBe(400);
    const priced = await checkIn(id, { ...matted, surchargePence: 1 });
    expect(priced.status).toBe(400);
    expect(await query('SELECT 1 FROM check_ins WHERE booking_id = $1', [id])).toEqual([]);
    expect((await query<{ attendance: null }>('SELECT attendance FROM bookings WHERE id = $1', [id]))[0]).toEqual({
      attendance: null,
    });
  });

  it('refuses strangers, customers, unknown bookings, a visit already completed and a photo that is not one', async () => {
    const { id } = await justStarted();
    expect((await checkIn(id, matted, null)).status).toBe(401);
    expect([401, 403]).toContain((await checkIn(id, matted, await customerDeviceKey())).status);
    expect((await checkIn('A'.repeat(22), matted)).status).toBe(404);
    const notPicture = await call(checkInHandler, 'POST', `/v1.0.1/management/bookings/${id}/check-in/photo`, {
      key,
      body: { image: Buffer.from('not a picture at all').toString('base64') },
    });
    expect(notPicture.status).toBe(415);
    const missingPhoto = await checkIn(id, { ...matted, photoKey: 'f'.repeat(64) });
    expect(missingPhoto.status).toBe(400);

    const { id: done } = await rawBooking({ start: new Date(Date.now() - 90 * 60_000), attendance: 'completed' });
    expect((await checkIn(done, matted)).status).toBe(409);
    const later = await rawBooking({ start: new Date(Date.now() + 3 * 24 * 3600_000) });
    expect((await checkIn(later.id, matted)).status).toBe(409);
  });
});
