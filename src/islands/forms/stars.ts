/** Star rating (contract §5): 0 to 5, increment 1 by default, a value rounds UP to the increment. */
export const STAR_MAX = 5;

export function roundStars(value: number, increment = 1): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  if (!(increment > 0)) increment = 1;
  // The small epsilon keeps 2.0000000001 (floating point noise) from rounding up to 3.
  const steps = Math.ceil(value / increment - 1e-9);
  const rounded = Math.round(steps * increment * 1e6) / 1e6;
  return Math.min(STAR_MAX, Math.max(0, rounded));
}

/** How much of star number `index` (0-based) is filled for a value: 0, a fraction, or 1. */
export function starFill(value: number, index: number): number {
  return Math.min(1, Math.max(0, value - index));
}
