import { createServer, request } from 'node:http';
import { createBrotliCompress, createGzip } from 'node:zlib';
import { freePort } from './free-port.ts';

/**
 * What `npm run bench:pages` needs around the local server to measure a page as Netlify serves it
 * and as a signed-in member of staff sees it: compressed answers, and cookies set in the browser
 * Lighthouse drives.
 */

/** Text Netlify's CDN compresses: pages, scripts, styles, JSON answers, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|rss\+xml)|image\/svg\+xml)/;

/**
 * A proxy in front of `target` that compresses text as Netlify's CDN does (Brotli when the browser
 * takes it, else gzip): the local server sends everything uncompressed, and Lighthouse's simulated
 * phone would then spend seconds downloading what a visitor gets in a fraction of that. The Host
 * header passes through, so the site sees the address the browser used.
 */
export async function startCompressingProxy(target: string): Promise<{ url: string; stop(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        const accepts = String(req.headers['accept-encoding'] ?? '');
        const encoding =
          answer.headers['content-encoding'] || !COMPRESSIBLE.test(type) || req.method === 'HEAD'
            ? null
            : /\bbr\b/.test(accepts)
              ? 'br'
              : /\bgzip\b/.test(accepts)
                ? 'gzip'
                : null;
        const headers = { ...answer.headers };
        if (encoding) {
          delete headers['content-length'];
          headers['content-encoding'] = encoding;
          headers.vary = 'Accept-Encoding';
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        (encoding ? answer.pipe(encoding === 'br' ? createBrotliCompress() : createGzip()) : answer).pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface BrowserCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax';
}

/**
 * Replaces every cookie of the browser at `debuggingPort` with `cookies` for `url`'s host, through
 * the DevTools protocol (Node's own WebSocket): Lighthouse clears a page's caches and storage but not
 * its cookies, so a staff page is measured signed in as the sign-in leaves it (decision 071: an
 * HttpOnly auth_key and the readable staff_signed_in marker), and signed out with none.
 */
export async function setBrowserCookies(debuggingPort: number, url: string, cookies: BrowserCookie[]): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  const send = (method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      const id = ++next;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id !== id) return;
        socket.removeEventListener('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve();
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Storage.clearCookies', {});
    const { hostname } = new URL(url);
    if (cookies.length)
      await send('Storage.setCookies', {
        cookies: cookies.map((c) => ({ path: '/', domain: hostname, sameSite: 'Lax', ...c })),
      });
  } finally {
    socket.close();
  }
}
