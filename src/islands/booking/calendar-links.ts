import { SHOP_TIME_ZONE } from '../../domain/shop.ts';

/** "20261201T103000Z": the UTC form Google Calendar's template link takes. */
function googleDate(instant: string): string {
  return new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** An "add to Google Calendar" link for a booking; nothing is sent to Google until the visitor opens it. */
export function googleCalendarUrl(event: { title: string; start: string; end: string; location: string; details: string }): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${googleDate(event.start)}/${googleDate(event.end)}`,
    location: event.location,
    details: event.details,
    ctz: SHOP_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** The booking id or checkout session id from a path like /b/{id}; null when it does not look like one. */
export function idFromPath(pathname: string, prefix: string): string | null {
  const rest = pathname.startsWith(`/${prefix}/`) ? pathname.slice(prefix.length + 2) : '';
  const id = decodeURIComponent(rest.replace(/\/+$/, ''));
  return /^[A-Za-z0-9_-]{8,255}$/.test(id) ? id : null;
}
