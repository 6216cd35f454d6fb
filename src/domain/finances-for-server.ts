import * as finances from './finances.ts';
import { forServer } from './for-server.ts';

/**
 * The Finances schemas as netlify/functions/management-finances.ts imports them: every export of
 * finances.ts (the one definition, in zod/mini, that the Finances page shares), with the requests
 * the function parses given a classic zod type (docs/decisions/054, as breed-records-for-server.ts
 * does).
 */
export * from './finances.ts';

// These names shadow the star export above (an explicit export always wins).
export const FinancesQuerySchema = forServer(finances.FinancesQuerySchema);
export const CsvQuerySchema = forServer(finances.CsvQuerySchema);
export const DepositsQuerySchema = forServer(finances.DepositsQuerySchema);
export const RefundRequestSchema = forServer(finances.RefundRequestSchema);
