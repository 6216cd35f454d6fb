import { slugOf } from './slugs.ts';
import { z } from 'zod/mini';
import { SIZES } from './catalogue.ts';
import { plainText } from './text.ts';

/**
 * Breeds as staff keep them (/management/cms/breeds, contract §3: name, image, `_id`; the fixed
 * 'None/Other' item cannot be removed), with the usual length and price band of a full groom that
 * the quote shows (src/domain/pricing.ts breedEstimate). Shared by the island and
 * netlify/functions/management-breeds.ts (docs/decisions/061-staff-records.md), written in zod/mini
 * so the page loads no classic zod (docs/decisions/054); the function parses its requests through
 * breed-records-for-server.ts.
 */
export const BreedIdSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a breed id'));

/** Pictures: JPEG, PNG or WebP, at most 4 MB as sent (base64 in JSON, as src/client/api.ts sends every body). */
export const MAX_BREED_IMAGE_BYTES = 4 * 1024 * 1024;
export const BREED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The widths the picture function makes; anything else is refused, so nobody can make it resize at will. */
export const BREED_IMAGE_WIDTHS = [48, 96, 160, 320, 640] as const;
export const DEFAULT_BREED_IMAGE_WIDTH = 160;

const pence = z.number().check(z.int('Please give whole pence'), z.minimum(0), z.maximum(1_000_000));
const BandFields = {
  usualDurationMin: z.nullable(
    z.number().check(z.int(), z.minimum(5, 'At least 5 minutes'), z.maximum(600, 'At most 10 hours')),
  ),
  priceFromPence: z.nullable(pence),
  priceToPence: z.nullable(pence),
  /** The size a dog of this breed is priced as while its weight is unknown (decision 080); absent: unchanged. */
  usualSize: z.optional(z.nullable(z.enum(SIZES))),
  /** The usual weeks between grooms, for "same time in N weeks" (docs/decisions/085); absent: unchanged. */
  groomIntervalWeeks: z.optional(
    z.nullable(z.number().check(z.int(), z.minimum(4, 'At least 4 weeks'), z.maximum(12, 'At most 12 weeks'))),
  ),
};

const bandIsWhole = (b: { priceFromPence?: number | null; priceToPence?: number | null }) =>
  (b.priceFromPence === undefined) === (b.priceToPence === undefined) &&
  (b.priceFromPence === null) === (b.priceToPence === null);
const bandInOrder = (b: { priceFromPence?: number | null; priceToPence?: number | null }) =>
  b.priceFromPence == null || b.priceToPence == null || b.priceToPence >= b.priceFromPence;
const BAND_WHOLE = { message: 'Give both ends of the price band, or neither', path: ['priceToPence'] };
const BAND_ORDER = { message: 'The band must not end below where it starts', path: ['priceToPence'] };

export const BreedInputSchema = z
  .strictObject({ name: plainText(1, 80, { label: 'the name' }), ...BandFields })
  .check(z.refine(bandIsWhole, BAND_WHOLE), z.refine(bandInOrder, BAND_ORDER));
export type BreedInput = z.infer<typeof BreedInputSchema>;

export const BreedChangeSchema = z
  .partial(z.strictObject({ name: plainText(1, 80, { label: 'the name' }), ...BandFields }))
  .check(
    z.refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
    z.refine(bandIsWhole, BAND_WHOLE),
    z.refine(bandInOrder, BAND_ORDER),
  );
export type BreedChange = z.infer<typeof BreedChangeSchema>;

export const BreedRemoveSchema = z.strictObject({
  /** Dogs of the removed breed become this breed; the 'None/Other' item when not given. */
  replacementId: z.optional(BreedIdSchema),
});
export type BreedRemove = z.infer<typeof BreedRemoveSchema>;

export const BreedImageUploadSchema = z.strictObject({
  /** The file's bytes, base64 (no data: prefix). */
  image: z
    .string()
    .check(
      z.minLength(4),
      z.maxLength(Math.ceil(MAX_BREED_IMAGE_BYTES / 3) * 4),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
    ),
});
export type BreedImageUpload = z.infer<typeof BreedImageUploadSchema>;

const integer = () => z.number().check(z.int());

export const StaffBreedSchema = z.object({
  _id: BreedIdSchema,
  name: z.string(),
  image_url_s3: z.nullable(z.string()),
  /** The fixed 'None/Other' item: never removed, never renamed. */
  fallback: z.boolean(),
  usualDurationMin: z.nullable(integer()),
  priceFromPence: z.nullable(integer()),
  priceToPence: z.nullable(integer()),
  usualSize: z.nullable(z.enum(SIZES)),
  /** The usual weeks between grooms (decision 085); null: the coat's. */
  groomIntervalWeeks: z.nullable(integer()),
  /** "usually 1 h 30, £55–£70", as the quote says it. */
  estimate: z.nullable(z.string()),
  /** Dogs on record of this breed. */
  dogs: z.number().check(z.int(), z.nonnegative()),
});
export type StaffBreed = z.infer<typeof StaffBreedSchema>;

export const StaffBreedsResponseSchema = z.object({ breeds: z.array(StaffBreedSchema) });
export const BreedSavedSchema = z.object({ breed: StaffBreedSchema });
export const BreedRemovedSchema = z.object({
  removed: BreedIdSchema,
  dogsMoved: z.number().check(z.int(), z.nonnegative()),
  movedTo: BreedIdSchema,
});

/** "Bichon Frisé" → "bichon-frise". */
export function breedIdFor(name: string): string {
  return slugOf(name, 'breed');
}

/** The type of a picture by its first bytes (what it is, not what it says it is), or null. */
export function imageTypeOf(bytes: Uint8Array): (typeof BREED_IMAGE_TYPES)[number] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
