import * as z from 'zod/mini';

/**
 * Contract §3 "Breed dropdown item": name, image_url_s3, _id. One item with a fixed id is the
 * 'None/Other' fallback; it is flagged and always last, so the selector can add it when nothing
 * matches (contract §5).
 */
export const FALLBACK_BREED_ID = 'none-other';

export const BreedSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image_url_s3: z.nullable(z.string()),
  fallback: z.optional(z.literal(true)),
});
export type Breed = z.infer<typeof BreedSchema>;

export const BreedsResponseSchema = z.array(BreedSchema);
