import { atom } from 'nanostores';
import type { LoginReason } from '../domain/login-reasons.ts';
import { MANAGEMENT_LOGIN, redirectTargetOf, safeRedirectTarget } from '../domain/management-guard.ts';
import type { StaffSignInResponse } from '../domain/staff.ts';
import { api, type ApiOptions, type ApiResult } from './api.ts';
import { COOKIE_NAMES, deleteCookie, getCookie, setCookie } from './cookies.ts';
import { headers } from './store.ts';

/**
 * The staff member's side of the management area (docs/decisions/056-the-management-shell.md):
 * the session the guard lets in, the cookies a sign-in writes and a sign-out clears, where to come
 * back to after signing in, and `staffApi`, the API client for staff calls.
 */

export interface StaffSession {
  /** The staff member's record id (`data._id` of GET /customer/auth). */
  _id: string;
  privileges: number;
  /** The staff key, as every staff call carries it in `x-access-key` (from the auth_key cookie). */
  key: string;
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

/** The previous_user cookie (30 days): who signed in last on this device, to prefill the next time. */
export interface PreviousUser {
  phone: string;
  name: string | null;
  /** This device has a passkey for them: the login page offers it first. */
  passkey: boolean;
}

export function parsePreviousUser(raw: string | null): PreviousUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PreviousUser>;
    if (typeof value.phone !== 'string' || !/^\+[1-9][0-9]{6,14}$/.test(value.phone)) return null;
    const name = typeof value.name === 'string' && value.name.length <= 120 ? value.name : null;
    return { phone: value.phone, name, passkey: value.passkey === true };
  } catch {
    return null;
  }
}

export function previousUser(): PreviousUser | null {
  return parsePreviousUser(getCookie(COOKIE_NAMES.previousUser));
}

export function rememberPreviousUser(user: PreviousUser): void {
  setCookie(COOKIE_NAMES.previousUser, JSON.stringify(user));
}

/** Seconds from `now` until `expiresAt`, never negative. */
export function secondsUntil(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
}

/**
 * Keeps a sign-in on this device: the key in auth_key (SameSite=Strict, for no longer than the key
 * lives), the number in phone, who it was in previous_user; the reason for the login page is spent.
 */
export function keepStaffSignIn(answer: StaffSignInResponse, via: 'code' | 'passkey'): void {
  setCookie(COOKIE_NAMES.authKey, answer.accessKey, { maxAge: secondsUntil(answer.expiresAt), sameSite: 'Strict' });
  if (answer.staff.phone) {
    setCookie(COOKIE_NAMES.phone, answer.staff.phone);
    const before = previousUser();
    rememberPreviousUser({
      phone: answer.staff.phone,
      name: answer.staff.name,
      passkey: via === 'passkey' || (before?.phone === answer.staff.phone && before.passkey),
    });
  }
  deleteCookie(COOKIE_NAMES.logoutReason);
}

/** Clears the sign-in from this device (previous_user stays, for the next sign-in). */
export function forgetStaffSignIn(): void {
  deleteCookie(COOKIE_NAMES.authKey);
  deleteCookie(COOKIE_NAMES.phone);
  headers.setKey('x-access-key', undefined);
  staffSession.set(null);
}

// ---- staff calls ------------------------------------------------------------------------------

/**
 * `api()` for the staff API: the key goes in `x-access-key` from the auth_key cookie, as on every
 * call. A 401 means the server no longer takes the key (signed out elsewhere, idle, removed from
 * the staff): back to the login page with 0x01, keeping this page to return to.
 */
export async function staffApi<T>(path: string, options: ApiOptions<T> = {}): Promise<ApiResult<T>> {
  const result = await api<T>(path, options);
  if (result.status === 401) goToLogin('0x01', { storeRedirect: true, forgetKey: true });
  return result;
}
