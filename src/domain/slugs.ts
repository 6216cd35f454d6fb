/**
 * "Bichon Frisé" → "bichon-frise": the readable id a catalogue entry gets from its name (services,
 * breeds and extras alike, so links such as /book-appointment?type=… read well), at most 56
 * characters so a "-2" still fits the ids' 64; `fallback` when nothing of the name is left.
 */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug || fallback;
}
