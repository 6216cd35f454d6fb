import { describe, expect, it } from 'vitest';
import { idFromPath } from './calendar-links.ts';

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
