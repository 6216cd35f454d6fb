import { API_HEADERS, PagePayloadSchema } from '../domain/api.ts';
import { hasUnusualCharacters } from '../domain/text.ts';

/**
 * The contract §7 headers every visitor request carries, read defensively. They are context, not the
 * request itself: a value that is too long, malformed or carries control characters is dropped
 * (read as absent) rather than failing the call, so a stale or tampered header can cost a visitor
 * neither a page view nor a price list. Nothing here reads more than a fixed number of characters.
 */
export interface VisitHeaders {
  sessionId: string | null;
  visitorId: string | null;
  landingPage: { url: string; path: string } | null;
  gclid: string | null;
  accessKey: string | null;
  userAgent: string | null;
}

/** Session ids are ours (base64url of 16 to 32 random bytes); anything else names no session. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22,43}$/;
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
// Printable ASCII without spaces, as the client sends it (src/client/headers.ts clickIdsFromSearch).
const CLICK_ID_PATTERN = /^[\x21-\x7e]{1,256}$/;
const MAX_LANDING_PAGE = 3200;
const MAX_USER_AGENT = 512;

function header(req: Request, name: string, max: number, pattern?: RegExp): string | null {
  const value = req.headers.get(name)?.trim();
  // The shared text rule (src/domain/text.ts): what a body may not carry, a header may not either.
  if (!value || value.length > max || hasUnusualCharacters(value)) return null;
  if (pattern && !pattern.test(value)) return null;
  return value;
}

export function readVisitHeaders(req: Request): VisitHeaders {
  const userAgent = req.headers.get('user-agent');
  return {
    sessionId: header(req, API_HEADERS.sessionId, 43, SESSION_ID_PATTERN),
    visitorId: header(req, API_HEADERS.visitorId, 128, VISITOR_ID_PATTERN),
    landingPage: parseLandingPage(header(req, API_HEADERS.landingPage, MAX_LANDING_PAGE)),
    gclid: header(req, API_HEADERS.gclid, 256, CLICK_ID_PATTERN),
    accessKey: header(req, API_HEADERS.accessKey, 128),
    // A user agent is only ever shown to staff as a hint, so a long one is cut rather than lost.
    userAgent: userAgent ? userAgent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_USER_AGENT) || null : null,
  };
}

/** `x-landing-page` is the JSON `{ url, path }` the browser kept for the visit (contract §3 a_landingPage). */
export function parseLandingPage(raw: string | null): { url: string; path: string } | null {
  if (!raw) return null;
  try {
    // Browsers may percent-encode header values; accept both forms.
    const text = raw.startsWith('%7B') || raw.startsWith('%7b') ? decodeURIComponent(raw) : raw;
    const parsed = PagePayloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The client's address as Netlify reports it: `context.ip` in a function, or the
 * `x-nf-client-connection-ip` header its CDN sets (and the local emulation sets too). Null when
 * neither is there (a direct call in a test).
 */
export function clientIp(req: Request, context?: unknown): string | null {
  const fromContext = (context as { ip?: unknown } | undefined)?.ip;
  const ip =
    typeof fromContext === 'string' && fromContext ? fromContext : req.headers.get('x-nf-client-connection-ip');
  if (!ip) return null;
  const trimmed = ip.trim().slice(0, 64);
  return trimmed || null;
}
