import { describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_SETTINGS, staffKeyExpiry, staffKeyLive, staffSettingsFrom } from './staff-settings.ts';

const HOUR = 3_600_000;

describe('staff key settings', () => {
  it.each([
    [null, DEFAULT_STAFF_SETTINGS],
    [{}, DEFAULT_STAFF_SETTINGS],
    [{ keyIdleMinutes: 30 }, { keyIdleMinutes: 30, keyLifetimeDays: 7 }],
    [{ keyLifetimeDays: 1 }, { keyIdleMinutes: 720, keyLifetimeDays: 1 }],
    [{ keyIdleMinutes: 0, keyLifetimeDays: 91 }, DEFAULT_STAFF_SETTINGS],
    [{ keyIdleMinutes: '30', keyLifetimeDays: 1.5 }, DEFAULT_STAFF_SETTINGS],
    ['junk', DEFAULT_STAFF_SETTINGS],
  ])('%j reads as %j', (stored, settings) => {
    expect(staffSettingsFrom(stored)).toEqual(settings);
  });
});

describe('a staff key is live', () => {
  const issuedAt = new Date('2026-12-01T09:00:00Z');
  const at = (hours: number) => new Date(issuedAt.getTime() + hours * HOUR);
  it.each([
    ['just after sign-in, unused', null, 0.1, true],
    ['unused for 11h59', null, 11.98, true],
    ['unused for 12h', null, 12, false],
    ['used an hour ago, a day after sign-in', 23, 24, true],
    ['used 13 hours ago', 10, 23, false],
    ['in use on day 7, a minute before the end', 7 * 24 - 1, 7 * 24 - 1 / 60, true],
    ['in use, at the end of day 7', 7 * 24 - 1, 7 * 24, false],
  ])('%s', (_label, lastUsedHours, nowHours, live) => {
    const lastUsedAt = lastUsedHours === null ? null : at(lastUsedHours);
    expect(staffKeyLive({ issuedAt, lastUsedAt }, at(nowHours), DEFAULT_STAFF_SETTINGS)).toBe(live);
  });

  it('ends at the absolute lifetime', () => {
    expect(staffKeyExpiry(issuedAt, { keyIdleMinutes: 60, keyLifetimeDays: 3 }).toISOString()).toBe(
      '2026-12-04T09:00:00.000Z',
    );
  });
});
