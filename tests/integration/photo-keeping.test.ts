import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as customers from '../../netlify/functions/management-customers.ts';
import { monthsBefore } from '../../src/domain/retention.ts';
import { query } from '../../src/server/db.ts';
import { deleteListedPhotoBlobs } from '../../src/server/photo-keeping.ts';
import { deleteExpiredData } from '../../src/server/retention.ts';
import { hasVisitPhoto } from '../../src/server/visit-photo-store.ts';
import { storeVisitPhoto } from '../../src/server/visit-photos.ts';
import { useTestBlobs } from '../helpers/blobs.ts';
import { routed } from '../helpers/netlify-context.ts';
import { call, insertBooking, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Visit photos kept only as long as the privacy notice says (docs/decisions/095): the retention job
 * clears the keys of visits older than the period and deletes their blobs from a real local Netlify
 * Blobs store, keeps a newer one, and keeps a blob another row still names; an erasure deletes the
 * customer's blobs after it commits, and a blob whose deletion failed goes at the next run.
 */
useTestDatabase({ seed: true });
const blobs = useTestBlobs();
const handler = routed(customers) as Handler;

const PERIODS = { visitStatisticsMonths: 13, sentMessagesMonths: 12, visitPhotosMonths: 12 };
const NOW = new Date('2030-06-15T03:00:00Z');
const DAY = 86_400_000;
let staffKey: string;
beforeAll(async () => {
  ({ key: staffKey } = await staffMember('Photo Keeper'));
});

/** A real photo through the check-in's own resizing into the 'visit-photos' store; noise makes each one new. */
async function photo(bookingId: string): Promise<string> {
  const image = await sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return (await storeVisitPhoto(bookingId, image.toString('base64'))).photoKey;
}

let minutes = 0;
const photoKeys = new Set<string>();
/** A completed visit that started at `start`, checked in with `photoKey` (or a new photo). */
async function visitWithPhoto(start: Date, options: { customerId?: string; photoKey?: string } = {}) {
  const made = await insertBooking({
    ...(options.customerId ? { customerId: options.customerId } : {}),
    // Each visit a minute of its own, so the grooming tables never run out.
    start: new Date(start.getTime() + ++minutes * 60_000),
    attendance: 'completed',
  });
  const photoKey = options.photoKey ?? (await photo(made.bookingId));
  expect(photoKeys.has(photoKey) === !!options.photoKey).toBe(true);
  photoKeys.add(photoKey);
  await query(`INSERT INTO check_ins (booking_id, checked_in_at, photo_key) VALUES ($1, $2, $3)`, [
    made.bookingId,
    start,
    photoKey,
  ]);
  return { ...made, photoKey };
}

const keyOf = async (bookingId: string) =>
  (await query<{ photo_key: string | null }>('SELECT photo_key FROM check_ins WHERE booking_id = $1', [bookingId]))[0]!
    .photo_key;

describe('keeping visit photos', () => {
  it('deletes the photos of visits older than the period, keeps a newer one, and a shared blob while it is named', async () => {
    const cutoff = monthsBefore(NOW, PERIODS.visitPhotosMonths);
    const old = await visitWithPhoto(new Date(cutoff.getTime() - 10 * DAY));
    const recent = await visitWithPhoto(new Date(cutoff.getTime() + 10 * DAY));
    // The same picture sent for an old visit and a recent one: one blob, two rows.
    const sharedOld = await visitWithPhoto(new Date(cutoff.getTime() - 5 * DAY));
    const sharedRecent = await visitWithPhoto(new Date(cutoff.getTime() + 5 * DAY), { photoKey: sharedOld.photoKey });

    // A batch of one: the keys and the blobs go a batch at a time until a batch comes back short.
    const run = await deleteExpiredData({ now: NOW, periods: PERIODS, batchSize: 1 });
    expect(run.complete).toBe(true);
    expect(run.photos).toEqual({ keysCleared: 2, deleted: 1, kept: 1, failed: 0 });
    expect(await keyOf(old.bookingId)).toBeNull();
    expect(await hasVisitPhoto(old.photoKey)).toBe(false);
    expect(await keyOf(recent.bookingId)).toBe(recent.photoKey);
    expect(await hasVisitPhoto(recent.photoKey)).toBe(true);
    expect(await keyOf(sharedOld.bookingId)).toBeNull();
    expect(await keyOf(sharedRecent.bookingId)).toBe(sharedOld.photoKey);
    expect(await hasVisitPhoto(sharedOld.photoKey)).toBe(true);
    expect(await query('SELECT photo_key FROM photo_blobs_to_delete')).toEqual([]);

    // Once the recent visit is old too, the shared blob goes with its last key.
    const later = new Date(NOW.getTime() + 30 * DAY);
    expect((await deleteExpiredData({ now: later, periods: PERIODS })).photos).toEqual({
      keysCleared: 2,
      deleted: 2,
      kept: 0,
      failed: 0,
    });
    expect(await hasVisitPhoto(sharedOld.photoKey)).toBe(false);
    expect(await hasVisitPhoto(recent.photoKey)).toBe(false);
    // Nothing left to do: a run that finds nothing asks the store nothing.
    const asked = blobs.requests.length;
    expect((await deleteExpiredData({ now: later, periods: PERIODS })).photos).toEqual({
      keysCleared: 0,
      deleted: 0,
      kept: 0,
      failed: 0,
    });
    expect(blobs.requests.length).toBe(asked);
  });

  it('an erasure deletes the customer’s photo blobs after it commits, not one another visit still names', async () => {
    const past = new Date(Date.now() - 20 * DAY);
    const first = await visitWithPhoto(past);
    const second = await visitWithPhoto(new Date(past.getTime() + DAY), { customerId: first.customerId });
    const stranger = await visitWithPhoto(new Date(past.getTime() + 2 * DAY));
    // A stranger's visit names the same picture as the erased customer's second one.
    const sharing = await visitWithPhoto(new Date(past.getTime() + 3 * DAY), { photoKey: second.photoKey });

    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${first.customerId}/erase`, {
      key: staffKey,
      body: { confirm: 'erase' },
    });
    expect(res.status, res.text).toBe(200);
    expect(await keyOf(first.bookingId)).toBeNull();
    expect(await keyOf(second.bookingId)).toBeNull();
    expect(await hasVisitPhoto(first.photoKey)).toBe(false);
    expect(await hasVisitPhoto(second.photoKey)).toBe(true);
    expect(await keyOf(sharing.bookingId)).toBe(second.photoKey);
    expect(await hasVisitPhoto(stranger.photoKey)).toBe(true);
    expect(await query('SELECT photo_key FROM photo_blobs_to_delete')).toEqual([]);
  });

  it('a blob whose deletion failed stays listed, and the next retention run deletes it', async () => {
    const past = new Date(Date.now() - 20 * DAY);
    const visit = await visitWithPhoto(past);
    const context = process.env.NETLIFY_BLOBS_CONTEXT;
    // The store unreachable while the customer is erased: the erasure still happens.
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(context!, 'base64').toString()),
        edgeURL: 'http://127.0.0.1:9',
        uncachedEdgeURL: 'http://127.0.0.1:9',
      }),
    ).toString('base64');
    try {
      const res = await call(handler, 'POST', `/v1.0.1/management/customers/${visit.customerId}/erase`, {
        key: staffKey,
        body: { confirm: 'erase' },
      });
      expect(res.status, res.text).toBe(200);
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = context;
    }
    expect(await keyOf(visit.bookingId)).toBeNull();
    expect(await hasVisitPhoto(visit.photoKey)).toBe(true);
    expect(await query('SELECT photo_key FROM photo_blobs_to_delete')).toEqual([{ photo_key: visit.photoKey }]);

    expect(await deleteListedPhotoBlobs()).toEqual({ deleted: 1, kept: 0, failed: 0 });
    expect(await hasVisitPhoto(visit.photoKey)).toBe(false);
    expect(await query('SELECT photo_key FROM photo_blobs_to_delete')).toEqual([]);
  });

  it('keeps a report card’s after photo by the same rules: gone after the period, and with an erased customer, card and all', async () => {
    const cutoff = monthsBefore(NOW, PERIODS.visitPhotosMonths);
    const reported = async (start: Date, customerId?: string) => {
      const visit = await visitWithPhoto(start, customerId ? { customerId } : {});
      const after = await photo(visit.bookingId);
      await query(
        `INSERT INTO report_cards (booking_id, done, after_photo_key, sent_at, updated_at) VALUES ($1, 'Full groom', $2, $3, $3)`,
        [visit.bookingId, after, start],
      );
      return { ...visit, after };
    };
    const afterOf = async (bookingId: string) =>
      (
        await query<{ k: string | null }>('SELECT after_photo_key AS k FROM report_cards WHERE booking_id = $1', [
          bookingId,
        ])
      )[0]?.k;
    const old = await reported(new Date(cutoff.getTime() - 3 * DAY));
    const recent = await reported(new Date(cutoff.getTime() + 3 * DAY));
    const run = await deleteExpiredData({ now: NOW, periods: PERIODS });
    // The old visit's two photos, and whatever earlier tests left before the cutoff.
    expect(run.photos.failed).toBe(0);
    expect(await keyOf(old.bookingId)).toBeNull();
    expect(await afterOf(old.bookingId)).toBeNull();
    expect(await hasVisitPhoto(old.after)).toBe(false);
    expect(await afterOf(recent.bookingId)).toBe(recent.after);
    expect(await hasVisitPhoto(recent.after)).toBe(true);

    const erased = await reported(new Date(Date.now() - 10 * DAY));
    const res = await call(handler, 'POST', `/v1.0.1/management/customers/${erased.customerId}/erase`, {
      key: staffKey,
      body: { confirm: 'erase' },
    });
    expect(res.status, res.text).toBe(200);
    expect(await query('SELECT 1 FROM report_cards WHERE booking_id = $1', [erased.bookingId])).toEqual([]);
    expect(await hasVisitPhoto(erased.after)).toBe(false);
    expect(await hasVisitPhoto(erased.photoKey)).toBe(false);
  });
});
