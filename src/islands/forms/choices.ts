/**
 * The searchable dropdown's filtering (contract §5): a case-insensitive substring of the trimmed search
 * text on the item's name. When nothing matches, the fixed 'None/Other' item is offered instead.
 */
export interface Choice {
  _id: string;
  name: string;
  image_url_s3?: string | null;
}

/** The fixed id of the 'None/Other' fallback breed (content/breeds.json). */
export const OTHER_CHOICE_ID = 'none-other';

export const NO_MATCH_TEXT =
  'It seems none of the available choices match your search criteria, please try again using a different phrase.';
export const NO_MATCH_OTHER_TEXT = 'If you can\'t find the breed of your pet, you can select the "Other" option below';

export interface FilterResult<T extends Choice> {
  items: T[];
  /** True when the search matched nothing and the 'Other' item was added. */
  noMatch: boolean;
}

export function filterChoices<T extends Choice>(
  items: readonly T[],
  search: string,
  otherId = OTHER_CHOICE_ID,
): FilterResult<T> {
  const needle = search.trim().toLocaleLowerCase('en-GB');
  if (!needle) return { items: [...items], noMatch: false };
  const matches = items.filter((item) => item.name.toLocaleLowerCase('en-GB').includes(needle));
  if (matches.length > 0) return { items: matches, noMatch: false };
  const other = items.find((item) => item._id === otherId);
  return { items: other ? [other] : [], noMatch: true };
}

/**
 * The item a search names when the visitor leaves the box without choosing: the one whose whole name
 * it is ("beagle"), else the only one it matches ("beag" when only Beagle has it). Never the Other
 * fallback of a search that matched nothing: that is chosen on purpose, not guessed.
 */
export function namedChoice<T extends Choice>(
  items: readonly T[],
  search: string,
  otherId = OTHER_CHOICE_ID,
): T | null {
  const needle = search.trim().toLocaleLowerCase('en-GB');
  if (!needle) return null;
  const exact = items.find((item) => item.name.toLocaleLowerCase('en-GB') === needle);
  if (exact) return exact;
  const { items: matches, noMatch } = filterChoices(items, search, otherId);
  return !noMatch && matches.length === 1 ? matches[0]! : null;
}
