import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import sharp, { type OutputInfo } from 'sharp';
import { imageTypeOf, MAX_BREED_IMAGE_BYTES } from '../domain/breed-records.ts';
import { HttpError } from './http.ts';

/**
 * Breed pictures (docs/decisions/061-staff-records.md): an upload is checked by its bytes,
 * decoded and re-encoded by sharp (so nothing of the file but its pixels survives: no metadata, no
 * trailing payload, no second format hiding in it) and kept in Netlify Blobs under the SHA-256 of
 * the stored picture. The address of a picture therefore never changes its content, and the function
 * that serves it resized can let browsers and the CDN keep it for a year.
 */
const STORE = 'breed-images';
/** The largest side kept; the booking form shows 36 px and the staff screen a few times that. */
const STORED_SIDE = 1024;
/** Decoding refuses pictures larger than this many pixels (a "decompression bomb" of a few KB). */
const MAX_PIXELS = 40_000_000;

function store() {
  // Strong consistency: a picture is read back moments after its upload, before it would have spread.
  return getStore({ name: STORE, consistency: 'strong' });
}

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  bytes: number;
}

export const imageUrlFor = (key: string) => `/v1.0.1/breed-images/${key}.webp`;

/** Checks, re-encodes and stores an uploaded picture; 400/413/415 for anything that is not one. */
export async function storeBreedImage(base64: string): Promise<StoredImage> {
  const output = await reencodePicture(base64, MAX_BREED_IMAGE_BYTES, STORED_SIDE);
  const key = createHash('sha256').update(output.data).digest('hex');
  await store().set(key, new Uint8Array(output.data).buffer as ArrayBuffer, {
    metadata: { width: output.info.width, height: output.info.height },
  });
  return { key, width: output.info.width, height: output.info.height, bytes: output.data.byteLength };
}

/** The stored picture `key` at `width` pixels wide (never wider than stored), as WebP; null when unknown. */
export async function breedImageAt(key: string, width: number): Promise<Buffer | null> {
  const stored = await store().get(key, { type: 'arrayBuffer' });
  if (!stored) return null;
  return sharp(Buffer.from(stored)).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

/** Deletes a picture no breed uses any more (best effort: a leftover blob harms nobody). */
export async function deleteBreedImage(key: string): Promise<void> {
  await store()
    .delete(key)
    .catch((error: unknown) =>
      console.warn(`Could not delete breed picture ${key}:`, error instanceof Error ? error.message : error),
    );
}

/**
 * An uploaded picture checked by its bytes and re-encoded as WebP at most `side` pixels a side; 400,
 * 413 or 415 for anything that is not one. Shared with the photos taken at check-in (decision 091).
 */
export async function reencodePicture(
  base64: string,
  maxBytes: number,
  side: number,
): Promise<{ data: Buffer; info: OutputInfo }> {
  const input = Buffer.from(base64, 'base64');
  if (input.byteLength > maxBytes)
    throw new HttpError(413, `Please choose a picture of at most ${maxBytes / 1024 / 1024} MB.`, {
      code: 'too_large',
    });
  const type = imageTypeOf(input);
  if (!type) throw new HttpError(415, 'Please choose a JPEG, PNG or WebP picture.', { code: 'unsupported_media_type' });
  try {
    const image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
    const metadata = await image.metadata();
    // The bytes said one thing; the decoder must agree (a JPEG header on an SVG or a TIFF is refused).
    if (`image/${metadata.format}` !== type) throw new Error(`decoded as ${metadata.format}, sent as ${type}`);
    return await image
      .rotate() // the camera's orientation, applied, since the metadata that carried it is dropped
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(400, 'That file is not a picture we can read. Please choose a JPEG, PNG or WebP photo.', {
      code: 'invalid',
    });
  }
}
