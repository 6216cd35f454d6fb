import { SHOP_TIME_ZONE } from './shop.ts';

/**
 * A calendar file (RFC 5545) for one appointment: the confirmation e-mail attaches it and /b/{id}
 * offers it for download. Times are UTC ("Z"), so no VTIMEZONE is needed and every calendar shows
 * the right local time; lines end in CRLF and are folded at 75 octets; text is escaped. The UID is
 * the booking id, and SEQUENCE grows with each change so a moved appointment replaces the old one.
 */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** Geographic position, for calendars that show a map. */
  geo?: { lat: number; lng: number };
  organizer?: { name: string; email: string };
  /** 0 for the first version; bump on every change. */
  sequence?: number;
  /** CANCEL (with STATUS:CANCELLED) removes the event from calendars that imported it. */
  method?: 'PUBLISH' | 'CANCEL';
  /** DTSTAMP: when this file was made. */
  now: Date;
}

/** 2026-11-24T10:00:00Z → 20261124T100000Z */
export function icsDateTime(instant: Date): string {
  if (!Number.isFinite(instant.getTime())) throw new RangeError('invalid date');
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after CRLF and a space. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    // by code point, so a multi-byte character is never split
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      out.push(current);
      current = '';
      size = 0;
      limit = 74; // continuation lines start with a space
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function buildIcs(event: CalendarEvent): string {
  const method = event.method ?? 'PUBLISH';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Leyton Dog Grooming//Booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.now)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.geo) lines.push(`GEO:${event.geo.lat};${event.geo.lng}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.organizer) lines.push(`ORGANIZER;CN=${quoteParam(event.organizer.name)}:mailto:${event.organizer.email}`);
  if (method === 'PUBLISH') {
    // A reminder the evening before is the message's job; this one is for the day itself.
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeIcsText(event.summary)}`,
      'TRIGGER:-PT2H',
      'END:VALARM',
    );
  }
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** Parameter values with ; , : must be quoted, and cannot contain a double quote. */
function quoteParam(value: string): string {
  const clean = value.replace(/"/g, "'");
  return /[;,:]/.test(clean) ? `"${clean}"` : clean;
}

/**
 * "Add to Google Calendar" link for the same event; nothing is sent to Google until the visitor opens
 * it. Times in UTC, and the shop's time zone for Google to show them in.
 */
export function googleCalendarUrl(
  event: Pick<CalendarEvent, 'start' | 'end' | 'summary' | 'description' | 'location'>,
): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.summary,
    dates: `${icsDateTime(event.start)}/${icsDateTime(event.end)}`,
    ctz: SHOP_TIME_ZONE,
  });
  if (event.description) params.set('details', event.description);
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
