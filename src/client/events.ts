/**
 * The first-party events of contract §2 (navigation, call, email, whatsapp_big, online_big), as the
 * `/magic` `event` request carries them. Pure: the page script collects, visit.ts sends.
 */
export interface SiteEvent {
  name: string;
  path: string;
  detail?: string;
}

const NAME = /^[a-z][a-z0-9_]{0,47}$/;

/** A valid event or null: odd names are dropped, long paths and details cut to the API's bounds. */
export function siteEvent(name: unknown, detail: unknown, path: string): SiteEvent | null {
  if (typeof name !== 'string' || !NAME.test(name)) return null;
  const event: SiteEvent = { name, path: path.slice(0, 1024) };
  if (typeof detail === 'string' && detail) event.detail = detail.slice(0, 256);
  return event;
}
