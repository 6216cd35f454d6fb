import { guardAfterAnswer, guardBeforeAsking, type GuardOutcome } from '../domain/management-guard.ts';
import * as apiRoutes from '../domain/api-routes.ts';
import { callApi } from './api.ts';
import { COOKIE_NAMES, getCookie } from './cookies.ts';
import { goToLogin, staffSession } from './staff-session.ts';

/**
 * The management guard of contract §4 in the browser, on every management page but the login page
 * (src/layouts/ManagementLayout.astro; docs/decisions/056-the-management-shell.md). A plain module
 * script rather than a React island: it decides before anything else on the page, and React and
 * zod (over 200 KB) are not needed to send a signed-out visitor to the login page.
 *
 * With privileges 2 the staff session is published for the page's island (src/client/
 * staff-session.ts) and the page's `<main>`, hidden until now, is shown. Anything else goes to the
 * login page with the reason. Every staff endpoint checks the key on the server regardless.
 */

/** The privileges in a `GET /customer/auth` answer, read without a schema library. */
export function privilegesOf(body: unknown): { _id: string; privileges: number } | null {
  const data = (body as { data?: unknown } | null)?.data as { _id?: unknown; privileges?: unknown } | null | undefined;
  return data && typeof data._id === 'string' && typeof data.privileges === 'number'
    ? { _id: data._id, privileges: data.privileges }
    : null;
}

function show(status: HTMLElement | null, text: string | null): void {
  if (!status) return;
  if (text === null) status.remove();
  else status.lastChild!.textContent = text;
}

export async function runManagementGuard(): Promise<void> {
  const main = document.querySelector<HTMLElement>('[data-management-main]');
  if (!main) return; // the login page, always allowed
  const status = document.querySelector<HTMLElement>('[data-management-guard]');
  const leave = (outcome: Extract<GuardOutcome, { kind: 'login' }>) => {
    show(status, 'Taking you to the staff sign-in…');
    goToLogin(outcome.reason, { storeRedirect: outcome.storeRedirect, forgetKey: outcome.forgetKey });
  };
  // The staff key is an HttpOnly cookie no script reads (decision 071): its readable marker says it
  // is there. A readable auth_key (set by hand, or by an older version) counts as well.
  const signedIn = getCookie(COOKIE_NAMES.staffSignedIn) !== null || getCookie(COOKIE_NAMES.authKey) !== null;
  const first = guardBeforeAsking(location.pathname, signedIn);
  if (first.kind === 'login') return leave(first);
  const result = first.kind === 'ask' ? await callApi(apiRoutes.customerAuth, {}) : null;
  const holder = result?.status === 200 ? privilegesOf(result.data) : null;
  const outcome = result ? guardAfterAnswer({ status: result.status, privileges: holder?.privileges ?? null }) : first;
  if (outcome.kind === 'login') return leave(outcome);
  // In. "The access key is set as a request header for later calls" (contract §4): the one API client
  // puts the cookie's key in x-access-key on every call (docs/decisions/017); copying it into the
  // persisted headers store as well would only leave a staff key in localStorage.
  if (holder) staffSession.set({ _id: holder._id, privileges: holder.privileges });
  main.removeAttribute('hidden');
  show(status, null);
}
