import type { Breed } from '../../domain/breeds.ts';
import { query, type Tx } from '../db.ts';

/**
 * The breeds as the booking form reads them: the list and a breed's usual figures for the quote.
 * The staff's breed records (src/server/breed-records.ts) write the same table and handle the
 * pictures; nothing here may import them, so the booking functions never carry the image code
 * (sharp and libvips, tens of MB: docs/decisions/062-netlify-build-in-ci.md).
 */

/** Breeds by name, the 'None/Other' fallback flagged and last (contract §3, §5). */
export async function listBreeds(): Promise<Breed[]> {
  const rows = await query<{ id: string; name: string; image_url: string | null; is_fallback: boolean }>(
    'SELECT id, name, image_url, is_fallback FROM breeds ORDER BY is_fallback, lower(name)',
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    image_url_s3: r.image_url,
    ...(r.is_fallback ? { fallback: true as const } : {}),
  }));
}

/** A breed's usual figures for the quote, or null for an unknown breed. */
export async function breedBand(
  tx: Tx,
  id: string,
): Promise<{
  id: string;
  name: string;
  usualDurationMin: number | null;
  priceFromPence: number | null;
  priceToPence: number | null;
} | null> {
  const {
    rows: [row],
  } = await tx.query<{
    id: string;
    name: string;
    usual_duration_min: number | null;
    price_from_pence: number | null;
    price_to_pence: number | null;
  }>('SELECT id, name, usual_duration_min, price_from_pence, price_to_pence FROM breeds WHERE id = $1', [id]);
  return row
    ? {
        id: row.id,
        name: row.name,
        usualDurationMin: row.usual_duration_min,
        priceFromPence: row.price_from_pence,
        priceToPence: row.price_to_pence,
      }
    : null;
}
