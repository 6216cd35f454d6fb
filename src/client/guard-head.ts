import {
  MANAGEMENT_HOME,
  MANAGEMENT_LOGIN,
  MAX_REDIRECT_TARGET,
  guardBeforeAsking,
} from '../domain/management-guard.ts';
import { COOKIE_MAX_AGE, COOKIE_NAMES, serializeCookie } from './cookies.ts';
import { LOGIN_REDIRECT_KEY } from './staff-session.ts';

/**
 * Where the build lists the page's island modules (scripts/lib/staff-preload.ts): the script turns
 * them into modulepreload links when a key is there, so a signed-out visitor fetches none of them.
 */
export const MODULE_PRELOAD_SLOT = '[/*staff-preload*/]';

/**
 * The guard's first branch (contract §4: no auth_key cookie → keep the page, reason 0x02, to the
 * login page) as a tiny inline script in the head of every guarded staff page
 * (src/layouts/ManagementLayout.astro; docs/decisions/077-the-staff-shell.md). It needs no call
 * and no module, so a signed-out visitor leaves before the page's scripts are even fetched: the
 * module guard (management-guard.ts) used to wait for its own download and the page's before
 * deciding, 1.3 s on a phone. With a key, or its staff_signed_in marker (decision 071), the script
 * asks for the page's island modules at once (MODULE_PRELOAD_SLOT) and the module guard asks the
 * server as before.
 *
 * Written here as text from the same names and rules the module guard uses (guardBeforeAsking,
 * the cookie names, the logout_reason cookie as setCookie writes it, the stored page as
 * redirectTargetOf keeps it), and run in a test against a stand-in document (guard-head.test.ts).
 */
export function guardHeadScript(): string {
  const outcome = guardBeforeAsking(MANAGEMENT_HOME, false);
  if (outcome.kind !== 'login') throw new Error('the guard lets a visitor without a key in');
  const reason = serializeCookie(COOKIE_NAMES.logoutReason, outcome.reason, {
    maxAge: COOKIE_MAX_AGE[COOKIE_NAMES.logoutReason],
    secure: false,
  });
  const keyCookies = [COOKIE_NAMES.staffSignedIn, COOKIE_NAMES.authKey].join('|');
  const js = (value: unknown) => JSON.stringify(value);
  return [
    '(function () {',
    `  if (/(?:^|;\\s*)(?:${keyCookies})=[^;]/.test(document.cookie)) {`,
    `    ${MODULE_PRELOAD_SLOT}.forEach(function (href) {`,
    "      var link = document.createElement('link');",
    "      link.rel = 'modulepreload';",
    '      link.href = href;',
    '      document.head.appendChild(link);',
    '    });',
    '    return;',
    '  }',
    outcome.storeRedirect
      ? `  try { sessionStorage.setItem(${js(LOGIN_REDIRECT_KEY)}, (location.pathname + location.search + location.hash).slice(0, ${MAX_REDIRECT_TARGET})); } catch (e) {}`
      : '',
    `  document.cookie = ${js(reason)} + (location.protocol === 'https:' ? '; Secure' : '');`,
    `  location.replace(${js(MANAGEMENT_LOGIN)});`,
    '})();',
  ]
    .filter(Boolean)
    .join('\n');
}
