import type { API_HEADERS as CONTRACT } from '../domain/api.ts';

/**
 * The request headers of contract §7, built from plain inputs so the rules are tested without a browser.
 * The five spec headers are always computed from their sources (session storage, the auth_key cookie,
 * the URL); the `headers` store only adds others, so a stale stored key can never outlive its cookie.
 */
export interface HeaderInputs {
  /** The client store's `headers` map. */
  stored: Readonly<Record<string, string | undefined>>;
  sessionId: string | null;
  /** a_landingPage as stored: the JSON string of { url, path }. */
  landingPage: string | null;
  visitorId: string | null;
  accessKey: string | null;
  gclid: string | null;
  /** False when the visitor objected to statistics: no session, landing page, visitor or click id is sent. */
  statistics: boolean;
}

/**
 * The names of src/domain/api.ts's API_HEADERS, checked against it by the type checker (and a test).
 * Importing the value would bring zod into the script every page loads.
 */
export const API_HEADERS = {
  sessionId: 'x-session-id',
  landingPage: 'x-landing-page',
  visitorId: 'x-visitor-id',
  accessKey: 'x-access-key',
  gclid: 'x-gclid',
} as const satisfies typeof CONTRACT;

const SPEC_HEADERS = new Set<string>(Object.values(API_HEADERS));
const MAX_HEADER_VALUE = 4096;

/** fetch() throws on a header value with control or non-Latin-1 characters: such a value is dropped. */
export function isSendableHeaderValue(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' && value.length > 0 && value.length <= MAX_HEADER_VALUE && /^[\x20-\x7e]+$/.test(value)
  );
}

export function buildHeaders(inputs: HeaderInputs): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(inputs.stored)) {
    const lower = name.toLowerCase();
    if (SPEC_HEADERS.has(lower) || !/^[a-z0-9-]+$/.test(lower) || !isSendableHeaderValue(value)) continue;
    headers[lower] = value;
  }
  const put = (name: string, value: string | null) => {
    if (isSendableHeaderValue(value)) headers[name] = value;
  };
  if (inputs.statistics) {
    put(API_HEADERS.sessionId, inputs.sessionId);
    put(API_HEADERS.landingPage, inputs.landingPage);
    put(API_HEADERS.visitorId, inputs.visitorId);
    put(API_HEADERS.gclid, inputs.gclid);
  }
  put(API_HEADERS.accessKey, inputs.accessKey);
  return headers;
}

export interface ClickIds {
  gclid?: string;
  fbclid?: string;
}

const CLICK_ID_NAMES = ['gclid', 'fbclid'] as const;

/** The ad click ids in a query string (contract §7 "Ad tagging"); anything odd or oversized is ignored. */
export function clickIdsFromSearch(search: string): ClickIds {
  const params = new URLSearchParams(search);
  const ids: ClickIds = {};
  for (const name of CLICK_ID_NAMES) {
    const value = params.get(name)?.trim();
    if (value && value.length <= 256 && /^[\x21-\x7e]+$/.test(value)) ids[name] = value;
  }
  return ids;
}

export interface LandingPage {
  url: string;
  path: string;
}

/**
 * The landing page as kept in session storage. Without consent the click ids are taken out of the
 * url: keeping them for later pages is ad attribution, which needs consent (PECR).
 */
export function landingPageOf(href: string, keepClickIds: boolean): LandingPage {
  const url = new URL(href);
  if (!keepClickIds) for (const name of CLICK_ID_NAMES) url.searchParams.delete(name);
  return { url: url.href.slice(0, 2048), path: url.pathname.slice(0, 1024) };
}
