import type { Quote, QuoteLine } from '../../domain/booking-schemas.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import {
  depositRuleFor,
  fairTerms,
  payInFullLabel,
  type FairTerms,
  type Standing,
} from '../../domain/no-show-rules.ts';
import { depositFor } from '../../domain/pricing.ts';
import { findKeyHolder } from '../access-keys.ts';
import type { Tx } from '../db.ts';
import { standingFor } from './standing.ts';

/**
 * The quote under the no-show rules (decision 081): the deposit a new customer or a customer with
 * too many strikes is asked for replaces the shop's own, on the same total. Without online payment
 * nothing is asked now, as before: the shop takes it in person.
 */
export function withStanding(price: Quote, standing: Standing, settings: BookingSettings, online: boolean): Quote {
  if (!online) return price;
  const rule = depositRuleFor(standing, settings);
  const depositPence = depositFor(rule, price.totalFromPence);
  const label = payInFullLabel(standing);
  if (depositPence === price.depositPence && !label) return price;
  const lines: QuoteLine[] = price.lines.filter((l) => l.kind !== 'deposit');
  if (depositPence > 0) lines.push({ kind: 'deposit', label: label ?? 'Deposit due now', pence: depositPence });
  return { ...price, depositPence, lines };
}

/**
 * The standing of whoever asks for a quote: the customer whose device key they hold (their booking
 * joins that record), otherwise a first booking of its own, which is how create-booking.ts files it.
 * The answer depends only on the caller's own key, so it tells a stranger nothing about a number.
 */
export async function quoteRules(
  tx: Tx,
  accessKey: string | null,
  settings: BookingSettings,
  now: Date,
): Promise<{ standing: Standing; terms: (depositPence: number, online: boolean) => FairTerms }> {
  const holder = accessKey ? await findKeyHolder(accessKey, now) : null;
  const customerId = holder && holder.kind === 'device' ? holder.customerId : null;
  const standing = await standingFor(tx, customerId, settings, now);
  return { standing, terms: (depositPence, online) => fairTerms({ standing, settings, depositPence, online }) };
}
