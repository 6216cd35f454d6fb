import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, idFromPath } from './calendar-links.ts';

describe('googleCalendarUrl', () => {
  it('gives UTC start and end and the place', () => {
    const url = new URL(googleCalendarUrl({ title: 'Full Groom for Bella', start: '2026-12-01T10:30:00.000Z', end: '2026-12-01T12:30:00.000Z', location: '712 High Road, E10 6JP', details: 'See you then' }));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('dates')).toBe('20261201T103000Z/20261201T123000Z');
    expect(url.searchParams.get('text')).toBe('Full Groom for Bella');
    expect(url.searchParams.get('location')).toBe('712 High Road, E10 6JP');
  });
});

describe('idFromPath', () => {
  it.each([
    ['/b/AbCdEf0123456789xyz_-', 'b', 'AbCdEf0123456789xyz_-'],
    ['/b/AbCdEf0123456789/', 'b', 'AbCdEf0123456789'],
    ['/booking-success/cs_test_a1B2c3D4', 'booking-success', 'cs_test_a1B2c3D4'],
    ['/b/', 'b', null],
    ['/b', 'b', null],
    ['/b/short', 'b', null],
    ['/b/<script>alert(1)</script>', 'b', null],
    ['/b/abc/def/ghi/jkl', 'b', null],
  ])('%s → %s', (path, prefix, id) => {
    expect(idFromPath(path, prefix)).toBe(id);
  });
});
