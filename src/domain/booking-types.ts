import * as z from 'zod/mini';

/**
 * A service the shop sells, as the API answers it (contract §3 "Booking type"): price in pence,
 * duration in minutes, description as sanitised HTML. Shared by the function and the islands.
 */
export const BookingTypeSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  price: z.number().check(z.int(), z.nonnegative()),
  duration: z.number().check(z.int(), z.positive()),
  description: z.string(),
  display_order: z.number(),
});
export type BookingType = z.infer<typeof BookingTypeSchema>;

export const BookingTypesResponseSchema = z.array(BookingTypeSchema);

// In booking-type-order.ts, which pages can load without a schema.
export { sortBookingTypes } from './booking-type-order.ts';
