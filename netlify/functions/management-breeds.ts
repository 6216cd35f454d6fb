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
import { EmptyRequestSchema } from '../../src/domain/staff-lists-for-server.ts';
import { json, parseJsonBody, parseWith } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** base64 of the largest picture, and room for the JSON around it. */
const UPLOAD_BODY_BYTES = Math.ceil(MAX_BREED_IMAGE_BYTES / 3) * 4 + 1024;

/** The breeds screen (src/server/breed-records.ts): list, add, change, remove, pictures. */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, [
    'staffBreeds',
    'addBreed',
    'saveBreed',
    'removeBreed',
    'breedPicture',
    'removeBreedPicture',
  ]);
  if (route.name === 'staffBreeds') return json({ breeds: await listStaffBreeds() });
  if (route.name === 'addBreed')
    return json({ breed: await createBreed(staff, await parseJsonBody(req, BreedInputSchema)) }, { status: 201 });
  const breedId = parseWith(BreedIdSchema, route.params.id);
  switch (route.name) {
    case 'saveBreed':
      return json({ breed: await updateBreed(staff, breedId, await parseJsonBody(req, BreedChangeSchema)) });
    case 'removeBreed': {
      const { replacementId } = await parseJsonBody(req, BreedRemoveSchema);
      return json(await removeBreed(staff, breedId, replacementId));
    }
    case 'breedPicture': {
      const { image } = await parseJsonBody(req, BreedImageUploadSchema, UPLOAD_BODY_BYTES);
      return json({ breed: await setBreedImage(staff, breedId, image) });
    }
    case 'removeBreedPicture':
      await parseJsonBody(req, EmptyRequestSchema);
      return json({ breed: await removeBreedImage(staff, breedId) });
  }
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
