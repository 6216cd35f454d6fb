/**
 * The booking's own page, /b/{id}: what the Google Calendar event links to, whichever page showed
 * the link (the payment's success page, /b/ of a party's second dog): a party's id is its first dog's.
 */
export function bookingPageUrl(origin: string, bookingId: string): string {
  return `${origin.replace(/\/+$/, '')}/b/${encodeURIComponent(bookingId)}`;
}

/** The booking id or checkout session id from a path like /b/{id}; null when it does not look like one. */
export function idFromPath(pathname: string, prefix: string): string | null {
  const rest = pathname.startsWith(`/${prefix}/`) ? pathname.slice(prefix.length + 2) : '';
  const id = decodeURIComponent(rest.replace(/\/+$/, ''));
  return /^[A-Za-z0-9_-]{8,255}$/.test(id) ? id : null;
}
