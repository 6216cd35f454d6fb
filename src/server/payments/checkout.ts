import type Stripe from 'stripe';
import { HttpError } from '../http.ts';
import { writtenWhen } from '../../domain/written-dates.ts';

export interface DepositCheckout {
  bookingId: string;
  amountPence: number;
  serviceTitle: string;
  dogName: string;
  start: Date;
  timeZone: string;
  email: string;
  expiresAt: Date;
  siteUrl: string;
  /**
   * The customer's consent to keep the card for a no-show fee (decision 081): the card is saved
   * (setup_future_usage off_session, on a Stripe customer) and the words shown above Pay.
   */
  mandate?: string | null;
}

/**
 * A Stripe Checkout session for a booking's deposit. It expires when the hold does, so an unpaid
 * hold and its payment page end together; the booking id travels in the metadata of the session
 * and of its payment, so the webhook (and anyone in the Stripe dashboard) can find the booking.
 */
export async function createDepositCheckout(stripe: Stripe, d: DepositCheckout): Promise<{ id: string; url: string }> {
  const when = writtenWhen(d.start, d.timeZone, { weekday: 'short', month: 'short' });
  const base = d.siteUrl.replace(/\/$/, '');
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'gbp',
              unit_amount: d.amountPence,
              product_data: { name: `Deposit: ${d.serviceTitle} for ${d.dogName}`, description: when },
            },
          },
        ],
        customer_email: d.email,
        client_reference_id: d.bookingId,
        metadata: { booking_id: d.bookingId },
        payment_intent_data: {
          metadata: { booking_id: d.bookingId },
          ...(d.mandate ? { setup_future_usage: 'off_session' as const } : {}),
        },
        ...(d.mandate ? { customer_creation: 'always' as const, custom_text: { submit: { message: d.mandate } } } : {}),
        success_url: `${base}/booking-success/{CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/booking-payment-cancelled/{CHECKOUT_SESSION_ID}`,
        expires_at: Math.floor(d.expiresAt.getTime() / 1000),
      },
      // A retried request must not open a second payment page for the same booking.
      { idempotencyKey: `checkout-${d.bookingId}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout session without a url');
    return { id: session.id, url: session.url };
  } catch (error) {
    console.error(`Stripe Checkout for booking ${d.bookingId} failed:`, error instanceof Error ? error.message : error);
    throw new HttpError(
      409,
      'We could not open the payment page just now. Please try again in a moment, or call us to book and pay in the shop.',
      { code: 'payment_unavailable' },
    );
  }
}

/** Refunds a booking's deposit in full; idempotent per booking, so a retry refunds once. */
export async function refundDeposit(
  stripe: Stripe,
  bookingId: string,
  paymentIntent: string,
  amountPence: number,
  reason: string,
): Promise<Stripe.Refund> {
  const refund = await stripe.refunds.create(
    {
      payment_intent: paymentIntent,
      amount: amountPence,
      reason: 'requested_by_customer',
      metadata: { booking_id: bookingId, why: reason },
    },
    { idempotencyKey: `refund-${bookingId}` },
  );
  return refund;
}

/** Closes an unpaid Checkout session so the customer cannot pay for a cancelled booking. Best effort. */
export async function expireCheckout(stripe: Stripe, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    console.warn(`Could not expire Checkout session ${sessionId}:`, error instanceof Error ? error.message : error);
  }
}
