import type { BookingStatus } from './booking-schemas.ts';
import type { BookingSettings } from './booking-settings.ts';
import { instantToZoned, zonedDateTimeToInstant } from './london-time.ts';

/**
 * What staff may do that a customer may not, and what happens at the counter
 * (docs/decisions/060-schedule-and-dashboard.md). Customers are held to the cancellation policy
 * (src/domain/cancellation-policy.ts); staff are the shop, so they may move and cancel inside its
 * notice window, and take a booking on the phone inside the minimum notice (the shop cannot surprise
 * itself). Everything else is the same rule for both: opening hours, the slot grid, closures, bank
 * holidays, the booking horizon, blocked time and the tables.
 */

export type Attendance = 'arrived' | 'completed' | 'no_show';
export const ATTENDANCES: readonly Attendance[] = ['arrived', 'completed', 'no_show'];

/** The booking rules as staff are held to them: no minimum notice, nothing else changed. */
export function staffBookingSettings(settings: BookingSettings): BookingSettings {
  return { ...settings, minNoticeMinutes: 0 };
}

export interface StaffChangeInput {
  status: BookingStatus;
  attendance: Attendance | null;
  start: Date;
  now: Date;
}

export type StaffDecision = { allowed: true } | { allowed: false; message: string };

const no = (message: string): StaffDecision => ({ allowed: false, message });
const yes: StaffDecision = { allowed: true };

/** Whether staff may move a booking to another time. */
export function staffMayMove({ status, attendance, start, now }: StaffChangeInput): StaffDecision {
  if (status === 'cancelled') return no('This appointment is cancelled: book a new one instead.');
  if (status === 'expired')
    return no('This booking was never paid for and its time was released: book a new one instead.');
  if (status === 'pending_payment')
    return no('The customer is still paying the deposit for this booking. Move it once it is confirmed.');
  if (attendance) return no('This appointment is already marked at the counter, so it stays where it is.');
  if (now.getTime() >= start.getTime())
    return no(
      'This appointment has started or passed, so it can no longer be moved. Mark it completed or a no-show instead.',
    );
  return yes;
}

/** Whether staff may cancel a booking (a hold awaiting payment included: that releases it). */
export function staffMayCancel({ status, attendance, start, now }: StaffChangeInput): StaffDecision {
  if (status === 'cancelled') return no('This appointment is already cancelled.');
  if (status === 'expired') return no('This booking was never paid for and its time was already released.');
  if (attendance)
    return no('This appointment is already marked at the counter. Undo that first if it really did not happen.');
  if (now.getTime() >= start.getTime())
    return no('This appointment has started or passed. Mark it a no-show instead of cancelling it.');
  return yes;
}

export interface AttendanceInput {
  status: BookingStatus;
  start: Date;
  now: Date;
  timeZone: string;
  /** What it becomes; null takes a mark back (the undo). */
  to: Attendance | null;
}

/**
 * Whether a booking may be marked `to` now. Arrival and completion from the morning of the
 * appointment's day (a dog may come early); a no-show only once the start time has passed. Any mark
 * may be taken back, which is the undo for a tap on the wrong button.
 */
export function mayMarkAttendance({ status, start, now, timeZone, to }: AttendanceInput): StaffDecision {
  if (status !== 'confirmed') return no('Only a confirmed appointment can be marked at the counter.');
  if (to === null) return yes;
  const dayStart = zonedDateTimeToInstant(instantToZoned(start, timeZone).date, '00:00', timeZone);
  if (now.getTime() < dayStart.getTime()) return no('This appointment is on a later day: it can be marked on the day.');
  if (to === 'no_show' && now.getTime() < start.getTime())
    return no('It is not time yet: a no-show can be marked once the appointment time has passed.');
  return yes;
}

export interface BookingMoney {
  /** The "from" total the customer was quoted, promotion taken off. */
  totalFromPence: number;
  /** A check-in's surcharge the owner agreed to (decision 091); none before they agree. */
  surchargePence?: number;
  depositPaidPence: number;
  depositRefundedPence: number;
  refundDuePence: number;
  balancePaidPence: number;
}

/** The deposit the shop still holds for a booking: paid, less refunded and refunds on their way. */
export function depositHeldPence(
  m: Pick<BookingMoney, 'depositPaidPence' | 'depositRefundedPence' | 'refundDuePence'>,
): number {
  return Math.max(0, m.depositPaidPence - m.depositRefundedPence - m.refundDuePence);
}

/**
 * What is left to pay at the counter on the quoted price and any agreed surcharge: that less the
 * deposit held and what was taken already. Prices are "from" prices, so staff may take more; never below 0.
 */
export function balanceDuePence(m: BookingMoney): number {
  return Math.max(0, m.totalFromPence + (m.surchargePence ?? 0) - depositHeldPence(m) - m.balancePaidPence);
}
