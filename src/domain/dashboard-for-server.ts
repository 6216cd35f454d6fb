import * as dashboard from './dashboard.ts';
import { forServer } from './for-server.ts';

/**
 * The dashboard's schemas as the functions import them: every export of dashboard.ts (the one
 * definition, in zod/mini, that the dashboard shares), with the request the messages function
 * parses given a classic zod type (docs/decisions/054, as breed-records-for-server.ts does).
 */
export * from './dashboard.ts';

// This name shadows the star export above (an explicit export always wins).
export const MessageRetryRequestSchema = forServer(dashboard.MessageRetryRequestSchema);
