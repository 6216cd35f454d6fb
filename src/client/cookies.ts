/**
 * The cookies of contract §3. Every cookie is first-party, `Path=/`, `SameSite=Lax` (a staff key
 * `SameSite=Strict`) and `Secure` on https; serialising is pure so the attributes are tested without
 * a browser.
 */

export const COOKIE_NAMES = {
  authKey: 'auth_key',
  phone: 'phone',
  logoutReason: 'logout_reason',
  previousUser: 'previous_user',
  /** Set by the server beside the HttpOnly staff key: says a key is there, without it (decision 071). */
  staffSignedIn: 'staff_signed_in',
} as const;
export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

const DAY = 24 * 60 * 60;

/**
 * Lifetimes in seconds. logout_reason (1 minute) and previous_user (30 days) are the spec's; it gives
 * none for auth_key and phone, so a device stays signed in for 90 days unless the server refuses the key.
 */
export const COOKIE_MAX_AGE: Record<CookieName, number> = {
  auth_key: 90 * DAY,
  phone: 90 * DAY,
  logout_reason: 60,
  previous_user: 30 * DAY,
  staff_signed_in: 90 * DAY,
};

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
  /** Lax unless said otherwise. */
  sameSite?: 'Lax' | 'Strict';
}

/** `name=value; Path=/; Max-Age=…; SameSite=Lax[; Secure]`, with the value percent-encoded. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new RangeError(`invalid cookie name: ${name}`);
  if (!Number.isInteger(options.maxAge) || options.maxAge < 0)
    throw new RangeError(`invalid max age: ${options.maxAge}`);
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${options.maxAge}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Reads `document.cookie`; a value that is not valid percent-encoding is kept as it is. */
export function parseCookies(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (!name || name in cookies) continue;
    const raw = pair.slice(at + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

const hasDocument = () => typeof document !== 'undefined';
const isHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';

export function getCookie(name: CookieName): string | null {
  if (!hasDocument()) return null;
  const value = parseCookies(document.cookie)[name];
  return value === undefined || value === '' ? null : value;
}

/** Sets a cookie of contract §3 with its lifetime, or a shorter one (`maxAge`, seconds) and stricter attributes. */
export function setCookie(
  name: CookieName,
  value: string,
  options: { maxAge?: number; sameSite?: 'Lax' | 'Strict' } = {},
): void {
  if (!hasDocument()) return;
  const maxAge = Math.max(0, Math.min(COOKIE_MAX_AGE[name], Math.floor(options.maxAge ?? COOKIE_MAX_AGE[name])));
  document.cookie = serializeCookie(name, value, { maxAge, secure: isHttps(), sameSite: options.sameSite });
}

export function deleteCookie(name: CookieName): void {
  if (!hasDocument()) return;
  document.cookie = serializeCookie(name, '', { maxAge: 0, secure: isHttps() });
}
