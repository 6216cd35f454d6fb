import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatKg, formatPhone, formatWhen } from './format.ts';

describe("the staff screens' formats", () => {
  it('writes instants in London time', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatWhen('2026-07-10T22:00:00Z', now)).toBe('Fri 10 Jul, 23:00');
    expect(formatWhen('2027-01-05T09:30:00Z', now)).toBe('Tue 5 Jan 2027, 09:30');
    expect(formatDay('2026-07-10T23:30:00Z')).toBe('11 Jul 2026');
  });
  it('writes calendar dates as they are', () => expect(formatDate('2026-12-24')).toBe('Thu 24 Dec 2026'));
  it('writes UK mobiles the way people do', () => {
    expect(formatPhone('+447700900461')).toBe('07700 900461');
    expect(formatPhone(null)).toBe('');
  });
  it.each([
    [8, '8 kg'],
    [8.5, '8.5 kg'],
    [12.25, '12.3 kg'],
  ])('%s kg', (kg, text) => expect(formatKg(kg)).toBe(text));
});
