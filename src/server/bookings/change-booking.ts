import { cancellationMoney } from '../../domain/booking-life.ts';
import type { BookingView } from '../../domain/booking-schemas.ts';
import { staffBookingSettings, staffMayCancel, staffMayMove } from '../../domain/staff-rules.ts';
import { audit } from '../audit.ts';
import type { Tx } from '../db.ts';
import { HttpError } from '../http.ts';
import type { StaffMember } from '../staff.ts';
import { sendNow } from '../messages/outbox.ts';
import { expireCheckout } from '../payments/checkout.ts';
import { settleRefund } from '../payments/settle.ts';
import { stripeClient } from '../payments/stripe.ts';
import { loadBookingSettings } from '../settings.ts';
import { freshPartySlotsOfDay, freshSlotsOfDay, partyTimesOf, type PartyTimes } from './availability.ts';
import { partyOf } from './party-records.ts';
import { findLead, moveParty } from './party-changes.ts';
import { asSlotTakenWith, assertSlotBookable } from './slot-check.ts';
import { enqueueBookingNotices } from './notices.ts';
import { assertMayChange, cancel, stateOfRow } from './booking-life.ts';
import { bookingTransaction } from './transaction.ts';
import { notFound, policyOf, viewById } from './view.ts';

const MINUTE = 60_000;

export interface ChangeContext {
  now?: Date;
  /** The site's public address, for the links in messages. */
  siteUrl?: string;
  /**
   * Staff making the change (docs/decisions/060): held to the shop's rules instead of the customer's
   * policy (src/domain/staff-rules.ts), and the change audited in its own transaction.
   */
  staff?: Pick<StaffMember, 'customerId'>;
  /** Staff only: refund a deposit held, or keep it; left out, the shop refunds it (it is the shop's cancellation). */
  refundDeposit?: boolean;
}

/**
 * Cancels within the policy (src/domain/cancellation-policy.ts): the table is freed by the capacity
 * trigger and the messages are written in one short transaction, with any deposit refund the policy
 * gives recorded as owed. The refund itself is asked of Stripe after the commit (and again by the
 * reconciler until it is made), so a slow or failing Stripe never holds the booking's locks and never
 * undoes a cancellation (docs/decisions/051-money-outside-transactions.md).
 */
export async function cancelBooking(
  id: string,
  reason: string | undefined,
  context: ChangeContext = {},
): Promise<BookingView> {
  const now = context.now ?? new Date();
  const done = await bookingTransaction((tx) => cancelWithin(tx, id, reason, context, now));
  await afterCancel(done, now);
  return done.view;
}

/** A cancellation written, and what is left to do once it is committed. */
export interface CancelWritten {
  leadId: string;
  view: BookingView;
  refund: number;
  sessionToClose: string | null;
  messageIds: string[];
}

/**
 * The cancellation inside a transaction the caller holds (one booking here, every visit of a series
 * for staff: src/server/schedule/staff-series.ts); `afterCancel` once it has committed.
 */
export async function cancelWithin(
  tx: Tx,
  id: string,
  reason: string | undefined,
  context: ChangeContext,
  now: Date,
): Promise<CancelWritten> {
  const settings = await loadBookingSettings(tx);
  // A dog of a booking of several cancels the whole booking, through its first dog (decision 082):
  // booking-life cancels every dog with it, and the deposit held on the first dog is refunded.
  const booking = await findLead(tx, id);
  if (!booking) throw notFound();
  const policy = policyOf(booking, settings, now);
  const { staff } = context;
  const by = staff ? 'shop' : 'owner';
  assertMayChange(
    'cancel',
    staff ? 'staff' : 'owner',
    stateOfRow({ ...booking, attendance: booking.booking_attendance }),
  );
  if (staff) {
    const decision = staffMayCancel({
      status: booking.status,
      attendance: booking.booking_attendance,
      start: booking.start_at,
      now,
    });
    if (!decision.allowed) throw new HttpError(409, decision.message, { code: 'policy' });
  } else if (!policy.canCancel) {
    throw new HttpError(409, policy.message, { code: 'policy' });
  }

  const money = cancellationMoney({
    by,
    heldPence: booking.deposit_paid_pence - booking.deposit_refunded_pence - booking.refund_due_pence,
    policyRefunds: policy.refundDeposit,
    staffRefunds: context.refundDeposit,
  });
  const who = staff ? 'the shop' : 'the customer';
  await cancel(tx, booking.id, by, money, reason ? `cancelled by ${who}: ${reason}` : `cancelled by ${who}`, now);
  const refund = money.refundPence;
  if (staff) {
    await audit(tx, staff, 'booking.cancel', 'booking', booking.id, {
      before: { status: booking.status, start: booking.start_at.toISOString() },
      after: { status: 'cancelled', refundPence: refund, keptPence: money.keptPence, reason: reason ?? null },
    });
  }
  const messageIds =
    booking.status === 'confirmed'
      ? await enqueueBookingNotices(tx, booking.id, 'cancelled', {
          now,
          ...(context.siteUrl ? { siteUrl: context.siteUrl } : {}),
        })
      : [];
  return {
    leadId: booking.id,
    view: (await viewById(tx, booking.id, now))!,
    refund,
    sessionToClose: booking.status === 'pending_payment' ? booking.stripe_session_id : null,
    messageIds,
  };
}

/**
 * After the commit: close an unpaid payment page (a payment that still gets through is refunded by
 * the webhook), make the refund, and send the messages.
 */
export async function afterCancel(done: CancelWritten, now: Date): Promise<void> {
  const stripe = stripeClient();
  if (stripe && done.sessionToClose) await expireCheckout(stripe, done.sessionToClose);
  if (done.refund > 0) await settleRefund(stripe, done.leadId, now);
  await sendNow(done.messageIds, { now, what: 'the cancellation messages' });
}

/**
 * Moves to another start within the policy, re-checking capacity without the booking itself: the
 * trigger frees its cells and claims the new ones in the same statement, so a full new time leaves
 * the old one in place. The "booking moved" messages go out after the commit, as a cancellation's do.
 */
export async function moveBooking(id: string, startIso: string, context: ChangeContext = {}): Promise<BookingView> {
  const now = context.now ?? new Date();
  const start = new Date(startIso);
  let serviceId: string | undefined;
  let party: PartyTimes | null = null;
  try {
    const { view, messageIds } = await bookingTransaction(async (tx) => {
      const settings = await loadBookingSettings(tx);
      const booking = await findLead(tx, id);
      if (!booking) throw notFound();
      serviceId = booking.service_id;
      const { staff } = context;
      assertMayChange(
        'move',
        staff ? 'staff' : 'owner',
        stateOfRow({ ...booking, attendance: booking.booking_attendance }),
      );
      if (staff) {
        const decision = staffMayMove({
          status: booking.status,
          attendance: booking.booking_attendance,
          start: booking.start_at,
          now,
        });
        if (!decision.allowed) throw new HttpError(409, decision.message, { code: 'policy' });
      } else {
        const policy = policyOf(booking, settings, now);
        if (!policy.canMove) throw new HttpError(409, policy.message, { code: 'policy' });
      }
      if (start.getTime() === booking.start_at.getTime())
        return { view: (await viewById(tx, booking.id, now))!, messageIds: [] };
      if (booking.party_id) {
        // Every dog moves with the first, keeping how they sit (decision 082).
        const dogs = await partyOf(tx, booking.party_id);
        if (!dogs) throw notFound();
        party = partyTimesOf(dogs);
        const moved = await moveParty(tx, booking, dogs, start, { now, settings, staff, siteUrl: context.siteUrl });
        return { view: (await viewById(tx, booking.id, now))!, messageIds: moved };
      }

      const end = new Date(start.getTime() + booking.duration_min * MINUTE);
      await assertSlotBookable(tx, {
        now,
        settings: staff ? staffBookingSettings(settings) : settings,
        start,
        end,
        excludeId: booking.id,
      });
      await tx.query(
        'UPDATE bookings SET start_at = $2, end_at = $3, updated_at = $4, revision = revision + 1 WHERE id = $1',
        [booking.id, start, end, now],
      );
      if (staff) {
        await audit(tx, staff, 'booking.move', 'booking', booking.id, {
          before: { start: booking.start_at.toISOString() },
          after: { start: start.toISOString() },
        });
      }
      const messageIds = await enqueueBookingNotices(tx, booking.id, 'moved', {
        previousStart: booking.start_at,
        now,
        ...(context.siteUrl ? { siteUrl: context.siteUrl } : {}),
      });
      return { view: (await viewById(tx, booking.id, now))!, messageIds };
    });
    await sendNow(messageIds, { now, what: 'the booking moved messages' });
    return view;
  } catch (error) {
    const moving: PartyTimes | null = party;
    if (moving) throw await asSlotTakenWith(error, () => freshPartySlotsOfDay(moving, start, now));
    if (serviceId) {
      const service = serviceId;
      throw await asSlotTakenWith(error, () =>
        freshSlotsOfDay({ serviceId: service }, start, now, id, { forStaff: Boolean(context.staff) }),
      );
    }
    throw error;
  }
}
