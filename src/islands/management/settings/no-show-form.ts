import type { Deposit } from '../../../domain/booking-settings.ts';
import { penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import type { ChargeRule } from '../../../domain/no-show-rules.ts';
import type { EditableSettings, NoShowSettingKey } from '../../../domain/shop-settings.ts';
import { wholeIn } from '../whole-number.ts';

/** The no-show rules as their form holds them (decision 081): what staff type, checked on Save. */
export type NoShowSettings = Pick<EditableSettings, NoShowSettingKey>;

export interface ChargeForm {
  kind: ChargeRule['kind'];
  pounds: string;
  percent: string;
  capPounds: string;
}

export interface NoShowForm {
  noShow: ChargeForm;
  late: ChargeForm;
  /** Empty: never ask for the full price. */
  strikes: string;
  newKind: Deposit['kind'];
  newPounds: string;
  newPercent: string;
  cardOnFile: boolean;
}

const chargeFormOf = (rule: ChargeRule): ChargeForm => ({
  kind: rule.kind,
  pounds: rule.kind === 'fixed' ? poundsFromPence(rule.pence) : '15.00',
  percent: rule.kind === 'percent' ? String(rule.percent) : '50',
  capPounds: rule.kind === 'percent' ? poundsFromPence(rule.capPence) : '30.00',
});

export function noShowFormOf(s: NoShowSettings): NoShowForm {
  return {
    noShow: chargeFormOf(s.noShowFee),
    late: chargeFormOf(s.lateCancellationFee),
    strikes: s.payInFullAfterStrikes === null ? '' : String(s.payInFullAfterStrikes),
    newKind: s.newCustomerDeposit.kind,
    newPounds: s.newCustomerDeposit.kind === 'fixed' ? poundsFromPence(s.newCustomerDeposit.pence) : '10.00',
    newPercent: s.newCustomerDeposit.kind === 'percent' ? String(s.newCustomerDeposit.percent) : '20',
    cardOnFile: s.cardOnFile,
  };
}

function chargeOf(f: ChargeForm, what: string): ChargeRule | string {
  if (f.kind === 'fixed') {
    const pence = penceFromPounds(f.pounds);
    return pence && pence <= 100_000 ? { kind: 'fixed', pence } : `${what}: give the sum in pounds, like 15 or 12.50`;
  }
  if (f.kind === 'percent') {
    const percent = Number(f.percent);
    if (!(percent > 0 && percent <= 100)) return `${what}: the percentage is from 1 to 100`;
    const capPence = penceFromPounds(f.capPounds);
    if (!capPence || capPence > 100_000) return `${what}: give the most it may cost in pounds, like 30`;
    return { kind: 'percent', percent, capPence };
  }
  return { kind: 'none' };
}

/** The rules the form says, or the first thing to put right. */
export function noShowRulesOf(f: NoShowForm): { settings: NoShowSettings } | { problem: string } {
  const noShowFee = chargeOf(f.noShow, 'No-show');
  if (typeof noShowFee === 'string') return { problem: noShowFee };
  const lateCancellationFee = chargeOf(f.late, 'Late cancellation');
  if (typeof lateCancellationFee === 'string') return { problem: lateCancellationFee };
  const strikes = f.strikes.trim() === '' ? null : wholeIn(f.strikes, 1, 20);
  if (f.strikes.trim() !== '' && strikes === null)
    return { problem: 'Pay in full after: a whole number of strikes from 1 to 20, or empty for never' };
  let newCustomerDeposit: Deposit = { kind: 'none' };
  if (f.newKind === 'fixed') {
    const pence = penceFromPounds(f.newPounds);
    if (!pence) return { problem: "New customers' deposit: give it in pounds, like 10 or 12.50" };
    newCustomerDeposit = { kind: 'fixed', pence };
  } else if (f.newKind === 'percent') {
    const percent = Number(f.newPercent);
    if (!(percent > 0 && percent <= 100)) return { problem: "New customers' deposit: the percentage is from 1 to 100" };
    newCustomerDeposit = { kind: 'percent', percent };
  }
  return {
    settings: {
      noShowFee,
      lateCancellationFee,
      payInFullAfterStrikes: strikes,
      newCustomerDeposit,
      cardOnFile: f.cardOnFile,
    },
  };
}
