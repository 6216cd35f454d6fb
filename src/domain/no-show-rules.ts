import { z } from 'zod/mini';
import { ChargeRuleSchema, type BookingSettings, type ChargeRule, type Deposit } from './booking-settings.ts';
// The rule's schema is a setting's, so it lives with the settings; here for those who read rules.
export type { ChargeRule } from './booking-settings.ts';
import { formatPence } from './money.ts';

/**
 * The shop's fair no-show rules (docs/decisions/081-fair-no-show-rules.md): what a missed appointment
 * and a late cancellation cost, when a customer pays in full when booking, and what the customer is
 * told before they commit. Pure: the strikes, the settings and `now` come in as arguments.
 */

/** A strike older than this lapses: a missed visit two years ago says little about the next one. */
export const STRIKE_MONTHS = 12;

/** Who is booking, as the rules see them. */
export type Standing = 'new' | 'regular' | 'pay_in_full';

/** One missed appointment of a customer (their merged records' too), and its waiver if staff gave one. */
export interface Strike {
  bookingId: string;
  at: Date;
  waived: boolean;
}

/** What a rule costs on a booking's price: a fixed sum or a share rounded to the penny, never above the price. */
export function chargeFor(rule: ChargeRule, pricePence: number): number {
  const price = Math.max(0, Math.trunc(pricePence));
  switch (rule.kind) {
    case 'none':
      return 0;
    case 'fixed':
      return Math.min(price, rule.pence);
    case 'percent':
      return Math.min(price, rule.capPence, Math.round((price * rule.percent) / 100 + 1e-9));
  }
}

/**
 * The most staff may charge for a no-show: the rule's sum less the deposit the shop already keeps, so a
 * missed visit never costs more than the rule said in all.
 */
export function noShowFeeCap(rule: ChargeRule, pricePence: number, depositKeptPence: number): number {
  return Math.max(0, chargeFor(rule, pricePence) - Math.max(0, depositKeptPence));
}

function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** Strikes that count now: not waived, within the last STRIKE_MONTHS, not in the future. */
export function liveStrikes(strikes: readonly Strike[], now: Date): number {
  const since = monthsBefore(now, STRIKE_MONTHS).getTime();
  return strikes.filter((s) => !s.waived && s.at.getTime() >= since && s.at.getTime() <= now.getTime()).length;
}

export type NoShowSettings = Pick<
  BookingSettings,
  'deposit' | 'noShowFee' | 'lateCancellationFee' | 'payInFullAfterStrikes' | 'newCustomerDeposit' | 'cardOnFile'
>;

export function standingOf(input: {
  strikes: readonly Strike[];
  completedVisits: number;
  settings: Pick<NoShowSettings, 'payInFullAfterStrikes'>;
  now: Date;
}): Standing {
  const limit = input.settings.payInFullAfterStrikes;
  if (limit !== null && liveStrikes(input.strikes, input.now) >= limit) return 'pay_in_full';
  return input.completedVisits > 0 ? 'regular' : 'new';
}

const FULL: Deposit = { kind: 'percent', percent: 100 };

/** The deposit a booking asks for: the whole price for 'pay_in_full', a new customer's deposit where one is set. */
export function depositRuleFor(standing: Standing, settings: Pick<NoShowSettings, 'deposit' | 'newCustomerDeposit'>) {
  if (standing === 'pay_in_full') return FULL;
  if (standing === 'new' && settings.newCustomerDeposit.kind !== 'none') return settings.newCustomerDeposit;
  return settings.deposit;
}

/** What the customer agrees to, kept with the booking: the fee charged later is the one they were told. */
export const FairTermsSchema = z.object({
  standing: z.enum(['new', 'regular', 'pay_in_full']),
  noShowFee: ChargeRuleSchema,
  lateCancellationFee: ChargeRuleSchema,
  /** Whether the card paid with is saved for a no-show fee (only where one can be charged). */
  saveCard: z.boolean(),
  /** The rules in plain words, as the review step, the booking's page and the e-mail say them. */
  sentences: z.array(z.string()),
  /** The consent for the saved card, shown on the review step and on Stripe's page; null when none is saved. */
  mandate: z.nullable(z.string()),
});
export type FairTerms = z.infer<typeof FairTermsSchema>;

/** "£30", "£7.50": whole pounds read better. */
function money(pence: number): string {
  return pence % 100 === 0 ? formatPence(pence).replace(/\.00$/, '') : formatPence(pence);
}

function ruleWords(rule: ChargeRule): string | null {
  switch (rule.kind) {
    case 'none':
      return null;
    case 'fixed':
      return money(rule.pence);
    case 'percent':
      return rule.percent === 50
        ? `half the price, up to ${money(rule.capPence)}`
        : `${rule.percent}% of the price, up to ${money(rule.capPence)}`;
  }
}

/**
 * The rules of one booking in plain words (the shop's voice: calm, short, no small print). `online` is
 * whether the deposit or price is paid online now; the card is saved only then.
 */
export function fairTerms(input: {
  standing: Standing;
  settings: NoShowSettings & Pick<BookingSettings, 'cancellationNoticeHours'>;
  depositPence: number;
  online: boolean;
}): FairTerms {
  const { standing, settings, depositPence, online } = input;
  const hours = settings.cancellationNoticeHours;
  const notice =
    hours % 24 === 0 && hours > 0 ? `${hours / 24 === 1 ? '24 hours' : `${hours / 24} days`}` : `${hours} hours`;
  const late = ruleWords(settings.lateCancellationFee);
  const noShow = ruleWords(settings.noShowFee);
  const paid = depositPence > 0 && online;
  const saveCard = settings.cardOnFile && paid && settings.noShowFee.kind !== 'none';
  const sentences: string[] = [];
  if (standing === 'pay_in_full' && paid) {
    sentences.push(
      'As some recent appointments were missed without notice, we ask for the full price when you book. Thank you for understanding.',
    );
  }
  // The free period itself is said beside these by the page and the e-mail (cancellation-policy.ts).
  if (late && hours > 0)
    sentences.push(`Cancelling later than ${notice} before costs ${late}${paid ? ', less what you have paid' : ''}.`);
  else if (paid && hours > 0) sentences.push(`If you cancel later than ${notice} before, we keep what you have paid.`);
  if (noShow) {
    sentences.push(
      `If you miss your appointment without telling us, we may charge ${noShow}${paid ? ', less what you have paid' : ''}. We never charge without telling you first.`,
    );
  }
  const mandate = saveCard
    ? `We'll save your card with Stripe so that, if you miss this appointment without telling us, we can charge the missed-appointment fee in our terms: ${noShow}, less what you have paid. We'll tell you before we do.`
    : null;
  return {
    standing,
    noShowFee: settings.noShowFee,
    lateCancellationFee: settings.lateCancellationFee,
    saveCard,
    sentences,
    mandate,
  };
}

/** The quote's deposit line relabelled when the whole price is asked for now. */
export function payInFullLabel(standing: Standing): string | null {
  return standing === 'pay_in_full' ? 'Full price due now' : null;
}
