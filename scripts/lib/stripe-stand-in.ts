import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { signedEvent, startFakeStripe, type FakeStripe } from '../../tests/helpers/fake-stripe.ts';

/**
 * Stripe for `npm start` without Stripe keys: the fake Stripe API the tests use (tests/helpers/
 * fake-stripe.ts, Checkout sessions, expiry, refunds), behind a small server that also serves the
 * hosted Checkout page. The page says plainly that it is a stand-in. "Pay" completes the session,
 * sends the site the signed `checkout.session.completed` webhook Stripe would send, and returns
 * the customer to the site's success page; "Back" returns to the cancel page. Real test keys
 * replace it (docs/decisions/066-schedules-run-locally.md).
 */
export interface StripeStandIn {
  /** The API base the site's Stripe SDK is pointed at (STRIPE_API_BASE). */
  base: string;
  /** The key and signing secret the site is given; they mean nothing outside this machine. */
  secretKey: string;
  webhookSecret: string;
  fake: FakeStripe;
  close(): Promise<void>;
}

export interface StripeStandInOptions {
  /** The site's webhook endpoint, `<site>/v1.0.1/payments/stripe-webhook`. */
  webhookUrl: string;
  log?: (line: string) => void;
}

interface CheckoutDetails {
  name: string;
  description: string;
  email: string;
}

type Session = {
  id: string;
  status: string;
  payment_status: string;
  amount_total: number;
  currency: string;
  expires_at: number;
  success_url: string;
  cancel_url: string;
} & Record<string, unknown>;

const STRIPE_PAGE = /^https:\/\/checkout\.stripe\.com\/c\/pay\/(cs_[A-Za-z0-9_]+)$/;

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const fake = await startFakeStripe();
  const webhookSecret = `whsec_standin_${randomBytes(16).toString('hex')}`;
  const log = options.log ?? ((line: string) => console.log(line));
  const details = new Map<string, CheckoutDetails>();
  let base = '';

  async function session(id: string): Promise<Session | null> {
    const response = await fetch(`${fake.base}/v1/checkout/sessions/${encodeURIComponent(id)}`);
    return response.ok ? ((await response.json()) as Session) : null;
  }

  /** Stripe's API, answered by the fake; Checkout pages point here instead of checkout.stripe.com. */
  async function proxy(req: IncomingMessage, res: ServerResponse, body: string) {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'idempotency-key', 'stripe-version']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(`${fake.base}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
    });
    let text = await answer.text();
    try {
      const payload = JSON.parse(text) as Record<string, unknown>;
      if (payload.object === 'checkout.session' && typeof payload.url === 'string') {
        const id = STRIPE_PAGE.exec(payload.url)?.[1];
        if (id) payload.url = `${base}/checkout/${id}`;
        if (id && req.method === 'POST') {
          const params = new URLSearchParams(body);
          details.set(id, {
            name: params.get('line_items[0][price_data][product_data][name]') ?? 'Payment',
            description: params.get('line_items[0][price_data][product_data][description]') ?? '',
            email: params.get('customer_email') ?? '',
          });
        }
        text = JSON.stringify(payload);
      }
    } catch {
      // Not JSON: passed on as it is.
    }
    const out: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' };
    const requestId = answer.headers.get('request-id');
    if (requestId) out['request-id'] = requestId;
    res.writeHead(answer.status, out).end(text);
  }

  async function pay(id: string, res: ServerResponse) {
    const current = await session(id);
    if (!current) return page(res, 404, notFoundPage());
    if (current.status !== 'open' || current.expires_at * 1000 < Date.now()) {
      return page(res, 410, closedPage(current));
    }
    const paymentIntent = `pi_standin_${randomBytes(12).toString('hex')}`;
    fake.pay(id, paymentIntent);
    const paid = (await session(id))!;
    // As Stripe does, the site hears of the payment by its webhook; sent before the customer is
    // returned, so the success page finds the deposit paid rather than waiting for it.
    const event = signedEvent(webhookSecret, 'checkout.session.completed', paid);
    try {
      const answer = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.body,
      });
      const text = await answer.text();
      if (!answer.ok) log(`Stripe stand-in: the site answered the webhook for ${id} with ${answer.status}: ${text}`);
    } catch (error) {
      log(
        `Stripe stand-in: the webhook for ${id} could not be sent: ${error instanceof Error ? error.message : error}`,
      );
    }
    res.writeHead(303, { location: current.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id) }).end();
  }

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const checkout = /^\/checkout\/(cs_[A-Za-z0-9_]+)(\/pay|\/back)?$/.exec(url.pathname);
      const handle = async () => {
        if (!checkout) return proxy(req, res, body);
        const [, id, action] = checkout as unknown as [string, string, string | undefined];
        if (action === '/pay' && req.method === 'POST') return pay(id, res);
        const current = await session(id);
        if (!current) return page(res, 404, notFoundPage());
        if (action === '/back') {
          return res.writeHead(303, { location: current.cancel_url.replaceAll('{CHECKOUT_SESSION_ID}', id) }).end();
        }
        if (current.status !== 'open' || current.expires_at * 1000 < Date.now()) {
          return page(res, 410, closedPage(current));
        }
        page(res, 200, checkoutPage(current, details.get(id)));
      };
      handle().catch((error: unknown) => {
        log(`Stripe stand-in: ${req.method} ${req.url} failed: ${error instanceof Error ? error.message : error}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('The Stripe stand-in failed; see the server log.');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    secretKey: 'sk_test_standin',
    webhookSecret,
    fake,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fake.close();
    },
  };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

function page(res: ServerResponse, status: number, html: string) {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // No form-action: browsers apply it to the redirect after Pay too, which leaves for the site.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-robots-tag': 'noindex',
    })
    .end(html);
}

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Stripe stand-in</title>
<style>
  body { margin: 0; font: 17px/1.5 system-ui, sans-serif; color: #1d2430; background: #fbf6ee; }
  .banner { background: #1d2430; color: #fff; padding: 12px 20px; font-weight: 600; }
  main { max-width: 28rem; margin: 32px auto; padding: 24px; background: #fff; border-radius: 14px; }
  h1 { font-size: 1.35rem; margin: 0 0 8px; }
  .amount { font-size: 2rem; font-weight: 700; margin: 8px 0 16px; }
  .muted { color: #4a5361; }
  button { font: inherit; font-weight: 600; width: 100%; min-height: 48px; border: 0; border-radius: 12px;
    background: #b8431c; color: #fff; cursor: pointer; margin-top: 16px; }
  a { color: #0f5563; display: inline-block; min-height: 44px; line-height: 44px; margin-top: 8px; }
</style>
</head>
<body>
<div class="banner" role="note">Stripe stand-in — no real card, no real money</div>
<main>
${main}
</main>
</body>
</html>
`;
}

function checkoutPage(session: Session, details: CheckoutDetails | undefined): string {
  const amount = pounds(session.amount_total);
  return layout(
    details?.name ?? 'Payment',
    `<h1>${escape(details?.name ?? 'Payment')}</h1>
${details?.description ? `<p class="muted">${escape(details.description)}</p>` : ''}
<p class="amount">${amount}</p>
<p>This page stands in for Stripe's payment page while the site runs on this computer. Nothing is
charged: pressing Pay tells the site the deposit is paid, as Stripe would, and takes you back to it.</p>
${details?.email ? `<p class="muted">Receipt to ${escape(details.email)}</p>` : ''}
<form method="post" action="/checkout/${escape(session.id)}/pay">
<button type="submit">Pay ${amount}</button>
</form>
<a href="/checkout/${escape(session.id)}/back">Back</a>`,
  );
}

function closedPage(session: Session): string {
  const paid = session.status === 'complete';
  return layout(
    paid ? 'Already paid' : 'Payment page closed',
    `<h1>${paid ? 'This deposit is already paid' : 'This payment page has closed'}</h1>
<p>${paid ? 'Nothing more to pay here.' : 'The time held for this booking has run out. Book again to choose a time.'}</p>
<a href="${escape((paid ? session.success_url : session.cancel_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Back</a>`,
  );
}

function notFoundPage(): string {
  return layout('Not found', '<h1>No such payment page</h1><p>The link may be from an earlier run of the site.</p>');
}
