import * as consent from './consent.ts';
import { forServer } from './for-server.ts';

/** The consent link's request as the function parses it (docs/decisions/054, as check-in-for-server.ts does). */
export * from './consent.ts';
export const AgreeByLinkRequestSchema = forServer(consent.AgreeByLinkRequestSchema);
