import { ACCESS_KEY_PATTERN } from './access-keys.ts';

/**
 * The staff key as an HttpOnly cookie (docs/decisions/071-the-staff-key-cookie.md): the server sets
 * `auth_key` at sign-in, `HttpOnly; SameSite=Strict; Path=/` (and `Secure` on https), so no script
 * on the page can read it, and the staff functions read it on our own pages' calls when no
 * `x-access-key` header came. Beside it, `staff_signed_in=1`, readable and worth nothing, tells the
 * management guard (contract §4) that a key is there without showing it.
 */
export const STAFF_KEY_COOKIE = 'auth_key';
export const SIGNED_IN_MARKER = 'staff_signed_in';

function cookieAttributes(req: Request, maxAge: number): string {
  const secure = new URL(req.url).protocol === 'https:' ? '; Secure' : '';
  return `Path=/; Max-Age=${Math.max(0, Math.floor(maxAge))}; SameSite=Strict${secure}`;
}

/** The Set-Cookie headers of a sign-in: the key (HttpOnly) and the marker, for as long as the key lives. */
export function staffSignInCookies(req: Request, key: string, expiresAt: Date, now = new Date()): string[] {
  const maxAge = (expiresAt.getTime() - now.getTime()) / 1000;
  return [
    `${STAFF_KEY_COOKIE}=${key}; ${cookieAttributes(req, maxAge)}; HttpOnly`,
    `${SIGNED_IN_MARKER}=1; ${cookieAttributes(req, maxAge)}`,
  ];
}

/** The Set-Cookie headers of a sign-out: both cookies gone. */
export function staffSignOutCookies(req: Request): string[] {
  return [
    `${STAFF_KEY_COOKIE}=; ${cookieAttributes(req, 0)}; HttpOnly`,
    `${SIGNED_IN_MARKER}=; ${cookieAttributes(req, 0)}`,
  ];
}

/** The access key in the request's `auth_key` cookie, if it looks like one. */
export function keyFromCookie(req: Request): string | null {
  for (const pair of (req.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== STAFF_KEY_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    if (ACCESS_KEY_PATTERN.test(value)) return value;
  }
  return null;
}

/**
 * The key a staff call carries: the `x-access-key` header (contract §7; scripts, curl, the tests),
 * else the HttpOnly cookie our own pages' calls bring. A cross-site page's calls bring no cookie
 * (SameSite=Strict), and its writes are refused by origin before this (decision 049).
 */
export function staffKeyOf(req: Request): string | null {
  const header = req.headers.get('x-access-key')?.trim();
  return header ? header : keyFromCookie(req);
}

/** Set-Cookie headers as a Headers object (one line per cookie), for `json(…, { headers })`. */
export function cookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return headers;
}
