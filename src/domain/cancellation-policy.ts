import site from '../../content/site.json' with { type: 'json' };
import type { BookingStatus, PolicyReason } from './booking-schemas.ts';
import { lifeStateOf, mayChange } from './booking-life.ts';
import type { BookingSettings } from './booking-settings.ts';
import { writtenWhen } from './written-dates.ts';

/**
 * The refunds and cancellations policy as a rule: free to cancel or move, with any deposit
 * refunded, up to cancellationNoticeHours before the start; after that the customer may still
 * cancel (so the table is freed) but the deposit is kept, and moving is for the shop to arrange
 * (otherwise a late move would be a free cancellation). Nothing changes once it has started.
 *
 * A booking made inside that period (the same day, the evening before) never had a free period: it
 * may be moved online like any booking, up to the notice the shop needs to take a booking online
 * (minNoticeMinutes), after which its time could no longer be booked by anyone else either; a
 * cancellation keeps any deposit, as for any late cancellation (docs/decisions/079).
 */
export interface PolicyInput {
  appointmentStart: Date;
  now: Date;
  settings: Pick<BookingSettings, 'cancellationNoticeHours' | 'minNoticeMinutes' | 'timeZone'>;
  status: BookingStatus;
  /** When it was booked; left out, as if in good time. */
  bookedAt?: Date;
  /**
   * What happened at the counter, to any dog of the booking: once a dog is checked in, done or
   * marked missed, the owner changes nothing online whatever the clock says (a dog may come early).
   */
  attendance?: 'arrived' | 'completed' | 'no_show' | null;
}

export interface PolicyDecision {
  /** Whether the customer may cancel now (same as canCancel). */
  allowed: boolean;
  canCancel: boolean;
  canMove: boolean;
  /** Whether cancelling now refunds a paid deposit. */
  refundDeposit: boolean;
  reason: PolicyReason;
  /** The last moment a free change is possible. */
  freeUntil: Date;
  /** The rule in a sentence, for the confirmation page. */
  message: string;
}

/** "Tuesday 1 December at 10:30". */
const whenInShop = (instant: Date, timeZone: string) => writtenWhen(instant, timeZone, { weekday: 'long' }, ' at ');

export function canChange({
  appointmentStart,
  now,
  settings,
  status,
  bookedAt,
  attendance = null,
}: PolicyInput): PolicyDecision {
  const freeUntil = new Date(appointmentStart.getTime() - settings.cancellationNoticeHours * 3600_000);
  const decide = (
    reason: PolicyReason,
    canCancel: boolean,
    canMove: boolean,
    refundDeposit: boolean,
    message: string,
  ): PolicyDecision => ({ allowed: canCancel, canCancel, canMove, refundDeposit, reason, freeUntil, message });

  if (status === 'cancelled') return decide('cancelled', false, false, false, 'This appointment has been cancelled.');
  if (status === 'expired')
    return decide(
      'expired',
      false,
      false,
      false,
      'The deposit was not paid in time, so this time was released. You are welcome to book again.',
    );
  if (status === 'confirmed' && attendance) {
    const refused = mayChange(
      'cancel',
      'owner',
      lifeStateOf({ status, attendance, cancelledBy: null }),
      site.phone.display,
    );
    return decide(
      attendance === 'no_show' ? 'missed' : 'at_the_shop',
      false,
      false,
      false,
      refused.allowed ? '' : refused.message,
    );
  }
  if (now.getTime() >= appointmentStart.getTime()) {
    return decide(
      'started',
      false,
      false,
      false,
      'This appointment has started or passed, so it can no longer be changed online.',
    );
  }
  if (status === 'pending_payment') {
    return decide(
      'awaiting_payment',
      true,
      false,
      false,
      'We are waiting for the deposit payment. You can cancel to release the time.',
    );
  }
  // "Up to 24 hours before" includes the 24th hour itself.
  if (now.getTime() <= freeUntil.getTime()) {
    return decide(
      'free_change',
      true,
      true,
      true,
      `You can cancel or move this appointment free of charge until ${whenInShop(freeUntil, settings.timeZone)}; any deposit you paid is refunded.`,
    );
  }
  const moveUntil = new Date(appointmentStart.getTime() - settings.minNoticeMinutes * 60_000);
  if (
    status === 'confirmed' &&
    bookedAt &&
    bookedAt.getTime() > freeUntil.getTime() &&
    now.getTime() <= moveUntil.getTime()
  ) {
    return decide(
      'late_booking',
      true,
      true,
      false,
      `You booked less than ${settings.cancellationNoticeHours} hours ahead, so you can move this appointment online until ${whenInShop(moveUntil, settings.timeZone)}. You can still cancel, but any deposit is kept.`,
    );
  }
  return decide(
    'late_change',
    true,
    false,
    false,
    `It is less than ${settings.cancellationNoticeHours} hours before your appointment: you can still cancel, but any deposit is kept. To move it, please call or message us.`,
  );
}
