import { createHash } from 'node:crypto';
import { MAX_VISIT_PHOTO_BYTES } from '../domain/check-in.ts';
import { reencodePicture } from './breed-images.ts';
import { db } from './db.ts';
import { bookingNotFound } from './schedule/schedule.ts';
import { visitPhotos } from './visit-photo-store.ts';

/** The side a counter photo is kept at: enough to see a mat on a tablet, small on a phone's data. */
const PHOTO_SIDE = 1280;

/** Re-encodes a photo taken at check-in (as a breed picture is) and stores it; its key goes with the check-in. */
export async function storeVisitPhoto(bookingId: string, base64: string): Promise<{ photoKey: string }> {
  const { rows } = await db().query('SELECT 1 FROM bookings WHERE id = $1', [bookingId]);
  if (rows.length === 0) throw bookingNotFound();
  const output = await reencodePicture(base64, MAX_VISIT_PHOTO_BYTES, PHOTO_SIDE);
  const photoKey = createHash('sha256').update(output.data).digest('hex');
  await visitPhotos().set(photoKey, new Uint8Array(output.data).buffer as ArrayBuffer, { metadata: { bookingId } });
  return { photoKey };
}
