import type { z } from 'zod';
import { env } from './env.ts';

/**
 * The transport helpers every function uses: JSON answers, `{ "error": "…" }` for failures,
 * bounded bodies and schema validation. Nothing here knows about the business.
 */
export const MAX_BODY_BYTES = 16 * 1024;

export class HttpError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  /** Headers of the answer, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.extra = extra;
    this.headers = headers;
  }
}

/**
 * The security headers of every API answer, set by `endpoint()` whatever the handler answered
 * (errors, 405, OPTIONS, the calendar file). The same values as the `/*` rule of netlify.toml, which
 * Netlify applies to files but not to functions (checked by http.test.ts); the policy is the
 * smallest one, since an API answer is never a page (docs/decisions/048-security-headers-and-csp.md).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export const CROSS_SITE_REFUSED =
  'This request came from another website, so we refused it. Please use the forms on our own website.';
export const JSON_ONLY = 'The request body must be JSON, sent with Content-Type: application/json.';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF: a browser says where a request comes from (`Sec-Fetch-Site`, `Origin`), and a page on
 * another site cannot hide it. Refused: `Sec-Fetch-Site: cross-site`, and an `Origin` that is
 * neither the request's own nor the site's public address (`URL`). A request with neither header
 * did not come from a browser (curl, Stripe's webhook): it carries nothing of a visitor's that a
 * forger could borrow, and it could send any Origin it liked, so refusing it would protect nothing
 * (docs/decisions/049-csrf-json-and-origin.md).
 */
export function assertSameOrigin(req: Request): void {
  if (req.headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') {
    throw new HttpError(403, CROSS_SITE_REFUSED, { code: 'cross_site' });
  }
  const origin = req.headers.get('origin');
  if (origin === null) return;
  const own = new Set([new URL(req.url).origin, originOf(env().URL)]);
  const from = originOf(origin.trim());
  if (from === null || from === 'null' || !own.has(from))
    throw new HttpError(403, CROSS_SITE_REFUSED, { code: 'cross_site' });
}

/**
 * Only `application/json` (a charset, if named, must be UTF-8): the types an HTML form can send
 * (text/plain, form encodings) are refused before the body is read, and a cross-site `fetch` with
 * JSON needs a CORS preflight that this API never grants.
 */
export function assertJsonContentType(req: Request): void {
  const [essence = '', ...parameters] = (req.headers.get('content-type') ?? '').split(';');
  if (essence.trim().toLowerCase() !== 'application/json')
    throw new HttpError(415, JSON_ONLY, { code: 'unsupported_media_type' });
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=').map((part) => part.trim().toLowerCase());
    if (name === 'charset' && value.replace(/^"|"$/g, '') !== 'utf-8') {
      throw new HttpError(415, JSON_ONLY, { code: 'unsupported_media_type' });
    }
  }
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
};

/**
 * Netlify's `context.waitUntil`, bound to its context: work that may finish after the answer (messages
 * sent now, a rebuild asked for). Undefined where the platform has none (tests, a plain server): the
 * caller then awaits the work before answering.
 */
export function afterAnswer(context: unknown): ((work: Promise<unknown>) => void) | undefined {
  const waitUntil = (context as { waitUntil?: unknown } | null | undefined)?.waitUntil;
  return typeof waitUntil === 'function' ? (work) => void waitUntil.call(context, work) : undefined;
}

export function json(body: unknown, init: ResponseInit & { cache?: string } = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(JSON_HEADERS)) if (!headers.has(k)) headers.set(k, v);
  headers.set('cache-control', init.cache ?? headers.get('cache-control') ?? 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorResponse(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return json({ error, ...extra }, { status, headers });
}

/** Reads the body as text, refusing more than `limit` bytes without buffering it all. */
export async function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit)
    throw new HttpError(413, `Request body is larger than ${limit} bytes`);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, `Request body is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'Request body is not valid UTF-8');
  }
}

/** Parses a JSON body against `schema`; every failure is a 4xx HttpError with a readable message. */
export async function parseJsonBody<S extends z.ZodType>(
  req: Request,
  schema: S,
  limit = MAX_BODY_BYTES,
): Promise<z.infer<S>> {
  assertJsonContentType(req);
  const text = await readBody(req, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  return parseWith(schema, value);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}

export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Parses the query string against `schema` (values as strings). */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams);
  return parseWith(schema, params);
}

type Handler = (req: Request, context?: unknown) => Promise<Response> | Response;

/**
 * Wraps a handler: only the listed methods, a state-changing method only from our own pages,
 * HttpErrors become their status, anything else is logged and answered 500 without a stack trace.
 * Bad input must never reach the last branch. Every answer leaves with the security headers.
 */
export function endpoint(methods: readonly string[], handler: Handler): Handler {
  // HEAD is answered wherever GET is, as HTTP expects (uptime checks and crawlers use it).
  const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : [...methods];
  const allow = [...allowed, 'OPTIONS'].join(', ');
  const answer = async (req: Request, context?: unknown): Promise<Response> => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
    if (!allowed.includes(req.method)) {
      return json({ error: `Method ${req.method} not allowed` }, { status: 405, headers: { allow } });
    }
    try {
      if (UNSAFE_METHODS.has(req.method)) assertSameOrigin(req);
      const response = await handler(req, context);
      return req.method === 'HEAD'
        ? new Response(null, { status: response.status, headers: response.headers })
        : response;
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message, error.extra, error.headers);
      console.error(`${req.method} ${new URL(req.url).pathname} failed:`, error);
      return errorResponse(500, 'Something went wrong on our side. Please try again.');
    }
  };
  return async (req, context) => withSecurityHeaders(await answer(req, context));
}
