import * as breeds from './breed-records.ts';
import { forServer } from './for-server.ts';

/**
 * The breed records as netlify/functions/management-breeds.ts imports them: every export of
 * breed-records.ts (the one definition, in zod/mini, that the breeds page shares), with the schemas
 * the function parses given a classic zod type (docs/decisions/054, as booking-schemas.ts does).
 */
export * from './breed-records.ts';

// These names shadow the star export above (an explicit export always wins).
export const BreedIdSchema = forServer(breeds.BreedIdSchema);
export const BreedInputSchema = forServer(breeds.BreedInputSchema);
export const BreedChangeSchema = forServer(breeds.BreedChangeSchema);
export const BreedRemoveSchema = forServer(breeds.BreedRemoveSchema);
export const BreedImageUploadSchema = forServer(breeds.BreedImageUploadSchema);
