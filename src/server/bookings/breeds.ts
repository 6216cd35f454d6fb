import type { Breed } from '../../domain/breeds.ts';
import { query } from '../db.ts';

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
