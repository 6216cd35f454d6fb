import { z } from 'zod/mini';
import { plainText } from './text.ts';

/**
 * The check-in settings (docs/decisions/091): the shop's coat and handling tiers and its own health
 * rule. A module of their own because every booking setting rides in the booking form's chunk
 * (booking-settings.ts imports them); the check-in's requests and rules (check-in.ts) stay with the
 * staff screens that use them.
 */

export const TIER_KINDS = ['matting', 'handling'] as const;
export const TIER_KIND_LABELS: Record<(typeof TIER_KINDS)[number], string> = {
  matting: 'Matting',
  handling: 'Handling',
};
export const MAX_TIERS = 8;
/** The largest surcharge a tier may carry (£200): a tier is a surcharge on a groom, not a price. */
export const MAX_SURCHARGE_PENCE = 20_000;

export const TierIdSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a tier id'));

export const CoatTierSchema = z.object({
  id: TierIdSchema,
  label: plainText(1, 40, { label: "the tier's name" }),
  kind: z.enum(TIER_KINDS),
  surchargePence: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_SURCHARGE_PENCE)),
});
export type CoatTier = z.infer<typeof CoatTierSchema>;

/** The check-in settings: the tiers (a short list) and whether vaccinations must be in date. */
export const CheckInSettingsSchema = z.object({
  tiers: z.array(CoatTierSchema).check(
    z.maxLength(MAX_TIERS),
    z.refine((tiers) => new Set(tiers.map((t) => t.id)).size === tiers.length, 'two tiers have the same name'),
  ),
  vaccinationsRequired: z.boolean(),
});
export type CheckInSettings = z.infer<typeof CheckInSettingsSchema>;

export const DEFAULT_CHECK_IN_SETTINGS: CheckInSettings = {
  tiers: [
    { id: 'light-matting', label: 'Light matting', kind: 'matting', surchargePence: 500 },
    { id: 'heavy-matting', label: 'Heavy matting', kind: 'matting', surchargePence: 1500 },
    { id: 'extra-handling', label: 'Extra handling', kind: 'handling', surchargePence: 1000 },
  ],
  vaccinationsRequired: true,
};
