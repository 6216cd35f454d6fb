import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * The two conversions a local server needs between Node's HTTP objects and the web `Request` and
 * `Response` a function takes and gives, shared by `npm start` and `npm run dev`.
 */

/** The request's URL, or null when its target or Host header cannot make one (answered 400). */
export function requestUrl(req: IncomingMessage, fallbackHost: string): URL | null {
  if (!req.url?.startsWith('/')) return null;
  try {
    return new URL(`http://${req.headers.host ?? fallbackHost}${req.url}`);
  } catch {
    return null;
  }
}

/** The client's address as Netlify reports it (`context.ip`): IPv4 without its IPv6 mapping. */
export function clientAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** A web Request over the Node one; the body is streamed, not buffered. */
export function toWebRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (!name.startsWith(':')) headers.append(name, req.rawHeaders[i + 1]!);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a web Response to the Node one, every Set-Cookie kept. */
export async function sendWebResponse(response: Response, res: ServerResponse, method = 'GET'): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    Readable.fromWeb(response.body as NodeReadableStream)
      .pipe(res)
      .on('finish', resolve)
      .on('close', resolve);
  });
}
