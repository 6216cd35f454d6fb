/**
 * A length of time in the shop's words: "90 min", "2 hours", "1 day". Apart from shop-settings.ts
 * (which re-exports it), so a page that only shows a duration loads no schema library.
 */
export function describeMinutes(minutes: number): string {
  if (minutes % (60 * 24) === 0 && minutes > 0) return `${minutes / 60 / 24} ${minutes === 1440 ? 'day' : 'days'}`;
  if (minutes % 60 === 0 && minutes > 0) return `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`;
  return `${minutes} min`;
}
