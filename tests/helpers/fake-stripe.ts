import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';

/**
 * A local HTTP server that answers like Stripe's API for what the booking uses (Checkout sessions,
 * their expiry, refunds), recording every request with its decoded form parameters so tests can
 * assert what the real SDK sent. Point the server code at it with STRIPE_API_BASE.
 */
export interface StripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeStripe {
  base: string;
  requests: StripeRequest[];
  /** The next `count` requests answer 500 like a Stripe outage. */
  failNext(count?: number): void;
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { body += c; });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  let failures = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = new URLSearchParams(body);
    requests.push({
      method: req.method ?? 'GET', path: url.pathname, params,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      authorization: (req.headers.authorization as string | undefined) ?? null,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
      res.end(JSON.stringify(payload));
    };
    if (failures > 0) {
      failures--;
      // Not retried by the SDK's single retry when it is a 4xx-like card/api refusal: use 402.
      return send(402, { error: { type: 'invalid_request_error', message: 'Simulated Stripe failure' } });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = rid('cs');
      return send(200, {
        id, object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
        currency: 'gbp',
        client_reference_id: params.get('client_reference_id'),
        metadata: { booking_id: params.get('metadata[booking_id]') },
        expires_at: Number(params.get('expires_at')),
        success_url: params.get('success_url'), cancel_url: params.get('cancel_url'),
      });
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (req.method === 'POST' && expire) return send(200, { id: expire[1], object: 'checkout.session', status: 'expired' });
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      return send(200, {
        id: rid('re'), object: 'refund', status: 'succeeded', currency: 'gbp',
        amount: Number(params.get('amount')), payment_intent: params.get('payment_intent'),
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    failNext(count = 1) { failures = count; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A Checkout session event as Stripe sends it, with a signature made by the SDK's own test helper. */
export function signedEvent(secret: string, type: string, session: Record<string, unknown>, id = rid('evt')): { body: string; signature: string } {
  const body = JSON.stringify({
    id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000),
    livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null },
    data: { object: { object: 'checkout.session', ...session } },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
