import { z } from 'zod/mini';
import { DogIdSchema, DogSchema, ExtraIdsSchema, InstantSchema, ServiceIdSchema } from './booking-api-schemas.ts';
import { UkMobileSchema } from './booking-request-schemas.ts';
import { CustomerIdSchema } from './customer-records.ts';
import { freeText, plainText } from './text.ts';

/*
 * Apart from schedule.ts because a new caller's number is checked by the UK phone rules
 * (libphonenumber and its metadata, 11 KB gzip): the Schedule and Dashboard pages load schedule.ts,
 * and only the function parses this request (decision 054; customer-change.ts is the same).
 */

// ---------------------------------------------------------------------------------------------
// POST /v1.0.1/management/bookings: a booking taken on the phone
// ---------------------------------------------------------------------------------------------

export const NewCustomerSchema = z.strictObject({
  name: plainText(1, 80, { label: "the customer's name" }),
  phone: UkMobileSchema,
  /** Optional on the phone; the confirmation then goes by text only. */
  email: z.optional(
    z.union([
      z.literal(''),
      z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Please enter a valid e-mail address')),
    ]),
  ),
});

export const StaffBookingRequestSchema = z.strictObject({
  serviceId: ServiceIdSchema,
  start: InstantSchema,
  /** A customer found by the lookup, or one typed in. */
  customer: z.union([z.strictObject({ id: CustomerIdSchema }), NewCustomerSchema]),
  /** One of the customer's saved dogs (its id, as it is now), or a new dog. */
  dog: z.strictObject({ ...DogSchema.shape, id: z.optional(DogIdSchema) }),
  /** The extras the caller asked for: priced and timed by the server as an online booking's are (decision 080). */
  extras: z.optional(ExtraIdsSchema),
  /** For the team, never shown to the customer. */
  note: z.optional(freeText(1000, { label: 'the note' })),
  /** A fresh uuid per attempt: a double tap books once. */
  idempotencyKey: z.uuid(),
});
export type StaffBookingRequestInput = z.input<typeof StaffBookingRequestSchema>;
export type StaffBookingRequest = z.output<typeof StaffBookingRequestSchema>;
