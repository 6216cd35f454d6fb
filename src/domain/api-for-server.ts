import * as api from './api.ts';
import { forServer } from './for-server.ts';

/**
 * The visitor API's shapes as the functions import them: every export of api.ts (the one definition,
 * in zod/mini), with the request the magic function parses given a classic zod type
 * (docs/decisions/054, as booking-schemas.ts does).
 */
export * from './api.ts';

// This name shadows the star export above (an explicit export always wins).
export const MagicRequestSchema = forServer(api.MagicRequestSchema);
