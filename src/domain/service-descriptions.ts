import { penceFromPounds, poundsFromPence } from './money.ts';

/**
 * A service's description is the shop's own prose (HTML), its price and duration are figures. The
 * website shows the figure from the data beside the prose; these rules find where the prose still
 * names a price the figure no longer is, so the editor can say so before saving and offer to mend it
 * (docs/decisions/075-prices-in-descriptions.md). Nothing here rewrites a description by itself.
 */

/** The tags a description keeps on the website (decision 016); everything else is dropped. */
export const DESCRIPTION_TAGS = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'br', 'a'] as const;

/** What staff are told about the HTML they type, from the same list the sanitiser keeps. */
export const DESCRIPTION_HINT =
  'Written in HTML. The website keeps paragraphs <p>, bold <strong>, italics <em>, lists <ul> or <ol> with <li>, ' +
  'line breaks <br> and links <a href="https://…">; any other tag is left out. The price and duration are shown ' +
  'from the figures above.';

export interface PriceMention {
  /** As written, e.g. "£45" or "&pound;45.50". */
  text: string;
  index: number;
  pence: number;
  /** Written as a "from" price ("from £45", "From: £45"), the way the website states the figure. */
  from: boolean;
}

const MENTION = /(?:£|&pound;|&#163;|&#xa3;)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?(?!\d|,\d)/gi;
const FROM_BEFORE = /\bfrom[:\s]*$/i;

/** Every amount of money the description names, in order. */
export function pricesIn(description: string): PriceMention[] {
  const mentions: PriceMention[] = [];
  for (const m of description.matchAll(MENTION)) {
    const pence = penceFromPounds(`${m[1]}${m[2] ? `.${m[2]}` : ''}`);
    if (pence === null) continue;
    const before = description.slice(Math.max(0, m.index - 60), m.index).replace(/<[^>]*>/g, '');
    mentions.push({ text: m[0], index: m.index, pence, from: FROM_BEFORE.test(before) });
  }
  return mentions;
}

/**
 * The amounts the description names that are not the price any more, smallest first:
 * - the lowest "from" price it names, when that is not the figure (the service's "from" price is the
 *   lowest there is: "Small dogs from £45, large from £70" starts at £45);
 * - any mention of `before`, the figure this edit is changing, wherever it stands.
 * A description that names no price, or other prices (an add-on's), has none.
 */
export function stalePrices(description: string, figure: number, before?: number): number[] {
  const mentions = pricesIn(description);
  const stale = new Set<number>();
  const froms = mentions.filter((m) => m.from).map((m) => m.pence);
  if (froms.length > 0 && Math.min(...froms) !== figure) stale.add(Math.min(...froms));
  if (before !== undefined && before !== figure && mentions.some((m) => m.pence === before)) stale.add(before);
  return [...stale].sort((a, b) => a - b);
}

/** £48, or £48.50: a price the way the shop writes one in its prose. */
export function writtenPrice(pence: number): string {
  return `£${poundsFromPence(pence).replace(/\.00$/, '')}`;
}

/** The description with every mention of a stale amount written as the figure instead. */
export function withFigure(description: string, stale: readonly number[], figure: number): string {
  const mentions = pricesIn(description).filter((m) => stale.includes(m.pence));
  let out = '';
  let at = 0;
  for (const m of mentions) {
    out += description.slice(at, m.index) + writtenPrice(figure);
    at = m.index + m.text.length;
  }
  return out + description.slice(at);
}

/** "£45" or "£45 and £50": the stale amounts in words, for the editor's warning. */
export function listPrices(amounts: readonly number[]): string {
  const words = amounts.map(writtenPrice);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
