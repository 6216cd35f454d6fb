import { describe, expect, it } from 'vitest';
import { HOLD_CASES } from './holds.cases.ts';
import { isLapsedHold, isLiveHold } from './holds.ts';

describe('an unpaid hold', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  it.each(HOLD_CASES)('$name: live $live, lapsed $lapsed', ({ status, expiresInMinutes, live, lapsed }) => {
    const holdExpiresAt = expiresInMinutes === null ? null : new Date(now.getTime() + expiresInMinutes * 60_000);
    expect(isLiveHold({ status, holdExpiresAt }, now)).toBe(live);
    expect(isLapsedHold({ status, holdExpiresAt }, now)).toBe(lapsed);
  });
});
