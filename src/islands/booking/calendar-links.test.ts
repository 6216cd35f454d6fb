import { describe, expect, it } from 'vitest';
import { bookingPageUrl, idFromPath } from './calendar-links.ts';

describe('bookingPageUrl', () => {
  it.each([
    ['https://shop.example', 'AbCdEf0123456789xyz_-', 'https://shop.example/b/AbCdEf0123456789xyz_-'],
    ['https://shop.example/', 'AbCdEf0123456789', 'https://shop.example/b/AbCdEf0123456789'],
    ['http://localhost:8888', 'x y', 'http://localhost:8888/b/x%20y'],
  ])('%s + %s → %s', (origin, id, url) => expect(bookingPageUrl(origin, id)).toBe(url));
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
