import { SIZE_LABELS, SIZES, type Size } from '../../../domain/catalogue.ts';
import { describeMinutes } from '../../../domain/minutes.ts';
import { formatPence, penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import type { ServiceInput, ServiceKind, ServiceSize, StaffService } from '../../../domain/shop-settings.ts';
import { wholeIn } from '../whole-number.ts';

/** One size's price and minutes as typed; both empty: the size is not priced on its own. */
export interface SizeValues {
  price: string;
  duration: string;
}
export type SizesValues = Record<Size, SizeValues>;

const NO_SIZES: SizesValues = {
  small: { price: '', duration: '' },
  medium: { price: '', duration: '' },
  large: { price: '', duration: '' },
};

const SIZE_WORDS: Record<Size, string> = { small: 'Small dogs', medium: 'Medium dogs', large: 'Large dogs' };

/** A service as its editor holds it: what staff type, checked on Save. */
export interface ServiceValues {
  title: string;
  price: string;
  duration: string;
  description: string;
  display_order: string;
  kind: string;
  active: boolean;
  sizes: SizesValues;
}

export const EMPTY_SERVICE: ServiceValues = {
  title: '',
  price: '',
  duration: '60',
  description: '',
  display_order: '100',
  kind: 'other',
  active: true,
  sizes: NO_SIZES,
};

export function serviceFormOf(s: StaffService): ServiceValues {
  return {
    title: s.title,
    price: poundsFromPence(s.price),
    duration: String(s.duration),
    description: s.description,
    display_order: String(s.display_order),
    kind: s.kind,
    active: s.active,
    sizes: sizesFormOf(s.sizes),
  };
}

function sizesFormOf(sizes: readonly ServiceSize[]): SizesValues {
  const values = { ...NO_SIZES };
  for (const s of sizes) values[s.size] = { price: poundsFromPence(s.price), duration: String(s.duration) };
  return values;
}

/** The sizes priced, small to large, or the first thing to put right. */
export function sizesOf(f: SizesValues): { sizes: ServiceSize[] } | { problem: string } {
  const sizes: ServiceSize[] = [];
  for (const size of SIZES) {
    const { price: priceText, duration: durationText } = f[size];
    if (!priceText.trim() && !durationText.trim()) continue;
    if (!priceText.trim() || !durationText.trim())
      return { problem: `${SIZE_WORDS[size]}: give both a price and minutes, or neither` };
    const price = penceFromPounds(priceText);
    if (price === null) return { problem: `${SIZE_WORDS[size]}: the price in pounds, like 55 or 55.50` };
    const duration = wholeIn(durationText, 5, 600);
    if (duration === null) return { problem: `${SIZE_WORDS[size]}: the minutes, from 5 to 600` };
    sizes.push({ size, price, duration });
  }
  return { sizes };
}

/** What is sent, or the first thing to put right. */
export function serviceBody(f: ServiceValues): { body: ServiceInput } | { problem: string } {
  const price = penceFromPounds(f.price);
  if (!f.title.trim()) return { problem: 'Please give the service a title' };
  if (price === null) return { problem: 'Please give the price in pounds, like 45 or 45.50' };
  const duration = wholeIn(f.duration, 5, 600);
  if (duration === null) return { problem: 'The duration is in minutes, from 5 to 600' };
  const order = wholeIn(f.display_order, 0, 10_000);
  if (order === null) return { problem: 'The order is a whole number from 0 to 10000' };
  const sized = sizesOf(f.sizes);
  if ('problem' in sized) return sized;
  return {
    body: {
      title: f.title.trim(),
      price,
      duration,
      description: f.description,
      display_order: order,
      kind: f.kind as ServiceKind,
      active: f.active,
      sizes: sized.sizes,
    },
  };
}

/** "Small £45.00 (105 min) · Medium £55.00 (2 hours)": what a saved service's sizes say. */
export function sizesSaid(sizes: readonly ServiceSize[]): string {
  return sizes
    .map((s) => `${SIZE_LABELS[s.size]} ${formatPence(s.price)} (${describeMinutes(s.duration)})`)
    .join(' · ');
}
