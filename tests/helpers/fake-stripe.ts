import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { stripeAcceptsExpiry } from '../../src/domain/checkout-expiry.ts';

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
  /**
   * The customer pays on the Checkout page: the session is complete and paid (no webhook is sent).
   * The card is saved on a Stripe customer; its payment method id picks how a later off-session
   * charge goes, as Stripe's test cards do: 'pm_card_visa' succeeds, 'pm_card_authenticationRequired'
   * asks for authentication (SCA), 'pm_card_chargeDeclined' is declined.
   */
  pay(sessionId: string, paymentIntent: string, paymentMethod?: string): void;
  /** Every PaymentIntent created (off-session charges), as Stripe answered it. */
  paymentIntents: Array<Record<string, unknown>>;
  /** A person refunds in Stripe's Dashboard (no metadata, no webhook sent): the refund as Stripe has it. */
  dashboardRefund(paymentIntent: string, amount: number): Record<string, unknown>;
  /** A refund fails later (the card was closed), as Stripe reports it: the refund as it now is. */
  failRefund(refundId: string, reason?: string): Record<string, unknown>;
  /** The charge of a payment intent (a deposit's, or a no-show fee's off-session one), as Stripe would have it now. */
  chargeOf(paymentIntent: string): Record<string, unknown>;
  /** Every refund made, in order. */
  refunds: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  let failures = 0;
  const sessions = new Map<string, Record<string, unknown>>();
  const refunds: Array<Record<string, unknown>> = [];
  const charges = new Map<string, string>();
  const intents = new Map<string, Record<string, unknown>>();
  const paymentIntents: Array<Record<string, unknown>> = [];
  const chargeFor = (pi: string) => {
    if (!charges.has(pi)) charges.set(pi, rid('ch'));
    return charges.get(pi)!;
  };
  const makeRefund = (pi: string, amount: number, metadata: Record<string, string>) => {
    const refund: Record<string, unknown> = {
      id: rid('re'),
      object: 'refund',
      status: 'succeeded',
      currency: 'gbp',
      amount,
      payment_intent: pi,
      charge: chargeFor(pi),
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  };
  // What a payment took: a Checkout session's, or an off-session PaymentIntent's that succeeded (a no-show fee).
  const paidOn = (pi: string) =>
    Number(
      [...sessions.values()].find((x) => x.payment_intent === pi)?.amount_total ??
        paymentIntents.find((x) => x.id === pi && x.status === 'succeeded')?.amount ??
        0,
    );
  // As Stripe does: a POST repeated with the same Idempotency-Key gets the first answer again.
  const answered = new Map<string, { status: number; payload: unknown }>();
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = new URLSearchParams(body);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      idempotencyKey,
      authorization: (req.headers.authorization as string | undefined) ?? null,
    });
    const send = (status: number, payload: unknown) => {
      if (req.method === 'POST' && idempotencyKey && status < 500) answered.set(idempotencyKey, { status, payload });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
      res.end(JSON.stringify(payload));
    };
    if (failures > 0) {
      failures--;
      // Not retried by the SDK's single retry when it is a 4xx-like card/api refusal: use 402.
      res.writeHead(402, { 'content-type': 'application/json', 'request-id': rid('req') });
      return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Simulated Stripe failure' } }));
    }
    const replayed = req.method === 'POST' && idempotencyKey ? answered.get(idempotencyKey) : undefined;
    if (replayed) {
      res.writeHead(replayed.status, {
        'content-type': 'application/json',
        'request-id': rid('req'),
        'idempotent-replayed': 'true',
      });
      return res.end(JSON.stringify(replayed.payload));
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      // As Stripe does: expires_at between 30 minutes and 24 hours after the session's creation.
      const expiresAt = Number(params.get('expires_at'));
      if (params.has('expires_at') && !stripeAcceptsExpiry(new Date(), new Date(expiresAt * 1000))) {
        const late = expiresAt * 1000 > Date.now() + 60 * 60_000;
        return send(400, {
          error: {
            type: 'invalid_request_error',
            param: 'expires_at',
            message: late
              ? 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.'
              : 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
          },
        });
      }
      const id = rid('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
        currency: 'gbp',
        client_reference_id: params.get('client_reference_id'),
        metadata: Object.fromEntries(
          [...params].flatMap(([k, v]) => {
            const m = /^metadata\[(.+)\]$/.exec(k);
            return m ? [[m[1]!, v]] : [];
          }),
        ),
        customer: params.get('customer'),
        // Stripe's own default when none is asked for (a no-show fee's payment link): a day from now.
        expires_at: params.has('expires_at')
          ? Number(params.get('expires_at'))
          : Math.floor(Date.now() / 1000) + 24 * 3600,
        success_url: params.get('success_url'),
        cancel_url: params.get('cancel_url'),
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (session && session.status !== 'open') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          },
        });
      }
      if (session) session.status = 'expired';
      return send(200, session ?? { id: expire[1], object: 'checkout.session', status: 'expired' });
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]!);
      return session
        ? send(200, session)
        : send(404, {
            error: { type: 'invalid_request_error', message: `No such checkout.session: '${retrieve[1]}'` },
          });
    }
    const intent = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (req.method === 'GET' && intent) {
      const found = intents.get(intent[1]!);
      return found
        ? send(200, found)
        : send(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${intent[1]}'` } });
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      // An off-session charge to a saved card, answered as Stripe answers its test cards.
      const pm = params.get('payment_method') ?? '';
      const created = {
        id: rid('pi'),
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        currency: params.get('currency'),
        customer: params.get('customer'),
        payment_method: pm,
        metadata: Object.fromEntries(
          [...params].flatMap(([k, v]) => {
            const m = /^metadata\[(.+)\]$/.exec(k);
            return m ? [[m[1]!, v]] : [];
          }),
        ),
        status: 'succeeded',
        last_payment_error: null as null | Record<string, unknown>,
      };
      paymentIntents.push(created);
      if (pm === 'pm_card_authenticationRequired' || pm === 'pm_card_chargeDeclined') {
        const code = pm === 'pm_card_chargeDeclined' ? 'card_declined' : 'authentication_required';
        const message =
          code === 'card_declined'
            ? 'Your card was declined.'
            : 'This payment requires authentication; the customer must complete it on session.';
        const failure = {
          type: 'card_error',
          code,
          message,
          ...(code === 'card_declined' ? { decline_code: 'generic_decline' } : {}),
        };
        Object.assign(created, { status: 'requires_payment_method', last_payment_error: failure });
        return send(402, { error: { ...failure, payment_intent: created } });
      }
      return send(200, created);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const pi = params.get('payment_intent') ?? '';
      const metadata = Object.fromEntries(
        [...params].flatMap(([k, v]) => {
          const m = /^metadata\[(.+)\]$/.exec(k);
          return m ? [[m[1]!, v]] : [];
        }),
      );
      const taken = refunds
        .filter((r) => r.payment_intent === pi && r.status !== 'failed' && r.status !== 'canceled')
        .reduce((sum, r) => sum + Number(r.amount), 0);
      // As Stripe does: a charge refunded in full takes no more refunds.
      const paid = paidOn(pi);
      if (paid > 0 && taken >= paid) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${chargeFor(pi)} has already been refunded.`,
          },
        });
      }
      return send(200, makeRefund(pi, Number(params.get('amount')), metadata));
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const pi = url.searchParams.get('payment_intent');
      const charge = url.searchParams.get('charge');
      const data = refunds
        .filter((r) => (pi ? r.payment_intent === pi : true) && (charge ? r.charge === charge : true))
        .reverse();
      return send(200, { object: 'list', url: '/v1/refunds', has_more: false, data });
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    failNext(count = 1) {
      failures = count;
    },
    pay(sessionId, paymentIntent, paymentMethod = 'pm_card_visa') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const customer = (session.customer as string | null) ?? rid('cus');
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, customer });
      intents.set(paymentIntent, {
        id: paymentIntent,
        object: 'payment_intent',
        status: 'succeeded',
        amount: session.amount_total,
        customer,
        payment_method: paymentMethod,
      });
    },
    paymentIntents,
    dashboardRefund(paymentIntent, amount) {
      return makeRefund(paymentIntent, amount, {});
    },
    failRefund(refundId, reason = 'expired_or_canceled_card') {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      Object.assign(refund, { status: 'failed', failure_reason: reason });
      return refund;
    },
    chargeOf(paymentIntent) {
      const mine = refunds.filter((r) => r.payment_intent === paymentIntent);
      const paid = paidOn(paymentIntent);
      const refunded = mine
        .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
        .reduce((sum, r) => sum + Number(r.amount), 0);
      return {
        id: chargeFor(paymentIntent),
        object: 'charge',
        amount: paid,
        amount_refunded: refunded,
        refunded: paid > 0 && refunded >= paid,
        payment_intent: paymentIntent,
        currency: 'gbp',
      };
    },
    refunds,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Any event as Stripe sends it (a refund, a charge, a dispute), signed by the SDK's own test helper. */
export function signedObjectEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id = rid('evt'),
): { body: string; signature: string } {
  const body = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

/** A Checkout session event as Stripe sends it, with a signature made by the SDK's own test helper. */
export function signedEvent(
  secret: string,
  type: string,
  session: Record<string, unknown>,
  id = rid('evt'),
): { body: string; signature: string } {
  return signedObjectEvent(secret, type, { object: 'checkout.session', ...session }, id);
}
