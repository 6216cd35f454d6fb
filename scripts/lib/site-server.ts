import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { startDatabase } from './database.ts';
import { createLocalFunctions, type LocalFunctions } from './local-functions.ts';
import { clientAddress, requestUrl, sendWebResponse, toWebRequest } from './node-http.ts';
import { describeSchedules, startScheduler, type Scheduler } from './scheduler.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(PROJECT_ROOT, 'dist');
export const FUNCTIONS_DIR = path.join(PROJECT_ROOT, 'netlify/functions');

/**
 * How the local server runs `netlify/functions`: in this process (the default, milliseconds a call),
 * or through the stock Netlify emulation (`LOCAL_FUNCTIONS=emulation`: each call rebuilt and run in
 * a fresh worker, seconds a call). docs/decisions/003-local-server.md.
 */
export function functionsMode(env: NodeJS.ProcessEnv = process.env): 'in-process' | 'emulation' {
  const mode = env.LOCAL_FUNCTIONS || 'in-process';
  if (mode !== 'in-process' && mode !== 'emulation') {
    throw new Error(`LOCAL_FUNCTIONS must be "in-process" or "emulation", not "${mode}"`);
  }
  return mode;
}

export interface SiteServerOptions {
  port: number;
  /** Where the embedded database keeps its files; omit for an in-memory database. */
  dbDirectory?: string;
  /** Seed the demo business on an empty database. */
  seed?: boolean;
  /** 'living': the demo business with weeks of customers, bookings and takings (`npm start`, decision 074). */
  demo?: 'staff' | 'living';
  quiet?: boolean;
  /**
   * Run the scheduled functions on their schedules, as Netlify's scheduler does (`npm start`). Off
   * for the end-to-end server and the tests, so what they see never depends on the minute.
   */
  schedules?: boolean;
  /**
   * Without STRIPE_SECRET_KEY, take deposits through a local Stripe stand-in (`npm start`), and give
   * a new database a demo deposit so the payment step shows. Real keys win: then it is not started.
   */
  stripeStandIn?: boolean;
}

export interface SiteServer {
  url: string;
  dbUrl: string;
  seeded: string[];
  /** Lines a seeder asked to print once (e.g. a demo credential). */
  notes: string[];
  applied: string[];
  /** The scheduled functions now running on their schedules, each as `name (cron)`; empty when off. */
  schedules: string;
  /** Where deposits are paid when the Stripe stand-in runs, and the demo deposit it set, if any. */
  stripeStandIn?: { base: string; demoDeposit: string | null; depositSet: boolean };
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  readonly port: number;
  constructor(port: number) {
    super(
      `Port ${port} is already in use: stop the other server or set PORT to a free port (e.g. PORT=8899 npm start).`,
    );
    this.name = 'PortInUseError';
    this.port = port;
  }
}

/**
 * The site as Netlify serves it, on this machine: the built pages in `dist/`, `netlify.toml`
 * redirects and headers, `netlify/functions/*`, and Netlify Database on the embedded PGlite.
 * `npm start` and the end-to-end tests both run this.
 */
export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const log = options.quiet ? () => undefined : (...m: unknown[]) => console.log(...m);
  const server = createServer();
  // Requests that arrive while the database and emulation start wait for them, rather than hang.
  let markReady!: (chain: RequestChain) => void;
  const ready = new Promise<RequestChain>((resolve) => {
    markReady = resolve;
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    ready
      .then((chain) => handle(chain, req, res))
      .catch((error: unknown) => {
        console.error(`${req.method} ${req.url} failed:`, error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }));
      });
  });
  // Listen first, so a port in use is reported before anything slow starts.
  await listen(server, options.port);
  const url = `http://localhost:${options.port}`;
  // As `netlify dev` does: links the functions write (payment returns, messages) point at this server.
  process.env.URL ||= url;
  const mode = functionsMode();
  // Set before anything reads the environment (src/server/env.ts reads it once).
  const standIn =
    options.stripeStandIn && !process.env.STRIPE_SECRET_KEY
      ? await startStripeStandIn({ webhookUrl: `${url}/v1.0.1/payments/stripe-webhook` })
      : undefined;
  if (standIn) {
    process.env.STRIPE_SECRET_KEY = standIn.secretKey;
    process.env.STRIPE_WEBHOOK_SECRET = standIn.webhookSecret;
    process.env.STRIPE_API_BASE = standIn.base;
  }
  const freshDatabase = !options.dbDirectory || !existsSync(options.dbDirectory);

  const database = await startDatabase({
    ...(options.dbDirectory ? { directory: options.dbDirectory } : {}),
    quiet: true,
  }).catch(async (error) => {
    server.close();
    await standIn?.close();
    throw error;
  });
  let seeded: string[] = [];
  let notes: string[] = [];
  let dev: NetlifyDev | undefined;
  let functions: LocalFunctions | undefined;
  let scheduler: Scheduler | undefined;
  let demo = { demoDeposit: null as string | null, depositSet: false };
  try {
    if (options.seed !== false) {
      const { seedDemoBusiness } = await import('../../src/server/seed.ts');
      ({ seeded, notes } = await seedDemoBusiness({ living: options.demo === 'living' }));
    }
    if (standIn) demo = await offerDemoDeposit(freshDatabase);
    dev = new NetlifyDev({
      projectRoot: PROJECT_ROOT,
      // We run the database ourselves (above) to control where it lives and to report migrations.
      database: { enabled: false },
      functions: { enabled: mode === 'emulation' },
      edgeFunctions: { enabled: false },
      aiGateway: { enabled: false },
      geolocation: { enabled: false },
      images: { enabled: false },
      // Breed pictures live in Netlify Blobs: NetlifyDev's local Blobs server (in .netlify/blobs-serve)
      // and the NETLIFY_BLOBS_CONTEXT it sets for this process, which the in-process functions read.
      blobs: { enabled: true },
      skipGitignore: true,
      logger: {
        log: () => undefined,
        warn: (m: string) => log('[netlify]', m),
        error: (m: string) => console.error('[netlify]', m),
      } as never,
    });
    await dev.start();
    if (mode === 'in-process') {
      functions = await createLocalFunctions({ directory: FUNCTIONS_DIR, siteUrl: url });
      // Import every function now, so "ready" means ready and the first visitor's prices are not late.
      await functions.warm();
      if (options.schedules) scheduler = startScheduler({ functions });
    } else {
      // The emulation bundles the functions on the first call to any of them (seconds on a small machine).
      const warm = await dev.handle(new Request(`${url}/v1.0.1/cms/booking-types`));
      await warm?.arrayBuffer();
    }
  } catch (error) {
    server.close();
    await standIn?.close();
    await dev?.stop().catch(() => undefined);
    await database.db.stop().catch(() => undefined);
    throw error;
  }
  const notFoundPage = await readFile(path.join(DIST, '404.html')).catch(() => Buffer.from('<h1>Page not found</h1>'));

  markReady({ dev, functions, notFoundPage, host: `localhost:${options.port}` });

  let stopped = false;
  return {
    url,
    dbUrl: database.url,
    seeded,
    notes,
    applied: database.applied,
    schedules: scheduler && functions ? describeSchedules(functions.functions) : '',
    ...(standIn ? { stripeStandIn: { base: standIn.base, ...demo } } : {}),
    async stop() {
      if (stopped) return;
      stopped = true;
      await scheduler?.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await functions?.drain();
      // The functions' pool first, so its connections end before the database does.
      const { closeDb } = await import('../../src/server/db.ts');
      await closeDb();
      await dev!.stop().catch(() => undefined);
      await database.db.stop().catch(() => undefined);
      await standIn?.close();
    },
  };
}

/**
 * The demo business takes no deposit, so the payment step would never show. A database this start
 * created gets one (staff change it in /management/settings); an older one is left as staff set it.
 */
async function offerDemoDeposit(freshDatabase: boolean): Promise<{ demoDeposit: string | null; depositSet: boolean }> {
  const { transaction } = await import('../../src/server/db.ts');
  const { loadBookingSettings, updateBookingSettings } = await import('../../src/server/settings.ts');
  const { DEMO_DEPOSIT_PENCE } = await import('../../src/server/seeds/demo-deposit.ts');
  const { formatPence } = await import('../../src/domain/money.ts');
  return transaction(async (tx) => {
    const { deposit } = await loadBookingSettings(tx);
    if (deposit.kind !== 'none') return { demoDeposit: null, depositSet: true };
    if (!freshDatabase) return { demoDeposit: null, depositSet: false };
    await updateBookingSettings(tx, { deposit: { kind: 'fixed', pence: DEMO_DEPOSIT_PENCE } });
    return { demoDeposit: formatPence(DEMO_DEPOSIT_PENCE), depositSet: true };
  });
}

interface RequestChain {
  dev: NetlifyDev;
  functions: LocalFunctions | undefined;
  notFoundPage: Buffer;
  host: string;
}

/**
 * Netlify's order: a function whose path matches answers first (unless it prefers static files),
 * then NetlifyDev's redirects, static files and headers; nothing matched is the 404 page.
 */
async function handle(chain: RequestChain, req: IncomingMessage, res: ServerResponse) {
  const method = req.method ?? 'GET';
  const url = requestUrl(req, chain.host);
  if (!url) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request');
    return;
  }
  // A path that starts with `//` reads as an address on another host to URL parsers (NetlifyDev's
  // threw `Invalid URL` on it and the answer was a bare 500): no page or function has one, so it is
  // the 404 page, with its headers, like any other unknown path.
  if (url.pathname.startsWith('//')) return notFound(chain, url, res, method);
  const fn = chain.functions?.match(url, method);
  if (fn && !fn.preferStatic) {
    await sendWebResponse(
      await chain.functions!.invoke(fn, toWebRequest(req, url), { ip: clientAddress(req) }),
      res,
      method,
    );
    return;
  }
  const match = await chain.dev.handleAndIntrospectNodeRequest(req);
  if (match && (!fn || match.type === 'static')) {
    await sendWebResponse(match.response, res, method);
    return;
  }
  if (fn) {
    await sendWebResponse(
      await chain.functions!.invoke(fn, toWebRequest(req, url), { ip: clientAddress(req) }),
      res,
      method,
    );
    return;
  }
  await notFound(chain, url, res, method);
}

/**
 * The built 404 page with the headers Netlify's rules give it (netlify.toml, dist/_headers), as
 * Netlify applies its `/*` headers to the 404 page too.
 */
async function notFound(chain: RequestChain, url: URL, res: ServerResponse, method: string) {
  const page = await chain.dev.handle(new Request(new URL('/404.html', url)));
  if (page?.ok) {
    const headers = new Headers(page.headers);
    headers.set('cache-control', 'no-store');
    await sendWebResponse(new Response(page.body, { status: 404, headers }), res, method);
    return;
  }
  await page?.body?.cancel();
  res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(method === 'HEAD' ? undefined : chain.notFoundPage);
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    };
    server.once('error', onError);
    server.listen(port, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
