import { getStore } from '@netlify/blobs';

/**
 * The photos taken at check-in (docs/decisions/091), in their own Netlify Blobs store: private (no
 * public address), keyed by the SHA-256 of the re-encoded picture. Kept apart from the resizing code
 * (visit-photos.ts) so that only the function that takes photos carries sharp (decision 062).
 */
export function visitPhotos() {
  // Strong consistency: a photo is named by the check-in moments after its upload.
  return getStore({ name: 'visit-photos', consistency: 'strong' });
}

export async function hasVisitPhoto(key: string): Promise<boolean> {
  return (await visitPhotos().getMetadata(key)) !== null;
}
