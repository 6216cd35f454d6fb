import { z } from 'zod/mini';

import { DrawnConsentSchema } from './consent.ts';
import { freeText, plainText } from './text.ts';
import { writtenDate } from './written-dates.ts';

/**
 * Check-in at the counter (issue 22, docs/decisions/091): the shop's coat and handling tiers and its
 * own health policy (settings), what staff record when a dog is handed over, and the money rule that
 * follows. Pure and in zod/mini: the schedule's check-in card, the Settings page and the server share it.
 */

export {
  CheckInSettingsSchema,
  CoatTierSchema,
  DEFAULT_CHECK_IN_SETTINGS,
  MAX_SURCHARGE_PENCE,
  MAX_TIERS,
  TIER_KIND_LABELS,
  TIER_KINDS,
  TierIdSchema,
  type CheckInSettings,
  type CoatTier,
} from './check-in-settings.ts';
import { TIER_KINDS, TierIdSchema, type CheckInSettings, type CoatTier } from './check-in-settings.ts';

/** A photo taken at the counter, stored by the SHA-256 of its re-encoded bytes (as breed pictures are). */
export const PhotoKeySchema = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a photo key'));

/** The owner's consent to a surcharge, as the tablet takes it: the name they typed. */
export const TypedConsentSchema = z.strictObject({
  method: z.literal('typed'),
  name: plainText(1, 80, { label: "the owner's name" }),
});

/** POST /management/bookings/{id}/check-in. */
export const CheckInRequestSchema = z.strictObject({
  /** Today's coat and skin, in a few words. */
  condition: freeText(300, { label: 'the coat and skin' }),
  /** One of the shop's tiers, or none; its surcharge is the server's to find, never sent. */
  tierId: z.nullable(TierIdSchema),
  /** A change to the owner's instructions for this visit. */
  instructions: freeText(500, { label: 'the instructions' }),
  photoKey: z.optional(PhotoKeySchema),
  // A drawn signature (decision 093) with or without the name typed beside it.
  consent: z.optional(z.discriminatedUnion('method', [TypedConsentSchema, DrawnConsentSchema])),
});
export type CheckInRequest = z.infer<typeof CheckInRequestSchema>;

/** POST /management/bookings/{id}/check-in/photo: the file's bytes, base64 (no data: prefix). */
// As a breed picture: base64 of it stays under the 6 MB a function may be sent; the tablet shrinks first.
export const MAX_VISIT_PHOTO_BYTES = 4 * 1024 * 1024;
export const VisitPhotoUploadSchema = z.strictObject({
  image: z
    .string()
    .check(
      z.minLength(4),
      z.maxLength(Math.ceil(MAX_VISIT_PHOTO_BYTES / 3) * 4),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
    ),
});
export const VisitPhotoSchema = z.object({ photoKey: PhotoKeySchema });

/** A booking's check-in as the schedule shows it. */
export const CheckInViewSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  condition: z.string(),
  tier: z.nullable(z.object({ id: z.string(), label: z.string(), kind: z.enum(TIER_KINDS) })),
  surchargePence: z.number().check(z.int(), z.nonnegative()),
  instructions: z.string(),
  hasPhoto: z.boolean(),
  consent: z.nullable(
    z.object({
      method: z.enum(['typed', 'drawn', 'link']),
      name: z.string(),
      at: z.iso.datetime({ offset: true }),
      /** A drawn signature's path (decision 093), for staff to see it back. */
      signature: z.optional(z.string()),
    }),
  ),
  /** The texted link still open for this check-in (decision 093): when it was sent. */
  linkSentAt: z.optional(z.iso.datetime({ offset: true })),
});
export type CheckInView = z.infer<typeof CheckInViewSchema>;

/** The tier staff chose, found in the settings; null for none, 'unknown' for a tier the shop has not got. */
export function tierFor(settings: CheckInSettings, tierId: string | null): CoatTier | null | 'unknown' {
  if (tierId === null) return null;
  return settings.tiers.find((t) => t.id === tierId) ?? 'unknown';
}

/**
 * The surcharge that may be charged: all of it once the owner agreed, nothing before. A surcharge the
 * owner has not agreed to is shown, never taken (the shop's answer to the dispute it would become).
 */
export function chargeableSurchargePence(c: Pick<CheckInView, 'surchargePence' | 'consent'> | null): number {
  return c && c.consent ? c.surchargePence : 0;
}

/** The booking's final price: the quote plus the surcharge the owner agreed to. */
export function finalPricePence(quotePence: number, c: Pick<CheckInView, 'surchargePence' | 'consent'> | null) {
  return quotePence + chargeableSurchargePence(c);
}

/**
 * The warning the check-in card shows when the shop's own policy (a setting: grooming is unlicensed
 * in England) is not met on `today` (a London date); null when it is met or the shop has no such rule.
 */
export function healthPolicyWarning(
  vaccinations: readonly { name: string; expiresOn: string }[],
  today: string,
  required: boolean,
): string | null {
  if (!required) return null;
  const ask = "the shop's policy asks for them in date";
  if (vaccinations.length === 0) return `No vaccinations on the dog's card: ${ask}`;
  const expired = vaccinations
    .map((v) => v.expiresOn)
    .filter((d) => d < today)
    .sort();
  if (expired.length === 0) return null;
  const year = expired[0]!.slice(0, 4) !== today.slice(0, 4);
  return `Vaccinations out of date since ${writtenDate(expired[0]!, { month: 'short', year })}: ${ask}`;
}
