/**
 * How long a figure reads, for its tile to size it (docs/decisions/100): a six-figure sum
 * ("£123,456.78") is "long" and scales down with its tile, a negative one "longer"; shorter figures
 * keep the full size. A data attribute, not an inline style, so the staff pages' policy stays strict.
 */
export function figureLength(text: string): 'long' | 'longer' | undefined {
  if (text.length >= 12) return 'longer';
  if (text.length >= 10) return 'long';
  return undefined;
}
