import { HttpError } from './http.ts';
import { visitPhotos } from './visit-photo-store.ts';

/**
 * A stored visit photo as an answer (docs/decisions/094): WebP from the private store, never kept by
 * a shared cache (the dog is the owner's), revalidated by an ETag that is the photo's key (its
 * SHA-256): a retaken photo is a new key, so the same address answers the new one.
 */
export async function visitPhotoAnswer(key: string | null, ifNoneMatch: string | null): Promise<Response> {
  if (!key) throw noPhoto();
  const etag = `"${key}"`;
  const headers = {
    etag,
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
  };
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return new Response(null, { status: 304, headers });
  const data = await visitPhotos().get(key, { type: 'arrayBuffer' });
  if (!data) throw noPhoto();
  return new Response(data, { headers: { ...headers, 'content-type': 'image/webp' } });
}

const noPhoto = () => new HttpError(404, 'There is no such photo of this visit.', { code: 'not_found' });
