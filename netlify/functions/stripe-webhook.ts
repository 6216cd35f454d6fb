import type { Config } from '@netlify/functions';
import { endpoint, json, readBody } from '../../src/server/http.ts';
import { handleStripeWebhook } from '../../src/server/payments/webhook.ts';
import { siteUrl } from '../../src/server/site-url.ts';

// Stripe's events are a few kilobytes; the signature is checked on the body exactly as sent.
const MAX_EVENT_BYTES = 256 * 1024;

export default endpoint(['POST'], async (req) => {
  const raw = await readBody(req, MAX_EVENT_BYTES);
  return json(await handleStripeWebhook(raw, req.headers.get('stripe-signature'), new Date(), siteUrl(req)));
});

export const config: Config = { path: '/v1.0.1/payments/stripe-webhook' };
