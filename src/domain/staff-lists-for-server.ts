import * as lists from './staff-lists.ts';
import { forServer } from './for-server.ts';

/**
 * The staff lists' shapes as the functions import them: every export of staff-lists.ts (the one
 * definition, in zod/mini), with the empty body the functions parse given a classic zod type
 * (docs/decisions/054, as breed-records-for-server.ts does).
 */
export * from './staff-lists.ts';

// This name shadows the star export above (an explicit export always wins).
export const EmptyRequestSchema = forServer(lists.EmptyRequestSchema);
