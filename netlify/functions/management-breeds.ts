import type { Config } from '@netlify/functions';
import {
  BreedChangeSchema,
  BreedIdSchema,
  BreedImageUploadSchema,
  BreedInputSchema,
  BreedRemoveSchema,
  MAX_BREED_IMAGE_BYTES,
} from '../../src/domain/breed-records-for-server.ts';
import {
  createBreed,
  listStaffBreeds,
  removeBreed,
  removeBreedImage,
  setBreedImage,
  updateBreed,
} from '../../src/server/breed-records.ts';
import { EmptyRequestSchema } from '../../src/domain/staff-lists.ts';
import { HttpError, json, parseJsonBody, parseWith } from '../../src/server/http.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** base64 of the largest picture, and room for the JSON around it. */
const UPLOAD_BODY_BYTES = Math.ceil(MAX_BREED_IMAGE_BYTES / 3) * 4 + 1024;

/** The breeds screen (src/server/breed-records.ts): list, add, change, remove, pictures. */
export default staffEndpoint(['GET', 'POST'], async (req, staff) => {
  const [, , , id, action, sub] = new URL(req.url).pathname.split('/').filter(Boolean); // v1.0.1/management/breeds/…
  if (id === undefined) {
    if (req.method !== 'POST') return json({ breeds: await listStaffBreeds() });
    return json({ breed: await createBreed(staff, await parseJsonBody(req, BreedInputSchema)) }, { status: 201 });
  }
  if (req.method !== 'POST') throw new HttpError(405, `Method ${req.method} not allowed`);
  const breedId = parseWith(BreedIdSchema, id);
  if (action === undefined)
    return json({ breed: await updateBreed(staff, breedId, await parseJsonBody(req, BreedChangeSchema)) });
  if (action === 'remove' && sub === undefined) {
    const { replacementId } = await parseJsonBody(req, BreedRemoveSchema);
    return json(await removeBreed(staff, breedId, replacementId));
  }
  if (action === 'image' && sub === undefined) {
    const { image } = await parseJsonBody(req, BreedImageUploadSchema, UPLOAD_BODY_BYTES);
    return json({ breed: await setBreedImage(staff, breedId, image) });
  }
  if (action === 'image' && sub === 'remove') {
    await parseJsonBody(req, EmptyRequestSchema);
    return json({ breed: await removeBreedImage(staff, breedId) });
  }
  throw new HttpError(404, 'Not found', { code: 'not_found' });
});

export const config: Config = {
  path: [
    '/v1.0.1/management/breeds',
    '/v1.0.1/management/breeds/:id',
    '/v1.0.1/management/breeds/:id/remove',
    '/v1.0.1/management/breeds/:id/image',
    '/v1.0.1/management/breeds/:id/image/remove',
  ],
};
