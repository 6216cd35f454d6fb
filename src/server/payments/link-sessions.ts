import { z } from 'zod';

/**
 * Our payment links' Checkout Sessions as Stripe's webhook events carry them: the no-show fee's
 * (decision 081) and the balance's (decision 096). Each link names its `purpose` in the session's
 * metadata; the webhook hands an event to the module whose purpose it carries.
 */
export function linkSessionSchema<Purpose extends string>(purpose: Purpose) {
  return z.object({
    id: z.string().max(255),
    payment_status: z.string().max(64).nullish(),
    payment_intent: z.union([z.string().max(255), z.object({ id: z.string().max(255) })]).nullish(),
    metadata: z.object({ purpose: z.literal(purpose), booking_id: z.string().max(64) }),
  });
}

/** Whether a verified Stripe event is about a Checkout Session of the payment link for `purpose`. */
export function isLinkSessionEvent(verified: unknown, purpose: string): boolean {
  const event = verified as { type?: unknown; data?: { object?: { metadata?: { purpose?: unknown } } } } | null;
  return (
    typeof event?.type === 'string' &&
    event.type.startsWith('checkout.session.') &&
    event.data?.object?.metadata?.purpose === purpose
  );
}

/** The session's payment intent id, whether Stripe sent it as an id or expanded. */
export function paymentIntentOf(session: {
  payment_intent?: string | { id: string } | null | undefined;
}): string | null {
  return typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
}
