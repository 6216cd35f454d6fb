import { API_PREFIX, pathTo, type ApiRoute, type ParamsOf } from '../domain/api-route.ts';
import { COOKIE_NAMES, getCookie } from './cookies.ts';
import { buildHeaders } from './headers.ts';
import { statisticsAllowed } from './privacy.ts';
import { currentClickIds, ensureLandingPage, sessionId, visitorId } from './session.ts';
import { headers as storedHeaders } from './store.ts';

/**
 * The one client of the /v1.0.1 API (contract §7): the visitor headers on every call, a timeout per call,
 * the answer read as content and status, and every failure as `{ data: null, error, status }` instead
 * of a thrown error. Status 0 means the request never got an answer (network error, timeout, abort).
 */
export const API_BASE = API_PREFIX;

/** Contract §7/§9 timeouts per call. */
export const AUTH_TIMEOUT_MS = 8000;
export const IDENTIFY_TIMEOUT_MS = 1000;
export const BOOKING_TYPES_TIMEOUT_MS = 2500;
export const PAGE_VIEW_TIMEOUT_MS = 1000;
/** Calls the spec gives no timeout (blog posts, customer auth, booking). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * No answer at all (status 0) or the server's own failure (5xx): the request may never have been
 * handled, so it says nothing about what was asked, and sending it again is safe to offer.
 */
export function noVerdict(status: number): boolean {
  return status === 0 || status >= 500;
}

export interface ApiResult<T> {
  data: T | null;
  error: string | null;
  status: number;
  /** The server's machine-readable reason (`{ code }` of an error answer), e.g. 'slot_taken'. */
  code: string | null;
  /** The whole error answer, for what it carries besides the message (fresh times, tries left). */
  body: unknown;
}

/**
 * What the client asks of a schema: a `safeParse` that never throws. zod and zod/mini schemas both
 * have one, and the client itself loads neither (the caller's schema brings its own).
 */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface ApiOptions<T> {
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs?: number;
  /**
   * Checks a 2xx answer. It may still be loading (a module the page imports on demand): the request
   * goes out at once and the answer waits for the schema, not the other way round.
   */
  schema?: AnswerSchema<T> | PromiseLike<AnswerSchema<T>>;
  signal?: AbortSignal;
}

/** The headers the next request carries. */
export function requestHeaders(): Record<string, string> {
  const statistics = statisticsAllowed();
  return buildHeaders({
    stored: storedHeaders.get(),
    sessionId: statistics ? sessionId() : null,
    landingPage: statistics ? ensureLandingPage() : null,
    visitorId: statistics ? visitorId() : null,
    accessKey: getCookie(COOKIE_NAMES.authKey),
    gclid: statistics ? (currentClickIds().gclid ?? null) : null,
    statistics,
  });
}

async function readContent(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorOf(content: unknown, status: number): string {
  if (content && typeof content === 'object' && 'error' in content && typeof content.error === 'string')
    return content.error;
  return `Request failed with status ${status}`;
}

function codeOf(content: unknown): string | null {
  return content && typeof content === 'object' && 'code' in content && typeof content.code === 'string'
    ? content.code
    : null;
}

const failed = (error: string, status: number, body: unknown = null): ApiResult<never> => ({
  data: null,
  error,
  status,
  code: codeOf(body),
  body,
});

/**
 * A request to `path` (below API_BASE), the one `fetch` of the client; every call goes through the
 * route table with `callApi`. `keepalive` is for events sent as the page unloads (a navigation
 * click): the browser finishes the request after the page has gone.
 */
export async function request<T>(
  path: string,
  options: ApiOptions<T> & { keepalive?: boolean } = {},
): Promise<ApiResult<T>> {
  const {
    method = options.body === undefined ? 'GET' : 'POST',
    body,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    schema,
    signal,
    keepalive,
  } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    const headers = requestHeaders();
    if (body !== undefined) headers['content-type'] = 'application/json';
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: combined,
      keepalive,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timeout.aborted) return failed(`Request timed out after ${timeoutMs} ms`, 0);
    if (signal?.aborted) return failed('Request cancelled', 0);
    return failed(error instanceof Error ? error.message : String(error), 0);
  }
  let content: unknown;
  try {
    content = await readContent(response);
  } catch (error) {
    return failed(
      timeout.aborted
        ? `Request timed out after ${timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error),
      response.status,
    );
  }
  if (!response.ok) return failed(errorOf(content, response.status), response.status, content);
  if (!schema) return { data: content as T, error: null, status: response.status, code: null, body: content };
  let check: AnswerSchema<T>;
  try {
    check = await schema;
  } catch (error) {
    // The schema's module did not load (the connection dropped mid-way): as good as no answer.
    return failed(error instanceof Error ? error.message : String(error), 0);
  }
  const parsed = check.safeParse(content);
  return parsed.success
    ? { data: parsed.data, error: null, status: response.status, code: null, body: content }
    : failed('The server sent an answer we could not read', response.status);
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** A call through the route table: the address built from the route, its parameters and query. */
export type RouteCall<Path extends string, Body, T> = Omit<ApiOptions<T>, 'method' | 'body'> & {
  /** For events sent as the page unloads (a navigation click): the browser finishes the request. */
  keepalive?: boolean;
} & ([ParamsOf<Path>] extends [never] ? { params?: undefined } : { params: Record<ParamsOf<Path>, string> }) &
  (undefined extends Body ? { body?: Body } : Record<never, never> extends Body ? { body?: Body } : { body: Body }) & {
    query?: Query;
  };

/** A call of a route of src/domain/api-routes.ts: the method and address come from the table. */
export function callApi<Path extends string, Body, T>(
  route: ApiRoute<Path, Body>,
  call: RouteCall<Path, Body, T>,
): Promise<ApiResult<T>> {
  const { params, query, body, ...options } = call as RouteCall<string, unknown, T> & {
    params?: Record<string, string>;
  };
  return request<T>(pathTo(route, (params ?? {}) as Record<ParamsOf<Path>, string>, query), {
    ...options,
    method: route.method,
    body: route.method === 'POST' ? (body ?? {}) : undefined,
  });
}
