import * as z from 'zod/mini';
import { SIZES } from './catalogue.ts';

/** One size's price and length, with its weights in words ("up to 10 kg"), decision 080. */
export const BookingTypeSizeSchema = z.object({
  size: z.enum(SIZES),
  price: z.number().check(z.int(), z.nonnegative()),
  duration: z.number().check(z.int(), z.positive()),
  weights: z.string(),
});
export type BookingTypeSize = z.infer<typeof BookingTypeSizeSchema>;

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
  /**
   * Small, medium and large, those the service prices on its own (decision 080); empty or absent: one
   * price for every dog. The API always sends it; the build's copy of the catalogue may not.
   */
  sizes: z.optional(z.array(BookingTypeSizeSchema)),
});
export type BookingType = z.infer<typeof BookingTypeSchema>;

export const BookingTypesResponseSchema = z.array(BookingTypeSchema);

// In service-list.ts, which pages can load without a schema.
export { sortBookingTypes } from './service-list.ts';
