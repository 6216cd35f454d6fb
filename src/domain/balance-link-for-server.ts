import * as links from './balance-link.ts';
import { forServer } from './for-server.ts';

/** The balance link's schemas as the function parses them (docs/decisions/054, as schedule-for-server.ts). */
export * from './balance-link.ts';

// This name shadows the star export above (an explicit export always wins).
export const BalanceLinkRequestSchema = forServer(links.BalanceLinkRequestSchema);
