import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, googleCalendarUrl, icsDateTime } from './ics.ts';

const event = {
  uid: 'b_3kTMd9fQx2LrV8yNw1pZaQ',
  start: new Date('2026-03-30T08:00:00Z'), // 09:00 BST
  end: new Date('2026-03-30T10:00:00Z'),
  summary: 'Full Groom for Biscuit, Leyton Dog Grooming',
  description:
    'Your booking: https://www.leytondoggrooming.co.uk/b/b_3kTMd9fQx2LrV8yNw1pZaQ\nCancel free up to 24 hours before; later, the deposit is kept.',
  location: '712 High Road, Leyton, London E10 6JP',
  now: new Date('2026-03-01T12:34:56.789Z'),
};

describe('buildIcs', () => {
  const ics = buildIcs(event);
  const unfolded = ics.replace(/\r\n /g, '');

  it('uses CRLF line ends only, and ends with one', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps every line within 75 octets', () => {
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it.each([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    'UID:b_3kTMd9fQx2LrV8yNw1pZaQ',
    'DTSTAMP:20260301T123456Z',
    'DTSTART:20260330T080000Z',
    'DTEND:20260330T100000Z',
    'SEQUENCE:0',
    'STATUS:CONFIRMED',
    'SUMMARY:Full Groom for Biscuit\\, Leyton Dog Grooming',
    'LOCATION:712 High Road\\, Leyton\\, London E10 6JP',
    'DESCRIPTION:Your booking: https://www.leytondoggrooming.co.uk/b/b_3kTMd9fQx2LrV8yNw1pZaQ\\nCancel free up to 24 hours before\\; later\\, the deposit is kept.',
    'END:VEVENT',
    'END:VCALENDAR',
  ])('has the line %s', (line) => {
    expect(unfolded.split('\r\n')).toContain(line);
  });

  it('a cancellation replaces the event', () => {
    const cancel = buildIcs({ ...event, method: 'CANCEL', sequence: 2 }).split('\r\n');
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain('SEQUENCE:2');
    expect(cancel).not.toContain('BEGIN:VALARM');
  });
});

describe('text helpers', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b;c\\d', 'a\\,b\\;c\\\\d'],
    ['line 1\nline 2\r\nline 3', 'line 1\\nline 2\\nline 3'],
  ])('escapes %j', (input, out) => expect(escapeIcsText(input)).toBe(out));

  it('folds by octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`; // 8 + 120 octets
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(2);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('formats UTC stamps', () => {
    expect(icsDateTime(new Date('2027-10-31T09:00:00.000Z'))).toBe('20271031T090000Z');
    expect(() => icsDateTime(new Date('nope'))).toThrow(RangeError);
  });

  it('builds a Google Calendar link', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin).toBe('https://calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20260330T080000Z/20260330T100000Z');
    expect(url.searchParams.get('text')).toBe(event.summary);
    expect(url.searchParams.get('ctz')).toBe('Europe/London');
    expect(url.searchParams.get('location')).toBe(event.location ?? null);
  });
});
