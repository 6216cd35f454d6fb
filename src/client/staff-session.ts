import { atom } from 'nanostores';
import type { ApiRoute } from '../domain/api-route.ts';
import type { LoginReason } from '../domain/login-reasons.ts';
import { MANAGEMENT_LOGIN, redirectTargetOf, safeRedirectTarget } from '../domain/management-guard.ts';
import type { StaffSignInResponse } from '../domain/staff.ts';
import { callApi, type ApiResult, type RouteCall } from './api.ts';
import { COOKIE_NAMES, deleteCookie, getCookie, setCookie } from './cookies.ts';
import { headers } from './store.ts';

/**
 * The staff member's side of the management area (docs/decisions/056-the-management-shell.md):
 * the session the guard lets in, the cookies a sign-in writes and a sign-out clears, where to come
 * back to after signing in, and `staffCall`, the API client for staff calls.
 */

export interface StaffSession {
  /** The staff member's record id (`data._id` of GET /customer/auth). */
  _id: string;
  privileges: number;
}

/** Null until the guard has let this visitor in; the page islands show nothing before then. */
export const staffSession = atom<StaffSession | null>(null);

// ---- the page to come back to -----------------------------------------------------------------

/**
 * Kept in sessionStorage: it belongs to this tab's trip through the login page (another tab's
 * guard cannot send this one elsewhere), it never travels to a server, and it is gone with the tab.
 * A cookie would be sent with every request and shared by every tab.
 */
export const LOGIN_REDIRECT_KEY = 'login_redirect';

export function storeLoginRedirect(target: string): void {
  try {
    sessionStorage.setItem(LOGIN_REDIRECT_KEY, target);
  } catch {
    // Storage refused (private mode, full): sign-in then goes to the dashboard.
  }
}

/** The stored page if it is one of ours under /management, else the dashboard; read once. */
export function takeLoginRedirect(origin = location.origin): string {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(LOGIN_REDIRECT_KEY);
    sessionStorage.removeItem(LOGIN_REDIRECT_KEY);
  } catch {
    stored = null;
  }
  return safeRedirectTarget(stored, origin);
}

/** Sends the browser to the login page with a reason (contract §4), keeping this page to return to. */
export function goToLogin(reason: LoginReason, options: { storeRedirect: boolean; forgetKey: boolean }): void {
  if (options.storeRedirect) storeLoginRedirect(redirectTargetOf(location));
  if (options.forgetKey) forgetStaffSignIn();
  setCookie(COOKIE_NAMES.logoutReason, reason);
  // replace: Back from the login page must not land on the page that sent the visitor there.
  location.replace(MANAGEMENT_LOGIN);
}

// ---- the cookies of a sign-in ---------------------------------------------------------------------

/**
 * The previous_user cookie (30 days, contract §9): only whether this device has a staff passkey, so
 * the login page offers it first. No number or name: a shared device's cookies say nobody's
 * (docs/decisions/071). The number last typed stays in this tab's sessionStorage, for the next sign-in.
 */
export interface PreviousUser {
  /** This device has a passkey for a member of staff: the login page offers it first. */
  passkey: boolean;
}

/** Reads the cookie; an older one holding a number and name counts only for its passkey flag. */
export function parsePreviousUser(raw: string | null): PreviousUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PreviousUser> | null;
    if (!value || typeof value !== 'object') return null;
    return { passkey: value.passkey === true };
  } catch {
    return null;
  }
}

export function previousUser(): PreviousUser | null {
  return parsePreviousUser(getCookie(COOKIE_NAMES.previousUser));
}

export function rememberPreviousUser(user: PreviousUser): void {
  setCookie(COOKIE_NAMES.previousUser, JSON.stringify({ passkey: user.passkey }));
}

export const LAST_PHONE_KEY = 'staff_login_phone';

/** The number last typed at the login page in this tab (sessionStorage: gone with the tab). */
export function lastTypedPhone(): string | null {
  try {
    return sessionStorage.getItem(LAST_PHONE_KEY);
  } catch {
    return null;
  }
}

export function rememberTypedPhone(e164: string): void {
  try {
    sessionStorage.setItem(LAST_PHONE_KEY, e164);
  } catch {
    // Storage refused: the next sign-in types the number again.
  }
}

/** Seconds from `now` until `expiresAt`, never negative. */
export function secondsUntil(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
}

/**
 * After a sign-in: the server has set the key as the HttpOnly auth_key cookie and the
 * staff_signed_in marker (docs/decisions/071), so no script here ever holds the key; this device
 * remembers only whether it has a passkey, and the reason for the login page is spent.
 */
export function keepStaffSignIn(_answer: StaffSignInResponse, via: 'code' | 'passkey'): void {
  rememberPreviousUser({ passkey: via === 'passkey' || previousUser()?.passkey === true });
  // Cookies an older version wrote by script (a readable key, the number for 90 days) go now.
  deleteCookie(COOKIE_NAMES.authKey);
  deleteCookie(COOKIE_NAMES.phone);
  deleteCookie(COOKIE_NAMES.logoutReason);
}

/**
 * Clears the sign-in from this device as far as a script can: the marker, and any readable key an
 * older version or a developer left. The HttpOnly key itself is deleted by the server's sign-out, and
 * a refused one is worth nothing (previous_user stays, for the next sign-in).
 */
export function forgetStaffSignIn(): void {
  deleteCookie(COOKIE_NAMES.authKey);
  deleteCookie(COOKIE_NAMES.phone);
  deleteCookie(COOKIE_NAMES.staffSignedIn);
  headers.setKey('x-access-key', undefined);
  staffSession.set(null);
}

// ---- staff calls ------------------------------------------------------------------------------

/**
 * The staff API's one client: `callApi` for a route of the table (src/domain/api-routes.ts). The key
 * travels as the HttpOnly auth_key cookie of our own origin (decision 071). A 401 means the server no
 * longer takes the key (signed out elsewhere, idle, removed from the staff): back to the login page
 * with 0x01, keeping this page to come back to.
 */
export async function staffCall<Path extends string, Body, T>(
  route: ApiRoute<Path, Body>,
  call: RouteCall<Path, Body, T>,
): Promise<ApiResult<T>> {
  const result = await callApi(route, call);
  if (result.status === 401) goToLogin('0x01', { storeRedirect: true, forgetKey: true });
  return result;
}
