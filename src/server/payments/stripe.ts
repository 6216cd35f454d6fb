import Stripe from 'stripe';
import { env } from '../env.ts';

/**
 * The Stripe API version every call and every webhook event uses: the one the installed `stripe`
 * package is typed for (Stripe.API_VERSION; a test fails when an upgrade changes it, so the change is
 * made on purpose). Set the webhook endpoint in Stripe's Dashboard to the same version (decision 064).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * The events the webhook endpoint (`https://<site>/v1.0.1/payments/stripe-webhook`) subscribes to:
 * exactly these, and the handler acts on exactly these (docs/decisions/064; the README lists them
 * and a test holds the two equal).
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
] as const satisfies readonly Stripe.Event.Type[];
export type StripeWebhookEvent = (typeof STRIPE_WEBHOOK_EVENTS)[number];

/**
 * The real Stripe SDK, configured from the environment: null when STRIPE_SECRET_KEY is unset (the
 * shop then takes payment in person). STRIPE_API_BASE points it at a local server that answers like
 * Stripe, for tests only.
 */
let cached: { key: string; base: string | undefined; client: Stripe } | undefined;

export function stripeClient(): Stripe | null {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_BASE: base } = env();
  if (!key) return null;
  if (cached && cached.key === key && cached.base === base) return cached.client;
  const config: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    // A checkout page the visitor waits for: fail fast and let them retry or pay in the shop.
    timeout: 10_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'leyton-dog-grooming' },
  };
  if (base) {
    const url = new URL(base);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  cached = { key, base, client: new Stripe(key, config) };
  return cached.client;
}

/**
 * Verifies a webhook call on its raw body; throws on a bad or stale signature. Verification needs
 * only the endpoint's signing secret, not the API key.
 */
export function verifyStripeEvent(rawBody: string, signature: string | null, secret: string): Stripe.Event {
  if (!signature) throw new Error('No Stripe-Signature header');
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export type { Stripe };
