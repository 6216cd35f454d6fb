import * as change from './customer-change.ts';
import * as records from './customer-records.ts';
import { forServer } from './for-server.ts';

/**
 * The customer records as netlify/functions/management-customers.ts imports them: every export of
 * customer-records.ts and customer-change.ts (the one definition, in zod/mini, that the customers pages
 * share), with the schemas the function parses given a classic zod type (docs/decisions/054, as
 * booking-schemas.ts does).
 */
export * from './customer-records.ts';

// These names shadow the star export above (an explicit export always wins).
export const CustomerIdSchema = forServer(records.CustomerIdSchema);
export const StaffDogIdSchema = forServer(records.StaffDogIdSchema);
export const CustomerSearchQuerySchema = forServer(records.CustomerSearchQuerySchema);
export const PageQuerySchema = forServer(records.PageQuerySchema);
export const CustomerChangeSchema = forServer(change.CustomerChangeSchema);
export const DogChangeSchema = forServer(records.DogChangeSchema);
export const NewDogSchema = forServer(records.NewDogSchema);
export const MergeRequestSchema = forServer(records.MergeRequestSchema);
export const MergeCodeRequestSchema = forServer(records.MergeCodeRequestSchema);
export const EraseRequestSchema = forServer(records.EraseRequestSchema);
