/** Ascending display_order; ties broken by title so the order is stable everywhere. */
export function sortBookingTypes<T extends { display_order: number; title: string }>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => a.display_order - b.display_order || a.title.localeCompare(b.title, 'en-GB'));
}
