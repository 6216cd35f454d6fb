import * as extras from './extras-catalogue.ts';
import { forServer } from './for-server.ts';

/**
 * The extras' schemas as netlify/functions/management-extras.ts imports them: every export of
 * extras-catalogue.ts, with the schemas the function parses given a classic zod type (decision 054).
 */
export * from './extras-catalogue.ts';

// These names shadow the star export above (an explicit export always wins).
export const ExtraInputSchema = forServer(extras.ExtraInputSchema);
export const ExtraChangeSchema = forServer(extras.ExtraChangeSchema);
export const ExtraIdSchema = forServer(extras.ExtraIdSchema);
