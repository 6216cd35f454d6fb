import * as apiRoutes from '../domain/api-routes.ts';
import { AUTH_TIMEOUT_MS, callApi, IDENTIFY_TIMEOUT_MS, noVerdict, PAGE_VIEW_TIMEOUT_MS } from './api.ts';
import { FINGERPRINT_BACKOFF_MS, retryWithBackoff } from './backoff.ts';
import { COOKIE_NAMES, deleteCookie, getCookie, setCookie } from './cookies.ts';
import type { SiteEvent } from './events.ts';
import { isSendableHeaderValue } from './headers.ts';
import { privacyChoices, type PrivacyChoices } from './privacy.ts';
import {
  currentClickIds,
  forgetConsentedData,
  forgetStatistics,
  ensureLandingPage,
  LOCAL_KEYS,
  readStorage,
  sessionId,
  setLastingVisitorId,
  setSessionId,
  storeClickIdsFromUrl,
  visitorId,
} from './session.ts';
import { headers, user } from './store.ts';

/**
 * The visit: what every page does once it is interactive (loaded by SiteScripts after `load`, when
 * the browser is idle). Identify once per session, a page view per page, device auth when an
 * auth_key cookie exists, first-party events, and the consent-dependent parts. Plain TypeScript:
 * no framework, and zod only on the rare device-auth path.
 */
export interface VisitConfig {
  /** The fingerprint service's public key; null when not configured (no fingerprint at all). */
  fingerprintKey: string | null;
}

const statisticsAllowed = (choices: PrivacyChoices) => choices.statistics === 'allowed';

/** Contract §7 identify: once per session; the session id is kept as a_sid. */
export async function identify(): Promise<void> {
  if (sessionId()) return;
  const { gclid, fbclid } = currentClickIds();
  const result = await callApi<'/magic', unknown, { session_id?: unknown }>(apiRoutes.magic, {
    body: { type: 'identify', ...(gclid && { gclid }), ...(fbclid && { fbclid }) },
    timeoutMs: IDENTIFY_TIMEOUT_MS,
  });
  const id = result.data?.session_id;
  if (result.status !== 200 || typeof id !== 'string' || !isSendableHeaderValue(id)) {
    console.warn('Error fetching user from server', result.error ?? '');
    return;
  }
  setSessionId(id);
}

/** Contract §7 page view: on every page; failures are only logged. */
export async function pageView(): Promise<void> {
  const page = JSON.stringify({ url: location.href.slice(0, 2048), path: location.pathname.slice(0, 1024) });
  const result = await callApi(apiRoutes.magic, { body: { type: 'page_view', page }, timeoutMs: PAGE_VIEW_TIMEOUT_MS });
  if (result.error) console.warn('Data API Error', result.error);
}

/**
 * Contract §4 device auth. On 200 the user and the access key are kept (a staff key excepted); an answer refusing the key
 * logs 'login session expired' and deletes the cookie. A request that got no answer at all (offline,
 * timeout) says nothing about the key, so the device stays signed in and tries again next page.
 */
export async function deviceAuth(): Promise<void> {
  if (!getCookie(COOKIE_NAMES.authKey)) return;
  const { DeviceUserSchema } = await import('../domain/api-answers.ts');
  const result = await callApi(apiRoutes.deviceAuth, { timeoutMs: AUTH_TIMEOUT_MS, schema: DeviceUserSchema });
  // No answer, or the server's own failure (5xx), says nothing about the key: keep it for next time.
  if (noVerdict(result.status)) return;
  const key = result.data?.auth[0]?.key;
  // A staff sign-in (on the counter tablet, say) is the staff area's: its cookie keeps the key's own
  // lifetime and SameSite=Strict, and a staff member is not the device's customer.
  if (result.status === 200 && result.data?.auth[0]?.kind === 'staff') return;
  if (result.status === 200 && result.data && key) {
    user.set(result.data);
    headers.setKey('x-access-key', key);
    setCookie(COOKIE_NAMES.authKey, key);
    if (result.data.phone) setCookie(COOKIE_NAMES.phone, result.data.phone);
    return;
  }
  console.warn('login session expired');
  deleteCookie(COOKIE_NAMES.authKey);
  headers.setKey('x-access-key', undefined);
  user.set(null);
}

/** Sends one event; keepalive lets a navigation click's event outlive the page. */
export function recordEvent(event: SiteEvent): void {
  if (!statisticsAllowed(privacyChoices.get())) return;
  void callApi(apiRoutes.magic, {
    body: { type: 'event', ...event },
    timeoutMs: PAGE_VIEW_TIMEOUT_MS,
    keepalive: true,
  }).then((result) => {
    if (result.error) console.warn('Data API Error', result.error);
  });
}

let fingerprinting: Promise<void> | null = null;

/** Contract §7: the fingerprint service's loader, with up to 5 retries (100 ms → 3000 ms). */
async function fingerprint(key: string): Promise<string> {
  const url = `https://fpjscdn.net/v3/${encodeURIComponent(key)}`;
  return retryWithBackoff(async () => {
    const loader = (await import(/* @vite-ignore */ url)) as {
      load: () => Promise<{ get: () => Promise<{ visitorId: string }> }>;
    };
    const agent = await loader.load();
    return (await agent.get()).visitorId;
  }, FINGERPRINT_BACKOFF_MS);
}

/** Brings what is kept on the device in line with the visitor's choices; safe to run repeatedly. */
export function applyChoices(choices: PrivacyChoices, config: VisitConfig): void {
  if (!statisticsAllowed(choices)) forgetStatistics();
  if (choices.consent !== 'granted') {
    forgetConsentedData();
    return;
  }
  storeClickIdsFromUrl();
  if (readStorage('localStorage', LOCAL_KEYS.visitorId) || fingerprinting) return;
  if (!config.fingerprintKey) {
    // Consent without a fingerprint service: this visit's random id becomes the lasting one.
    setLastingVisitorId(visitorId());
    return;
  }
  fingerprinting = fingerprint(config.fingerprintKey)
    .then((id) => {
      if (privacyChoices.get().consent === 'granted' && isSendableHeaderValue(id)) setLastingVisitorId(id);
    })
    .catch((error: unknown) => console.warn('Fingerprint unavailable', error))
    .finally(() => {
      fingerprinting = null;
    });
}

let started = false;

/** Runs once per page. */
export async function startVisit(config: VisitConfig): Promise<void> {
  if (started) return;
  started = true;
  let choices = privacyChoices.get();
  applyChoices(choices, config);
  privacyChoices.listen((next) => {
    const gainedStatistics = next.statistics === 'allowed' && choices.statistics !== 'allowed';
    choices = next;
    applyChoices(next, config);
    if (gainedStatistics) void countThisPage(next);
  });
  const auth = deviceAuth();
  await countThisPage(choices);
  await auth;
}

async function countThisPage(choices: PrivacyChoices): Promise<void> {
  if (!statisticsAllowed(choices)) return;
  ensureLandingPage();
  await identify();
  // The visitor may have objected while the session was being asked for (the privacy page's form
  // answers at once): then nothing more is sent, and the session id just given is not kept.
  if (!statisticsAllowed(privacyChoices.get())) {
    forgetStatistics();
    return;
  }
  await pageView();
}
