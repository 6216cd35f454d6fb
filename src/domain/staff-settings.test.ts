import { describe, expect, it } from 'vitest';
import { STAFF_KEY_CASES, STAFF_KEY_ISSUED_AT, STAFF_SETTINGS_CASES } from './staff-settings.cases.ts';
import { DEFAULT_STAFF_SETTINGS, staffKeyExpiry, staffKeyLive, staffSettingsFrom } from './staff-settings.ts';

const HOUR = 3_600_000;

describe('staff key settings', () => {
  it.each(STAFF_SETTINGS_CASES)('%j reads as %j', (stored, settings) => {
    expect(staffSettingsFrom(stored)).toEqual(settings);
  });
});

describe('a staff key is live', () => {
  const issuedAt = STAFF_KEY_ISSUED_AT;
  const at = (hours: number) => new Date(issuedAt.getTime() + hours * HOUR);
  it.each(STAFF_KEY_CASES)('%s', (_label, lastUsedHours, nowHours, live) => {
    const lastUsedAt = lastUsedHours === null ? null : at(lastUsedHours);
    expect(staffKeyLive({ issuedAt, lastUsedAt }, at(nowHours), DEFAULT_STAFF_SETTINGS)).toBe(live);
  });

  it('ends at the absolute lifetime', () => {
    expect(staffKeyExpiry(issuedAt, { keyIdleMinutes: 60, keyLifetimeDays: 3 }).toISOString()).toBe(
      '2026-12-04T09:00:00.000Z',
    );
  });
});
