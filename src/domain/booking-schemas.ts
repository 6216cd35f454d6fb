import * as answers from './booking-api-schemas.ts';
import * as requests from './booking-request-schemas.ts';
import { z } from 'zod';
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

/**
 * POST /bookings reads a body with `dogs` as a booking of several dogs, any other as one dog's
 * (docs/decisions/082), so a one-dog request is checked and answered word for word as before.
 */
export const AnyBookingRequestSchema = z.unknown().transform((value, ctx) => {
  const several = typeof value === 'object' && value !== null && !Array.isArray(value) && 'dogs' in value;
  const result = several
    ? { several: true as const, ...requests.CreatePartyBookingRequestSchema.safeParse(value) }
    : { several: false as const, ...requests.CreateBookingRequestSchema.safeParse(value) };
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return result.several
    ? { several: true as const, request: result.data as requests.CreatePartyBookingRequest }
    : { several: false as const, request: result.data as requests.CreateBookingRequest };
});
