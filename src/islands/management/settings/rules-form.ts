import { WEEKDAYS, type Weekday } from '../../../domain/booking-settings.ts';
import { penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import { MAX_DOGS_PER_BOOKING, type PartyPlacementSetting } from '../../../domain/party.ts';
import type { EditableSettings as AllEditable, NoShowSettingKey } from '../../../domain/shop-settings.ts';
import { wholeIn } from '../whole-number.ts';

/** The booking rules as their form holds them: what staff type, checked on Save. */

/** This panel's rules: the no-show rules and the waitlist have their own (no-show-form.ts, waitlist-form.ts). */
type EditableSettings = Omit<AllEditable, NoShowSettingKey | 'waitlist' | 'checkIn'>;

export const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export interface DayHours {
  open: boolean;
  opens: string;
  closes: string;
}

export type DepositKind = EditableSettings['deposit']['kind'];

export interface RulesForm {
  hours: Record<Weekday, DayHours>;
  capacity: string;
  depositKind: DepositKind;
  depositPounds: string;
  depositPercent: string;
  noticeHours: string;
  horizonWeeks: string;
  cancellationHours: string;
  bankHolidays: boolean;
  /** The heaviest small and medium dog, kg (decision 080). */
  smallUpToKg: string;
  mediumUpToKg: string;
  /** Several dogs in one booking (decision 082). */
  maxDogs: string;
  partyPlacement: PartyPlacementSetting;
}

export function rulesFormOf(s: EditableSettings): RulesForm {
  const hours = {} as RulesForm['hours'];
  for (const d of WEEKDAYS)
    hours[d] = {
      open: s.openingHours[d] !== null,
      opens: s.openingHours[d]?.opens ?? '09:00',
      closes: s.openingHours[d]?.closes ?? '17:00',
    };
  return {
    hours,
    capacity: String(s.capacity),
    depositKind: s.deposit.kind,
    depositPounds: s.deposit.kind === 'fixed' ? poundsFromPence(s.deposit.pence) : '10.00',
    depositPercent: s.deposit.kind === 'percent' ? String(s.deposit.percent) : '20',
    noticeHours: String(s.minNoticeMinutes / 60),
    horizonWeeks: String(s.horizonWeeks),
    cancellationHours: String(s.cancellationNoticeHours),
    bankHolidays: s.closedOnBankHolidays,
    smallUpToKg: String(s.sizeLimitsKg.small),
    mediumUpToKg: String(s.sizeLimitsKg.medium),
    maxDogs: String(s.maxDogsPerBooking),
    partyPlacement: s.partyPlacement,
  };
}

/** A weight typed in kg: above 0, at most 100, to a tenth at most. */
function kgIn(text: string): number | null {
  if (!/^\s*\d{1,3}(\.\d)?\s*$/.test(text)) return null;
  const kg = Number(text);
  return kg > 0 && kg <= 100 ? kg : null;
}

function sizeLimitsOf(f: RulesForm): EditableSettings['sizeLimitsKg'] | string {
  const small = kgIn(f.smallUpToKg);
  const medium = kgIn(f.mediumUpToKg);
  if (small === null || medium === null) return 'Dog sizes: weights in kg, above 0 and up to 100, like 10 or 12.5';
  if (!(small < medium)) return 'Dog sizes: a medium dog must be allowed to weigh more than a small one';
  return { small, medium };
}

function depositOf(f: RulesForm): EditableSettings['deposit'] | string {
  if (f.depositKind === 'fixed') {
    const pence = penceFromPounds(f.depositPounds);
    return pence ? { kind: 'fixed', pence } : 'Please give the deposit in pounds, like 10 or 12.50';
  }
  if (f.depositKind === 'percent') {
    const percent = Number(f.depositPercent);
    return percent > 0 && percent <= 100 ? { kind: 'percent', percent } : 'The deposit percentage is from 1 to 100';
  }
  return { kind: 'none' };
}

/** The rules the form says, or the first thing to put right. */
export function rulesOf(f: RulesForm): { settings: EditableSettings } | { problem: string } {
  const openingHours = {} as EditableSettings['openingHours'];
  for (const d of WEEKDAYS) {
    const h = f.hours[d];
    if (h.open && !(h.opens < h.closes)) return { problem: `${DAY_NAMES[d]} must close after it opens` };
    openingHours[d] = h.open ? { opens: h.opens, closes: h.closes } : null;
  }
  const capacity = wholeIn(f.capacity, 1, 50);
  if (capacity === null) return { problem: 'Tables: a whole number from 1 to 50' };
  const deposit = depositOf(f);
  if (typeof deposit === 'string') return { problem: deposit };
  const notice = Math.round(Number(f.noticeHours) * 60);
  if (!(notice >= 0 && notice <= 60 * 24 * 30)) return { problem: 'Notice: from 0 hours to 30 days (720 hours)' };
  const horizonWeeks = wholeIn(f.horizonWeeks, 1, 104);
  if (horizonWeeks === null) return { problem: 'Booking ahead: 1 to 104 weeks' };
  const cancellationNoticeHours = wholeIn(f.cancellationHours, 0, 336);
  if (cancellationNoticeHours === null) return { problem: 'Free cancellation: 0 to 336 hours before' };
  const sizeLimitsKg = sizeLimitsOf(f);
  if (typeof sizeLimitsKg === 'string') return { problem: sizeLimitsKg };
  const maxDogsPerBooking = wholeIn(f.maxDogs, 1, MAX_DOGS_PER_BOOKING);
  if (maxDogsPerBooking === null)
    return { problem: `Dogs in one booking: a whole number from 1 to ${MAX_DOGS_PER_BOOKING}` };
  return {
    settings: {
      openingHours,
      capacity,
      deposit,
      minNoticeMinutes: notice,
      horizonWeeks,
      cancellationNoticeHours,
      closedOnBankHolidays: f.bankHolidays,
      sizeLimitsKg,
      maxDogsPerBooking,
      partyPlacement: f.partyPlacement,
    },
  };
}

/** Only the rules that differ from `saved`, so the audit says what happened and nothing else. */
export function changedRules(next: EditableSettings, saved: EditableSettings): Partial<EditableSettings> {
  return Object.fromEntries(
    Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(saved[k as keyof EditableSettings])),
  ) as Partial<EditableSettings>;
}
