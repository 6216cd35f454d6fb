import { z } from 'zod/mini';
import { CustomerIdSchema } from './customer-records.ts';
import {
  waitlistRequestChecks,
  waitlistRequestShape,
  WaitlistRequestIdSchema,
  WaitlistViewSchema,
} from './waitlist.ts';

/*
 * A caller added to the waitlist by staff from a phone booking (docs/decisions/087). The same
 * request as an online join (waitlist.ts's shape and checks), without the phone proof: staff are
 * talking to the caller. Apart from waitlist.ts so the public join form's chunk does not carry it,
 * and loaded by the staff form only when it opens (it checks the mobile with libphonenumber).
 */

// POST /v1.0.1/management/waitlist
const shape = {
  ...waitlistRequestShape,
  /** The customer the phone booking's lookup found; their record's number must be `owner.phone`. */
  customerId: z.optional(CustomerIdSchema),
  /** A fresh uuid per attempt: a double tap adds once. */
  idempotencyKey: z.uuid(),
};
export const StaffWaitlistRequestSchema = z
  .strictObject(shape)
  .check(...waitlistRequestChecks<z.output<z.ZodMiniObject<typeof shape>>>());
export type StaffWaitlistRequestInput = z.input<typeof StaffWaitlistRequestSchema>;
export type StaffWaitlistRequest = z.output<typeof StaffWaitlistRequestSchema>;

export const StaffWaitlistResponseSchema = z.object({
  requestId: WaitlistRequestIdSchema,
  /** True when the number's waiting request for this dog and service was changed (it keeps its place). */
  updated: z.boolean(),
  request: WaitlistViewSchema,
  /** The request's own page, as the caller's message carries it: staff can copy it to them. */
  link: z.string(),
});
export type StaffWaitlistResponse = z.infer<typeof StaffWaitlistResponseSchema>;
