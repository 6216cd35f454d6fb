import * as staffWaitlist from './staff-waitlist-request.ts';
import * as waitlist from './waitlist.ts';
import { forServer } from './for-server.ts';

/**
 * The waitlist's schemas as the functions import them: every export of waitlist.ts (the one
 * definition, in zod/mini, that the join form shares), the requests given a classic zod type
 * (docs/decisions/054).
 */
export * from './waitlist.ts';

// These names shadow the star export above (an explicit export always wins).
export const JoinWaitlistRequestSchema = forServer(waitlist.JoinWaitlistRequestSchema);
export const WithdrawWaitlistRequestSchema = forServer(waitlist.WithdrawWaitlistRequestSchema);
export const StaffWaitlistRequestSchema = forServer(staffWaitlist.StaffWaitlistRequestSchema);
export { StaffWaitlistResponseSchema, type StaffWaitlistRequest } from './staff-waitlist-request.ts';
