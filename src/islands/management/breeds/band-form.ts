import { SIZES, type Size } from '../../../domain/catalogue.ts';
import { penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import type { StaffBreed } from '../../../domain/breed-records.ts';
import { wholeIn } from '../whole-number.ts';

/** A breed's name and the usual length and price band of its full groom, as the form holds them. */
export interface BandValues {
  name: string;
  minutes: string;
  from: string;
  to: string;
  /** The breed's usual size (decision 080), '' when it has none. */
  size: string;
  /** The usual weeks between grooms (decision 085), '' for the coat's. */
  weeks: string;
}

export const EMPTY_BAND: BandValues = { name: '', minutes: '', from: '', to: '', size: '', weeks: '' };

export function bandFormOf(b: StaffBreed): BandValues {
  return {
    name: b.name,
    minutes: b.usualDurationMin === null ? '' : String(b.usualDurationMin),
    from: b.priceFromPence === null ? '' : poundsFromPence(b.priceFromPence),
    to: b.priceToPence === null ? '' : poundsFromPence(b.priceToPence),
    size: b.usualSize ?? '',
    weeks: b.groomIntervalWeeks === null ? '' : String(b.groomIntervalWeeks),
  };
}

export interface BandBody {
  name: string;
  usualDurationMin: number | null;
  priceFromPence: number | null;
  priceToPence: number | null;
  usualSize: Size | null;
  groomIntervalWeeks: number | null;
}

/** What is sent, or the first thing to put right. */
export function bandOf(f: BandValues): { body: BandBody } | { problem: string } {
  if (!f.name.trim()) return { problem: 'Please give the breed a name' };
  const minutes = f.minutes.trim() ? wholeIn(f.minutes, 5, 600) : null;
  if (f.minutes.trim() && minutes === null) return { problem: 'The usual length is in minutes, from 5 to 600' };
  const from = f.from.trim() ? penceFromPounds(f.from) : null;
  const to = f.to.trim() ? penceFromPounds(f.to) : null;
  if ((f.from.trim() && from === null) || (f.to.trim() && to === null))
    return { problem: 'Please give prices in pounds, like 45 or 45.50' };
  if ((from === null) !== (to === null)) return { problem: 'Give both ends of the price band, or neither' };
  if (from !== null && to !== null && to < from) return { problem: 'The band must not end below where it starts' };
  const usualSize = (SIZES as readonly string[]).includes(f.size) ? (f.size as Size) : null;
  if (f.size && usualSize === null) return { problem: 'Please choose the usual size from the list' };
  const weeks = f.weeks.trim() ? wholeIn(f.weeks, 4, 12) : null;
  if (f.weeks.trim() && weeks === null) return { problem: 'The weeks between grooms are a whole number from 4 to 12' };
  return {
    body: {
      name: f.name.trim(),
      usualDurationMin: minutes,
      priceFromPence: from,
      priceToPence: to,
      usualSize,
      groomIntervalWeeks: weeks,
    },
  };
}

/** An edit sends the name only when it changed, and never for the fixed breed (it cannot be renamed). */
export function bandChange(breed: StaffBreed, body: BandBody): Partial<BandBody> {
  const { name, ...band } = body;
  return breed.fallback || name === breed.name ? band : body;
}
