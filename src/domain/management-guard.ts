import type { LoginReason } from './login-reasons.ts';
import { STAFF_PRIVILEGES } from './privileges.ts';

/**
 * The management guard of contract §4, as pure rules (the browser side is src/client/
 * management-guard.ts and, for its first branch, signed-out-redirect.ts; docs/decisions/056 and 077). The guard is for the staff
 * member's sake: every staff endpoint checks the key itself on the server.
 */
export const MANAGEMENT_HOME = '/management';
export const MANAGEMENT_LOGIN = '/management/login';
/** Contract §6/§9: management requires privileges equal to 2 (src/domain/privileges.ts). */
export { STAFF_PRIVILEGES };

/** Under /management as a path segment (/management, /management/…), never /managementfoo. */
export function isManagementPath(pathname: string): boolean {
  return /^\/management(\/|$)/.test(pathname);
}

/** The login route, with or without a trailing slash. */
export function isLoginRoute(pathname: string): boolean {
  return /^\/management\/login\/?$/.test(pathname);
}

export type GuardOutcome =
  | { kind: 'allow' }
  | { kind: 'ask' }
  | {
      kind: 'login';
      reason: LoginReason;
      /** Keep the page asked for, so sign-in returns there. */
      storeRedirect: boolean;
      /** The server refused the key: the cookie holding it is of no more use. */
      forgetKey: boolean;
    };

/** Before any request: the login route is always allowed; any other needs an auth_key cookie. */
export function guardBeforeAsking(pathname: string, hasKey: boolean): GuardOutcome {
  if (isLoginRoute(pathname)) return { kind: 'allow' };
  if (!hasKey) return { kind: 'login', reason: '0x02', storeRedirect: true, forgetKey: false };
  return { kind: 'ask' };
}

/**
 * After `GET /customer/auth`: status 0 (no answer) → 0x03; 200 with privileges 2 → in; 200 with
 * other privileges → 0x04; any other status → store the redirect, 0x01. Only a 401 says the key
 * itself is refused; a 5xx says nothing about it, so the cookie is kept.
 */
export function guardAfterAnswer(answer: { status: number; privileges: number | null }): GuardOutcome {
  if (answer.status === 0) return { kind: 'login', reason: '0x03', storeRedirect: false, forgetKey: false };
  if (answer.status === 200) {
    return answer.privileges === STAFF_PRIVILEGES
      ? { kind: 'allow' }
      : { kind: 'login', reason: '0x04', storeRedirect: false, forgetKey: false };
  }
  return { kind: 'login', reason: '0x01', storeRedirect: true, forgetKey: answer.status === 401 };
}

/** The longest page address kept for after sign-in; a longer one is cut (stored) or refused (read back). */
export const MAX_REDIRECT_TARGET = 2048;

/** The page to come back to, as stored: path, query and fragment of the current address. */
export function redirectTargetOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`.slice(0, MAX_REDIRECT_TARGET);
}

/**
 * Where sign-in may send the browser: the stored target only when it is a management page of this
 * very origin (not the login page itself), else the dashboard. No open redirect: `//evil.example`,
 * `https://evil.example/management`, `/\evil.example`, `/management/../blog` all come back as
 * `/management`.
 */
export function safeRedirectTarget(stored: string | null | undefined, origin: string): string {
  if (
    !stored ||
    stored.length > MAX_REDIRECT_TARGET ||
    !stored.startsWith('/') ||
    /[\u0000-\u001f\u007f\\]/.test(stored)
  )
    return MANAGEMENT_HOME;
  let url: URL;
  try {
    url = new URL(stored, origin);
  } catch {
    return MANAGEMENT_HOME;
  }
  if (url.origin !== new URL(origin).origin || !isManagementPath(url.pathname) || isLoginRoute(url.pathname))
    return MANAGEMENT_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
