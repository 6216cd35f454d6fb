/**
 * The signature pad's box and bound (decision 093), in a module of their own with no imports: the
 * schedule's first chunk shows signatures back and must not carry the consent schemas for it.
 */
/** The signature pad draws into this box; stored paths use its whole-number coordinates. */
export const SIGNATURE_BOX = { width: 600, height: 200 } as const;
/** A stored signature's bound: a few hundred points, plenty for a name, tiny beside a photo. */
export const MAX_SIGNATURE_CHARS = 8192;
