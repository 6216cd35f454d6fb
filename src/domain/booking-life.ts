import type { BookingStatus } from './booking-schemas.ts';
import type { Attendance } from './staff-rules.ts';

/**
 * A booking's life as one table (docs/decisions/102-one-life-for-a-booking.md): the states a booking,
 * and each dog of a booking of several, can be in, every change between them, who may make it and
 * what it does. src/server/bookings/booking-life.ts is the only writer of a booking's state and
 * carries out exactly what this table says; the policies that decide *when* (the customer's
 * cancellation policy, the shop's counter rules) stay in cancellation-policy.ts and staff-rules.ts.
 *
 * The database keeps the state in three columns (status, attendance, cancelled_by); `lifeStateOf`
 * reads them as one name, so no reader has to combine them itself.
 */

export const LIFE_STATES = [
  'held',
  'confirmed',
  'checked_in',
  'completed',
  'no_show',
  'cancelled_by_owner',
  'cancelled_by_shop',
  'expired',
] as const;
export type LifeState = (typeof LIFE_STATES)[number];

/** Who asks for a change: the dog's owner, the shop's staff, the shop's own sweeps, or Stripe's events. */
export const ACTORS = ['owner', 'staff', 'system', 'stripe'] as const;
export type Actor = (typeof ACTORS)[number];

export const CHANGES = ['confirm', 'expire', 'cancel', 'move', 'check_in', 'complete', 'no_show', 'undo_mark'] as const;
export type ChangeName = (typeof CHANGES)[number];

export type CancelledBy = 'owner' | 'shop';

export interface LifeFacts {
  status: BookingStatus;
  attendance: Attendance | null;
  cancelledBy: CancelledBy | null;
}

export function lifeStateOf({ status, attendance, cancelledBy }: LifeFacts): LifeState {
  switch (status) {
    case 'pending_payment':
      return 'held';
    case 'expired':
      return 'expired';
    case 'cancelled':
      // Cancellations from before the shop recorded who made them were all the customer's or staff's
      // through one path; the migration filled cancelled_by from the note they left.
      return cancelledBy === 'shop' ? 'cancelled_by_shop' : 'cancelled_by_owner';
    case 'confirmed':
      if (attendance === 'arrived') return 'checked_in';
      if (attendance === 'completed') return 'completed';
      if (attendance === 'no_show') return 'no_show';
      return 'confirmed';
  }
}

/** The states a change writes, as the three columns. */
export function factsOf(state: LifeState): LifeFacts {
  switch (state) {
    case 'held':
      return { status: 'pending_payment', attendance: null, cancelledBy: null };
    case 'expired':
      return { status: 'expired', attendance: null, cancelledBy: null };
    case 'cancelled_by_owner':
      return { status: 'cancelled', attendance: null, cancelledBy: 'owner' };
    case 'cancelled_by_shop':
      return { status: 'cancelled', attendance: null, cancelledBy: 'shop' };
    case 'confirmed':
      return { status: 'confirmed', attendance: null, cancelledBy: null };
    case 'checked_in':
      return { status: 'confirmed', attendance: 'arrived', cancelledBy: null };
    case 'completed':
      return { status: 'confirmed', attendance: 'completed', cancelledBy: null };
    case 'no_show':
      return { status: 'confirmed', attendance: 'no_show', cancelledBy: null };
  }
}

/** What a change does besides the state: kept in the table so the closing note and tests read it. */
export interface Effects {
  money: string;
  messages: string;
  time: 'claims' | 'frees' | 'moves' | 'keeps';
  audit: boolean;
}

export interface Transition {
  change: ChangeName;
  actor: Actor;
  from: readonly LifeState[];
  /** The state it ends in; `same` for a move, `confirmed` for an undo. */
  to: LifeState | 'same';
  /** Until when, in words (the policy module decides the instant). */
  until: string;
  effects: Effects;
}

const ACTIVE_MARKS: readonly LifeState[] = ['confirmed', 'checked_in', 'completed', 'no_show'];

export const TRANSITIONS: readonly Transition[] = [
  {
    change: 'confirm',
    actor: 'stripe',
    from: ['held', 'expired'],
    to: 'confirmed',
    until: 'any time; an expired hold only while its time is still free',
    effects: {
      money: 'the deposit paid is recorded; paid after the time was taken, it is refunded instead',
      messages: 'the confirmation (or, time taken, the refund notice)',
      time: 'claims',
      audit: false,
    },
  },
  {
    change: 'expire',
    actor: 'system',
    from: ['held'],
    to: 'expired',
    until: 'once the hold has lapsed, or its payment page could not be opened',
    effects: { money: 'none (nothing was paid)', messages: 'none', time: 'frees', audit: false },
  },
  {
    change: 'expire',
    actor: 'stripe',
    from: ['held', 'expired'],
    to: 'expired',
    until: 'when the payment page expires or a bank payment of the deposit fails',
    effects: {
      money: 'none (nothing was taken)',
      messages: 'a failed bank payment tells the owner the time is not booked',
      time: 'frees',
      audit: false,
    },
  },
  {
    change: 'cancel',
    actor: 'owner',
    from: ['held', 'confirmed'],
    to: 'cancelled_by_owner',
    until: 'the start, as the cancellation policy says',
    effects: {
      money: 'the deposit is refunded inside the free period, kept after it (the reason is told)',
      messages: 'the owner is told, with the money decision; the shop is told',
      time: 'frees',
      audit: false,
    },
  },
  {
    change: 'cancel',
    actor: 'staff',
    from: ['held', 'confirmed'],
    to: 'cancelled_by_shop',
    until: 'the start',
    effects: {
      money: 'the deposit is refunded unless staff choose to keep it',
      messages: 'the owner is told the shop cancelled, with what staff chose',
      time: 'frees',
      audit: true,
    },
  },
  {
    change: 'move',
    actor: 'owner',
    from: ['confirmed'],
    to: 'same',
    until: 'the free period, as the cancellation policy says',
    effects: { money: 'none', messages: 'the owner is told the new time', time: 'moves', audit: false },
  },
  {
    change: 'move',
    actor: 'staff',
    from: ['confirmed'],
    to: 'same',
    until: 'the start',
    effects: { money: 'none', messages: 'the owner is told the new time', time: 'moves', audit: true },
  },
  {
    change: 'check_in',
    actor: 'staff',
    from: ACTIVE_MARKS,
    to: 'checked_in',
    until: 'from the morning of the day',
    effects: {
      money: 'a surcharge found at check-in waits for the owner to agree',
      messages: 'none',
      time: 'keeps',
      audit: true,
    },
  },
  {
    change: 'complete',
    actor: 'staff',
    from: ACTIVE_MARKS,
    to: 'completed',
    until: 'from the morning of the day',
    effects: {
      money: 'the balance taken by card or cash, or asked by link',
      messages: 'the report card and review request follow',
      time: 'keeps',
      audit: true,
    },
  },
  {
    change: 'no_show',
    actor: 'staff',
    from: ACTIVE_MARKS,
    to: 'no_show',
    until: 'once the start has passed',
    effects: {
      money: 'the deposit is kept; a fee as the no-show rules say',
      messages: 'none',
      time: 'keeps',
      audit: true,
    },
  },
  {
    change: 'undo_mark',
    actor: 'staff',
    from: ['checked_in', 'completed', 'no_show'],
    to: 'confirmed',
    until: 'unless the balance was paid online or a no-show fee is being charged',
    effects: { money: 'a balance taken at the counter is taken back', messages: 'none', time: 'keeps', audit: true },
  },
];

export type LifeDecision = { allowed: true; to: LifeState | 'same' } | { allowed: false; message: string };

/** What the shop says when a change is not in the table for this actor and state. */
function refusal(change: ChangeName, actor: Actor, state: LifeState, phone: string): string {
  if (actor === 'owner') {
    switch (state) {
      case 'checked_in':
        return `Your dog is with us now, so this visit can no longer be changed online. Please call us on ${phone}.`;
      case 'completed':
        return `This visit is done, so it can no longer be changed online. If something is not right, please call us on ${phone}.`;
      case 'no_show':
        return `This visit was marked as missed, so it can no longer be changed online. Please call us on ${phone}.`;
      case 'cancelled_by_owner':
      case 'cancelled_by_shop':
        return 'This appointment has been cancelled.';
      case 'expired':
        return 'The deposit was not paid in time, so this time was released. You are welcome to book again.';
      case 'held':
        return 'We are waiting for the deposit payment. You can cancel to release the time.';
      case 'confirmed':
        return `This change cannot be made online. Please call us on ${phone}.`;
    }
  }
  if (state === 'cancelled_by_owner' || state === 'cancelled_by_shop') return 'This appointment is already cancelled.';
  if (state === 'expired') return 'This booking was never paid for and its time was already released.';
  if (state === 'held' && change !== 'cancel' && change !== 'expire')
    return 'The customer is still paying the deposit for this booking.';
  return `A booking that is ${state.replaceAll('_', ' ')} cannot ${change.replaceAll('_', ' ')} this way.`;
}

/** Whether the table has `change` by `actor` from `state`: the gate every writer passes first. */
export function mayChange(change: ChangeName, actor: Actor, state: LifeState, phone: string): LifeDecision {
  const row = TRANSITIONS.find((t) => t.change === change && t.actor === actor && t.from.includes(state));
  return row ? { allowed: true, to: row.to } : { allowed: false, message: refusal(change, actor, state, phone) };
}

/**
 * The money decision of a cancellation, and the reason every message about it gives: one value, so
 * the e-mail cannot say "less than 24 hours" when the shop cancelled, or "refunded" when it was kept.
 */
export type CancelMoneyReason = 'nothing_paid' | 'owner_in_free_period' | 'owner_late' | 'shop_refunded' | 'shop_kept';

export interface CancelMoney {
  refundPence: number;
  keptPence: number;
  reason: CancelMoneyReason;
}

export function cancellationMoney(input: {
  by: CancelledBy;
  /** The deposit the shop still holds. */
  heldPence: number;
  /** The owner's policy: whether cancelling now refunds. */
  policyRefunds: boolean;
  /** Staff only: their choice; left out, the shop refunds (it is the shop's cancellation). */
  staffRefunds?: boolean | undefined;
}): CancelMoney {
  const held = Math.max(0, input.heldPence);
  if (held === 0) return { refundPence: 0, keptPence: 0, reason: 'nothing_paid' };
  if (input.by === 'shop') {
    const refunds = input.staffRefunds ?? true;
    return refunds
      ? { refundPence: held, keptPence: 0, reason: 'shop_refunded' }
      : { refundPence: 0, keptPence: held, reason: 'shop_kept' };
  }
  return input.policyRefunds
    ? { refundPence: held, keptPence: 0, reason: 'owner_in_free_period' }
    : { refundPence: 0, keptPence: held, reason: 'owner_late' };
}

export const CANCEL_MONEY_REASONS: readonly CancelMoneyReason[] = [
  'nothing_paid',
  'owner_in_free_period',
  'owner_late',
  'shop_refunded',
  'shop_kept',
];
