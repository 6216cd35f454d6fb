import type { Quote, QuoteQuery, QuoteResponse } from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import { BREED_BAND_SERVICE_KIND, breedEstimate, promotionApplies, quote } from '../../domain/pricing.ts';
import { db, type Tx } from '../db.ts';
import { stripeClient } from '../payments/stripe.ts';
import { breedBand } from './breeds.ts';
import { loadBookingSettings } from '../settings.ts';
import { planVisit, serviceNotSold, type PlannedVisit } from './catalogue.ts';
import type { Standing } from '../../domain/no-show-rules.ts';
import { withStanding, quoteRules } from '../no-shows/quote-rules.ts';

/**
 * The price of a booking as the server charges it. Both the booking itself and GET /v1.0.1/quote use
 * this, so what the review step shows is what Stripe asks for: the shop's stored settings, and no
 * deposit when online payment is not configured (the customer then pays in the shop).
 */
export function priceFor(
  visit: PlannedVisit,
  dogWeightKg: number | undefined,
  settings: BookingSettings,
  now: Date,
  // Who books, under the no-show rules (decision 081): it may ask for a new customer's deposit or the full price.
  standing: Standing = 'regular',
): Quote {
  const online = stripeClient() !== null;
  return withStanding(
    quote({
      service: { price: visit.sized.pricePence, kind: visit.service.kind, title: visit.service.title },
      size: visit.sized.size,
      extras: visit.extras,
      dogWeightKg: dogWeightKg ?? Number.NaN,
      settings: { promotion: settings.promotion, deposit: online ? settings.deposit : { kind: 'none' } },
      now,
    }),
    standing,
    settings,
    online,
  );
}

export async function bookingQuote(
  query: QuoteQuery,
  now = new Date(),
  tx: Tx = db(),
  accessKey: string | null = null,
): Promise<QuoteResponse> {
  const settings = await loadBookingSettings(tx);
  const visit = await planVisit(
    tx,
    { serviceId: query.service, weightKg: query.weightKg, breedId: query.breed, extraIds: query.extras },
    settings,
  );
  if (!visit) throw serviceNotSold(404);
  const { service } = visit;
  const rules = await quoteRules(tx, accessKey, settings, now);
  const price = priceFor(visit, query.weightKg, settings, now, rules.standing);
  const promotion = settings.promotion;
  // The offer is shown while it runs, for the service it is for (weight decides whether it applies).
  const running = promotion && promotionApplies(promotion, promotion.serviceKind, 0, now) ? promotion : null;
  const band = query.breed && service.kind === BREED_BAND_SERVICE_KIND ? await breedBand(tx, query.breed) : null;
  const estimate = band ? breedEstimate(band) : null;
  return {
    serviceId: service.id,
    quote: price,
    size: visit.sized.size,
    durationMin: visit.durationMin,
    extrasOffered: visit.offered.map(({ id, title, pricePence, durationMin }) => ({
      id,
      title,
      pricePence,
      durationMin,
    })),
    payment: price.depositPence > 0 ? 'online_deposit' : 'in_shop',
    timeZone: settings.timeZone,
    cancellationNoticeHours: settings.cancellationNoticeHours,
    holdMinutes: settings.holdMinutes,
    promotion: running
      ? { discountPence: running.discountPence, maxWeightKg: running.maxWeightKg, serviceKind: running.serviceKind }
      : null,
    ...(query.breed === undefined ? {} : { breed: band && estimate ? { ...band, estimate } : null }),
    rules: rules.terms(price.depositPence, stripeClient() !== null),
    maxDogsPerBooking: settings.maxDogsPerBooking,
  };
}
