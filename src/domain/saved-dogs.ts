import * as z from 'zod/mini';
import { CoatSchema } from './booking-api-schemas.ts';

/** GET /v1.0.1/customer/dogs (x-access-key): the device customer's dogs, to prefill the booking form. */
export const SavedDogSchema = z.object({
  _id: z.string(),
  name: z.string(),
  breedId: z.string(),
  breedName: z.string(),
  weightKg: z.number(),
  coat: CoatSchema,
  notes: z.string(),
  nervous: z.boolean(),
});
export type SavedDog = z.infer<typeof SavedDogSchema>;

export const SavedDogsResponseSchema = z.object({
  owner: z.object({ name: z.nullable(z.string()), phone: z.nullable(z.string()), email: z.nullable(z.string()) }),
  dogs: z.array(SavedDogSchema),
});
export type SavedDogsResponse = z.infer<typeof SavedDogsResponseSchema>;
