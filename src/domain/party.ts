/**
 * Several dogs in one booking (docs/decisions/082): the words shared by the settings, the API's
 * schemas and the times, in a module of their own so the booking form loads nothing more for them.
 */

/** The most dogs any shop may take in one booking: a bound on the work one request can ask for. */
export const MAX_DOGS_PER_BOOKING = 6;
/** Side by side: the same start, each dog on its own table; one after another: back to back. */
export const PARTY_PLACEMENTS = ['side_by_side', 'one_after_another'] as const;
export type PartyPlacement = (typeof PARTY_PLACEMENTS)[number];
/** What the shop allows: one of the two, or either (side by side tried first). */
export const PARTY_PLACEMENT_SETTINGS = [...PARTY_PLACEMENTS, 'either'] as const;
export type PartyPlacementSetting = (typeof PARTY_PLACEMENT_SETTINGS)[number];

/** How the dogs sit at a time, in the owner's words: "10:00, one after the other". */
export const PLACEMENT_WORDS: Record<PartyPlacement, string> = {
  side_by_side: 'side by side',
  one_after_another: 'one after the other',
};
