/**
 * The catalogue as the quote reads it (docs/decisions/080-sizes-and-extras.md): a service may have a
 * price and a length per size of dog, a size is decided by the dog's weight against the shop's limits
 * (the breed's usual size stands in while no weight is known), and extras add their own price and
 * minutes to one dog's visit. Pure: the server loads the rows, this decides.
 */

export const SIZES = ['small', 'medium', 'large'] as const;
export type Size = (typeof SIZES)[number];

export const SIZE_LABELS: Readonly<Record<Size, string>> = { small: 'Small', medium: 'Medium', large: 'Large' };

/** The heaviest dog of each size, in kg, inclusive; heavier than `medium` is large. */
export interface SizeLimits {
  small: number;
  medium: number;
}

export interface SizePrice {
  size: Size;
  pricePence: number;
  durationMin: number;
}

/** A service with its sizes; `pricePence`/`durationMin` are for a dog of no known size (the "from"). */
export interface CatalogueService {
  id: string;
  title: string;
  kind: string;
  pricePence: number;
  durationMin: number;
  sizes: readonly SizePrice[];
}

export interface Extra {
  id: string;
  title: string;
  pricePence: number;
  durationMin: number;
  /** Service ids it is offered with; empty: every service. */
  onlyWith: readonly string[];
}

/** The size a dog is groomed as: its weight decides; without one, the breed's usual size, if any. */
export function sizeOfDog(
  weightKg: number | undefined,
  limits: SizeLimits,
  usualSize: Size | null = null,
): Size | null {
  if (weightKg === undefined || !Number.isFinite(weightKg) || weightKg <= 0) return usualSize;
  if (weightKg <= limits.small) return 'small';
  if (weightKg <= limits.medium) return 'medium';
  return 'large';
}

/** "up to 10 kg", "10.1 to 25 kg", "over 25 kg": how the prices page and Settings name a size. */
export function sizeWeights(size: Size, limits: SizeLimits): string {
  const kg = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} kg`;
  switch (size) {
    case 'small':
      return `up to ${kg(limits.small)}`;
    case 'medium':
      return `over ${kg(limits.small)}, up to ${kg(limits.medium)}`;
    case 'large':
      return `over ${kg(limits.medium)}`;
  }
}

export interface SizedService {
  /** The size priced, or null when the service has one price for every dog or the size is unknown. */
  size: Size | null;
  pricePence: number;
  durationMin: number;
}

/**
 * What this service costs and takes for a dog of this size. A service without sizes has one price; a
 * size the service does not list falls back to the nearest smaller one listed, then to the base, so a
 * catalogue that prices only "large" differently still answers for every dog.
 */
export function serviceForSize(service: CatalogueService, size: Size | null): SizedService {
  if (size !== null && service.sizes.length > 0) {
    for (let i = SIZES.indexOf(size); i >= 0; i--) {
      const row = service.sizes.find((s) => s.size === SIZES[i]);
      if (row) return { size, pricePence: row.pricePence, durationMin: row.durationMin };
    }
  }
  return {
    size: service.sizes.length > 0 ? size : null,
    pricePence: service.pricePence,
    durationMin: service.durationMin,
  };
}

/** The extras offered with a service, in catalogue order. */
export function extrasFor(extras: readonly Extra[], serviceId: string): Extra[] {
  return extras.filter((e) => e.onlyWith.length === 0 || e.onlyWith.includes(serviceId));
}

/**
 * The extras a booker asked for, each once, in catalogue order; ids not offered with this service come
 * back in `refused` so the caller can answer 400 rather than drop them silently.
 */
export function pickExtras(offered: readonly Extra[], ids: readonly string[]): { extras: Extra[]; refused: string[] } {
  const wanted = new Set(ids);
  const extras = offered.filter((e) => wanted.has(e.id));
  const known = new Set(extras.map((e) => e.id));
  return { extras, refused: [...wanted].filter((id) => !known.has(id)) };
}

/** How long one dog's visit takes: the service at its size plus every extra's minutes. */
export function visitMinutes(sized: SizedService, extras: readonly Pick<Extra, 'durationMin'>[]): number {
  return sized.durationMin + extras.reduce((sum, e) => sum + e.durationMin, 0);
}

/** Each size's price, for the prices page: one entry a service without sizes. */
export function pricesBySize(service: CatalogueService): { size: Size | null; pricePence: number }[] {
  if (service.sizes.length === 0) return [{ size: null, pricePence: service.pricePence }];
  return SIZES.map((size) => ({ size, pricePence: serviceForSize(service, size).pricePence }));
}
