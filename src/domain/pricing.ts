import type { Quote, QuoteLine } from './booking-schemas.ts';
import type { BookingSettings, Deposit, Promotion } from './booking-settings.ts';
import { SIZE_LABELS, type Size } from './catalogue.ts';
import { formatPence } from './money.ts';

/**
 * What a booking costs, decided on the server only (the island shows the server's answer). Prices
 * are "from" prices: the groomer confirms the final price on meeting the dog, never higher without
 * asking, so the deposit is taken from the "from" total.
 */
export interface QuoteInput {
  /** The service at the dog's size: `price` is that size's price (src/domain/catalogue.ts). */
  service: { price: number; kind: string; title?: string };
  /** The size priced, named on the service's line; null or absent when the service has one price. */
  size?: Size | null;
  /** The dog's extras, each a line of its own; the small dog offer never discounts them. */
  extras?: readonly { title: string; pricePence: number }[];
  dogWeightKg: number;
  settings: Pick<BookingSettings, 'promotion' | 'deposit'>;
  now: Date;
}

/** £5 → "£5", £5.50 → "£5.50": offers read better in whole pounds. */
function money(pence: number): string {
  return pence % 100 === 0 ? formatPence(pence).replace(/\.00$/, '') : formatPence(pence);
}

export function promotionApplies(
  promotion: Promotion | null,
  serviceKind: string,
  dogWeightKg: number,
  now: Date,
): boolean {
  if (!promotion) return false;
  if (promotion.endsAt && now.getTime() >= Date.parse(promotion.endsAt)) return false;
  // "under 12kg" is strict: a 12.0kg dog pays the full price.
  return serviceKind === promotion.serviceKind && Number.isFinite(dogWeightKg) && dogWeightKg < promotion.maxWeightKg;
}

/** The deposit due on a total: none, a fixed sum capped at the total, or a percentage to the penny. */
export function depositFor(deposit: Deposit, totalPence: number): number {
  const total = Math.max(0, Math.trunc(totalPence));
  let pence: number;
  switch (deposit.kind) {
    case 'none':
      pence = 0;
      break;
    case 'fixed':
      pence = deposit.pence;
      break;
    // Half a penny rounds up; a percentage of an integer with two decimals is exact enough.
    case 'percent':
      pence = Math.round((total * deposit.percent) / 100 + 1e-9);
      break;
  }
  return Math.min(total, Math.max(0, pence));
}

/**
 * A breed's usual figures for a full groom (docs/decisions/061-staff-records.md): the length
 * and price band the shop sees most often for it. Shown beside the quote as a guide; the booked price
 * stays the service's "from" price, since the groomer sets the final price on meeting the dog.
 */
export const BREED_BAND_SERVICE_KIND = 'full';

export interface BreedBand {
  usualDurationMin: number | null;
  priceFromPence: number | null;
  priceToPence: number | null;
}

/** 90 → "1 h 30", 60 → "1 h", 45 → "45 min", 125 → "2 h 05". */
export function formatDuration(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0) throw new RangeError(`minutes must be a whole number, got ${minutes}`);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${String(rest).padStart(2, '0')}` : ''}`;
}

/** "usually 1 h 30, £55–£70"; either half alone; null when the breed has no figures. */
export function breedEstimate(band: BreedBand): string | null {
  const parts: string[] = [];
  if (band.usualDurationMin !== null) parts.push(formatDuration(band.usualDurationMin));
  if (band.priceFromPence !== null && band.priceToPence !== null) {
    parts.push(
      band.priceFromPence === band.priceToPence
        ? money(band.priceFromPence)
        : `${money(band.priceFromPence)}–${money(band.priceToPence)}`,
    );
  }
  return parts.length ? `usually ${parts.join(', ')}` : null;
}

export function quote({ service, size = null, extras = [], dogWeightKg, settings, now }: QuoteInput): Quote {
  if (!Number.isInteger(service.price) || service.price < 0)
    throw new RangeError(`price must be whole pence, got ${service.price}`);
  for (const extra of extras)
    if (!Number.isInteger(extra.pricePence) || extra.pricePence < 0)
      throw new RangeError(`an extra's price must be whole pence, got ${extra.pricePence}`);
  const fromPricePence = service.price;
  const applied = promotionApplies(settings.promotion, service.kind, dogWeightKg, now);
  const promotionPence = applied ? Math.min(settings.promotion!.discountPence, fromPricePence) : 0;
  const extrasPence = extras.reduce((sum, e) => sum + e.pricePence, 0);
  const totalFromPence = fromPricePence + extrasPence - promotionPence;
  const depositPence = depositFor(settings.deposit, totalFromPence);

  const title = service.title ?? 'Grooming';
  const lines: QuoteLine[] = [
    {
      kind: 'service',
      label: size ? `${title}, ${SIZE_LABELS[size].toLowerCase()} dog` : title,
      pence: fromPricePence,
    },
  ];
  // The offer sits under the service it discounts, before the extras it leaves alone.
  if (applied) {
    lines.push({
      kind: 'promotion',
      label: `Small dog offer, ${money(promotionPence)} off (under ${settings.promotion!.maxWeightKg}kg)`,
      pence: -promotionPence,
    });
  }
  lines.push(...extras.map((e): QuoteLine => ({ kind: 'extra', label: e.title, pence: e.pricePence })));
  lines.push({ kind: 'total', label: 'Total, from', pence: totalFromPence });
  if (depositPence > 0) lines.push({ kind: 'deposit', label: 'Deposit due now', pence: depositPence });

  return {
    fromPricePence,
    promotionPence,
    ...(extras.length ? { extrasPence } : {}),
    totalFromPence,
    depositPence,
    promotionApplied: applied,
    lines,
  };
}
