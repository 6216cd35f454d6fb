import { clickIdsFromSearch, landingPageOf, type ClickIds, type LandingPage } from './headers.ts';
import { hasConsent } from './privacy.ts';

/**
 * What the visit keeps on the device. Session storage (contract §3): a_sid, a_landingPage, and a_vid, the
 * random visitor id used without consent. Local storage, only with consent: a_visitorId (the
 * fingerprint or a lasting random id) and a_clickIds (gclid/fbclid for later pages).
 * Storage can be switched off or full: every access is guarded and a failure means "nothing kept".
 */
export const SESSION_KEYS = { sessionId: 'a_sid', landingPage: 'a_landingPage', visitorId: 'a_vid' } as const;
export const LOCAL_KEYS = { visitorId: 'a_visitorId', clickIds: 'a_clickIds' } as const;

/** Ad clicks are attributed for 90 days (Google Ads' default click window). */
export const CLICK_ID_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

type Area = 'localStorage' | 'sessionStorage';

export function readStorage(area: Area, key: string): string | null {
  try {
    return globalThis[area]?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(area: Area, key: string, value: string | null): void {
  try {
    if (value === null) globalThis[area]?.removeItem(key);
    else globalThis[area]?.setItem(key, value);
  } catch {
    // Storage full or blocked: the visit goes on without it.
  }
}

export const sessionId = () => readStorage('sessionStorage', SESSION_KEYS.sessionId);
export const setSessionId = (id: string | null) => writeStorage('sessionStorage', SESSION_KEYS.sessionId, id);

/** a_landingPage as stored: the JSON string of { url, path }. */
export const landingPageJson = () => readStorage('sessionStorage', SESSION_KEYS.landingPage);
export const setLandingPage = (page: LandingPage | null) =>
  writeStorage('sessionStorage', SESSION_KEYS.landingPage, page && JSON.stringify(page));

/** The landing page: the first page of the visit that calls the API or is counted, kept from then on. */
export function ensureLandingPage(): string | null {
  const existing = landingPageJson();
  if (existing || typeof location === 'undefined') return existing;
  setLandingPage(landingPageOf(location.href, hasConsent()));
  return landingPageJson();
}

export function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The visitor id: the lasting one with consent, else a random one kept for this visit only. */
export function visitorId(): string {
  const lasting = hasConsent() ? readStorage('localStorage', LOCAL_KEYS.visitorId) : null;
  if (lasting) return lasting;
  let perVisit = readStorage('sessionStorage', SESSION_KEYS.visitorId);
  if (!perVisit) {
    perVisit = randomId();
    writeStorage('sessionStorage', SESSION_KEYS.visitorId, perVisit);
  }
  return perVisit;
}

export const setLastingVisitorId = (id: string | null) => writeStorage('localStorage', LOCAL_KEYS.visitorId, id);

interface StoredClickIds extends ClickIds {
  at: number;
}

/** The click ids of the current URL, else (with consent) those stored from an earlier page. */
export function currentClickIds(now = Date.now()): ClickIds {
  const fromUrl = typeof location === 'undefined' ? {} : clickIdsFromSearch(location.search);
  if (fromUrl.gclid || fromUrl.fbclid || !hasConsent()) return fromUrl;
  try {
    const stored = JSON.parse(readStorage('localStorage', LOCAL_KEYS.clickIds) ?? 'null') as StoredClickIds | null;
    if (!stored || typeof stored.at !== 'number' || now - stored.at > CLICK_ID_LIFETIME_MS) return {};
    return clickIdsFromSearch(
      new URLSearchParams({
        ...(stored.gclid && { gclid: stored.gclid }),
        ...(stored.fbclid && { fbclid: stored.fbclid }),
      }).toString(),
    );
  } catch {
    return {};
  }
}

/** With consent, keeps the current URL's click ids for later pages. */
export function storeClickIdsFromUrl(now = Date.now()): void {
  if (!hasConsent() || typeof location === 'undefined') return;
  const ids = clickIdsFromSearch(location.search);
  if (ids.gclid || ids.fbclid) writeStorage('localStorage', LOCAL_KEYS.clickIds, JSON.stringify({ ...ids, at: now }));
}

/** Forgets everything consent allowed to keep (consent withdrawn). */
export function forgetConsentedData(): void {
  writeStorage('localStorage', LOCAL_KEYS.visitorId, null);
  writeStorage('localStorage', LOCAL_KEYS.clickIds, null);
}

/** Forgets the visit's statistics (the visitor objected). */
export function forgetStatistics(): void {
  setSessionId(null);
  setLandingPage(null);
  writeStorage('sessionStorage', SESSION_KEYS.visitorId, null);
}
