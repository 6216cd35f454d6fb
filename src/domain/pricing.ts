import type { Quote, QuoteLine } from './booking-schemas.ts';
import type { BookingSettings, Deposit, Promotion } from './booking-settings.ts';
import { formatPence } from './money.ts';

/**
 * What a booking costs, decided on the server only (the island shows the server's answer). Prices
 * are "from" prices: the groomer confirms the final price on meeting the dog, never higher without
 * asking, so the deposit is taken from the "from" total.
 */
export interface QuoteInput {
  service: { price: number; kind: string; title?: string };
  dogWeightKg: number;
  settings: Pick<BookingSettings, 'promotion' | 'deposit'>;
  now: Date;
}

/** £5 → "£5", £5.50 → "£5.50": offers read better in whole pounds. */
function money(pence: number): string {
  return pence % 100 === 0 ? formatPence(pence).replace(/\.00$/, '') : formatPence(pence);
}

export function promotionApplies(promotion: Promotion | null, serviceKind: string, dogWeightKg: number, now: Date): boolean {
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
    case 'none': pence = 0; break;
    case 'fixed': pence = deposit.pence; break;
    // Half a penny rounds up; a percentage of an integer with two decimals is exact enough.
    case 'percent': pence = Math.round((total * deposit.percent) / 100 + 1e-9); break;
  }
  return Math.min(total, Math.max(0, pence));
}

export function quote({ service, dogWeightKg, settings, now }: QuoteInput): Quote {
  if (!Number.isInteger(service.price) || service.price < 0) throw new RangeError(`price must be whole pence, got ${service.price}`);
  const fromPricePence = service.price;
  const applied = promotionApplies(settings.promotion, service.kind, dogWeightKg, now);
  const promotionPence = applied ? Math.min(settings.promotion!.discountPence, fromPricePence) : 0;
  const totalFromPence = fromPricePence - promotionPence;
  const depositPence = depositFor(settings.deposit, totalFromPence);

  const lines: QuoteLine[] = [{ kind: 'service', label: service.title ?? 'Grooming', pence: fromPricePence }];
  if (applied) {
    lines.push({ kind: 'promotion', label: `Small dog offer, ${money(promotionPence)} off (under ${settings.promotion!.maxWeightKg}kg)`, pence: -promotionPence });
  }
  lines.push({ kind: 'total', label: 'Total, from', pence: totalFromPence });
  if (depositPence > 0) lines.push({ kind: 'deposit', label: 'Deposit due now', pence: depositPence });

  return { fromPricePence, promotionPence, totalFromPence, depositPence, promotionApplied: applied, lines };
}
