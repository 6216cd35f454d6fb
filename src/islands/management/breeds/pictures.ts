import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { BREED_IMAGE_TYPES, BreedSavedSchema, MAX_BREED_IMAGE_BYTES } from '../../../domain/breed-records.ts';
import { staffCall } from '../../../client/staff-session.ts';

/** What the picture inputs accept. */
export const PICTURE_TYPES = BREED_IMAGE_TYPES.join(',');

/** A chosen picture as the API takes it (base64), or why it cannot be sent. */
export async function readPicture(file: Blob): Promise<{ base64: string } | { problem: string }> {
  if (file.size > MAX_BREED_IMAGE_BYTES) return { problem: 'That picture is over 4 MB: please choose a smaller one' };
  if (!(BREED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return { problem: 'Please choose a JPEG, PNG or WebP picture' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary) };
}

/** Stores a breed's picture; a large one takes a while to resize on the server. */
export function uploadPicture(id: string, base64: string) {
  return staffCall(apiRoutes.breedPicture, {
    params: { id },
    body: { image: base64 },
    schema: BreedSavedSchema,
    timeoutMs: 60_000,
  });
}
