import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { NetlifyDev } from '@netlify/dev';
import { startDatabase } from './database.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(PROJECT_ROOT, 'dist');

export interface SiteServerOptions {
  port: number;
  /** Where the embedded database keeps its files; omit for an in-memory database. */
  dbDirectory?: string;
  /** Seed the demo business on an empty database. */
  seed?: boolean;
  quiet?: boolean;
}

export interface SiteServer {
  url: string;
  dbUrl: string;
  seeded: string[];
  /** Lines a seeder asked to print once (e.g. a demo credential). */
  notes: string[];
  applied: string[];
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  readonly port: number;
  constructor(port: number) {
    super(`Port ${port} is already in use: stop the other server or set PORT to a free port (e.g. PORT=8899 npm start).`);
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
  let markReady!: (dev: NetlifyDev, notFoundPage: Buffer) => void;
  const ready = new Promise<[NetlifyDev, Buffer]>((resolve) => {
    markReady = (dev, page) => resolve([dev, page]);
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    ready
      .then(([dev, notFoundPage]) => handle(dev, notFoundPage, req, res))
      .catch((error: unknown) => {
        console.error(`${req.method} ${req.url} failed:`, error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }));
      });
  });
  // Listen first, so a port in use is reported before anything slow starts.
  await listen(server, options.port);

  const database = await startDatabase({ ...(options.dbDirectory ? { directory: options.dbDirectory } : {}), quiet: true })
    .catch(async (error) => {
      server.close();
      throw error;
    });
  let seeded: string[] = [];
  let notes: string[] = [];
  let dev: NetlifyDev | undefined;
  try {
    if (options.seed !== false) {
      const { seedDemoBusiness } = await import('../../src/server/seed.ts');
      ({ seeded, notes } = await seedDemoBusiness());
      const { closeDb } = await import('../../src/server/db.ts');
      await closeDb();
    }
    dev = new NetlifyDev({
      projectRoot: PROJECT_ROOT,
      // We run the database ourselves (above) to control where it lives and to report migrations.
      database: { enabled: false },
      edgeFunctions: { enabled: false },
      aiGateway: { enabled: false },
      geolocation: { enabled: false },
      images: { enabled: false },
      blobs: { enabled: false },
      skipGitignore: true,
      logger: { log: () => undefined, warn: (m: string) => log('[netlify]', m), error: (m: string) => console.error('[netlify]', m) } as never,
    });
    await dev.start();
    // The emulation bundles the functions on the first call to any of them (seconds on a small
    // machine). Do it now, so "ready" means ready and the first visitor's prices are not late.
    const warm = await dev.handle(new Request(`http://localhost:${options.port}/v1.0.1/cms/booking-types`));
    await warm?.arrayBuffer();
  } catch (error) {
    server.close();
    await dev?.stop().catch(() => undefined);
    await database.db.stop().catch(() => undefined);
    throw error;
  }
  const notFoundPage = await readFile(path.join(DIST, '404.html')).catch(() => Buffer.from('<h1>Page not found</h1>'));

  markReady(dev, notFoundPage);

  const url = `http://localhost:${options.port}`;
  let stopped = false;
  return {
    url,
    dbUrl: database.url,
    seeded,
    notes,
    applied: database.applied,
    async stop() {
      if (stopped) return;
      stopped = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dev!.stop().catch(() => undefined);
      await database.db.stop().catch(() => undefined);
    },
  };
}

async function handle(dev: NetlifyDev, notFoundPage: Buffer, req: IncomingMessage, res: ServerResponse) {
  const match = await dev.handleAndIntrospectNodeRequest(req);
  if (!match) {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : notFoundPage);
    return;
  }
  const { response } = match;
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
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
