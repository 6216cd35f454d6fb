import type { z } from 'zod';

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
  constructor(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.extra = extra;
    this.headers = headers;
  }
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
};

export function json(body: unknown, init: ResponseInit & { cache?: string } = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(JSON_HEADERS)) if (!headers.has(k)) headers.set(k, v);
  headers.set('cache-control', init.cache ?? headers.get('cache-control') ?? 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorResponse(status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return json({ error, ...extra }, { status, headers });
}

/** Reads the body as text, refusing more than `limit` bytes without buffering it all. */
export async function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes`);
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
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S, limit = MAX_BODY_BYTES): Promise<z.infer<S>> {
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

export function describeIssues(error: z.ZodError): string {
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
 * Wraps a handler: only the listed methods, HttpErrors become their status, anything else is
 * logged and answered 500 without a stack trace. Bad input must never reach the last branch.
 */
export function endpoint(methods: readonly string[], handler: Handler): Handler {
  // HEAD is answered wherever GET is, as HTTP expects (uptime checks and crawlers use it).
  const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : [...methods];
  const allow = [...allowed, 'OPTIONS'].join(', ');
  return async (req, context) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
    if (!allowed.includes(req.method)) {
      return json({ error: `Method ${req.method} not allowed` }, { status: 405, headers: { allow } });
    }
    try {
      const response = await handler(req, context);
      return req.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message, error.extra, error.headers);
      console.error(`${req.method} ${new URL(req.url).pathname} failed:`, error);
      return errorResponse(500, 'Something went wrong on our side. Please try again.');
    }
  };
}
