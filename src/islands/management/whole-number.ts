/**
 * Whole numbers typed into staff forms (minutes, tables, weeks, an order): the field's props, and the
 * number read back when it is one in range.
 */

/** A kit field's props for a whole number from `min` to `max` (the browser's arrows step by `step`). */
export function wholeNumber(min: number, max: number, step?: number) {
  return { type: 'number' as const, min, max, step };
}

/** The number typed when it is whole and from `min` to `max`, else null (an empty field reads as 0). */
export function wholeIn(text: string, min: number, max: number): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}
