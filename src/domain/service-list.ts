/**
 * How a list of services is ordered and described, for pages and the booking form's first step to
 * load without the schemas of booking-types.ts.
 */

/** Ascending display_order; ties broken by title so the order is stable everywhere. */
export function sortBookingTypes<T extends { display_order: number; title: string }>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => a.display_order - b.display_order || a.title.localeCompare(b.title, 'en-GB'));
}

/**
 * How long a service takes as the price lists say it: one figure, or the span of its sizes'
 * ("105–150"), since a sized service's base length is only the one for a dog of no known size.
 */
export function serviceMinutes(service: { duration: number; sizes?: readonly { duration: number }[] }): string {
  const all = service.sizes?.length ? service.sizes.map((s) => s.duration) : [service.duration];
  const least = Math.min(...all);
  const most = Math.max(...all);
  return least === most ? `${least}` : `${least}–${most}`;
}
