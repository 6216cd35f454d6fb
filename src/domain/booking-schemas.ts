import * as answers from './booking-api-schemas.ts';
import * as requests from './booking-request-schemas.ts';
import { forServer } from './for-server.ts';

/**
 * The booking API's schemas as the functions import them: every schema of booking-api-schemas.ts and
 * booking-request-schemas.ts (the one definition, in zod/mini, that the island shares), with the
 * requests the functions parse given a classic zod type, which src/server/http.ts's parsers take.
 * Each is the same schema behind a pass-through: the same checks, the same messages, the same output.
 */
export * from './booking-api-schemas.ts';
export * from './booking-request-schemas.ts';

// These names shadow the star export above (an explicit export always wins).
export const AvailabilityQuerySchema = forServer(answers.AvailabilityQuerySchema);
export const QuoteQuerySchema = forServer(answers.QuoteQuerySchema);
export const CancelBookingRequestSchema = forServer(answers.CancelBookingRequestSchema);
export const MoveBookingRequestSchema = forServer(answers.MoveBookingRequestSchema);
export const CreateBookingRequestSchema = forServer(requests.CreateBookingRequestSchema);
export const PhoneCodeRequestSchema = forServer(requests.PhoneCodeRequestSchema);
