import { describe, expect, it } from 'vitest';
import { checkoutExpiresAt, holdExpiresAt, stripeAcceptsExpiry } from './checkout-expiry.ts';

const now = new Date('2026-11-26T10:00:00Z');
const MIN = 60_000;
const minutesFromNow = (d: Date) => (d.getTime() - now.getTime()) / MIN;

describe('holdExpiresAt: the hold, inside what Stripe accepts', () => {
  it.each([
    { holdMinutes: 30, minutes: 31 },
    { holdMinutes: 45, minutes: 46 },
    { holdMinutes: 120, minutes: 121 },
    { holdMinutes: 1_380, minutes: 1_381 },
    { holdMinutes: 1_438, minutes: 1_439 },
    { holdMinutes: 1_439, minutes: 1_439 },
    // The most the settings allow: plus the margin it was 1,441 minutes, which Stripe refused.
    { holdMinutes: 1_440, minutes: 1_439 },
    { holdMinutes: 10, minutes: 31 },
  ])('$holdMinutes minutes of hold end $minutes minutes from now', ({ holdMinutes, minutes }) => {
    const end = holdExpiresAt(now, holdMinutes);
    expect(minutesFromNow(end)).toBe(minutes);
    // Stripe creates the session a few seconds later by its clock, and still accepts it.
    expect(stripeAcceptsExpiry(new Date(now.getTime() + 20_000), end)).toBe(true);
  });
});

describe('checkoutExpiresAt: the page ends with the hold unless Stripe would refuse it', () => {
  it.each([
    { name: 'a new hold of 31 minutes', holdEndsIn: 31, opensAfter: 0, expiresIn: 31 },
    { name: 'a new hold of 23 h 59 min', holdEndsIn: 1_439, opensAfter: 0, expiresIn: 1_439 },
    { name: 'a hold of 25 hours (an old row)', holdEndsIn: 1_500, opensAfter: 0, expiresIn: 1_439 },
    { name: 'a hold resumed 10 minutes later', holdEndsIn: 31, opensAfter: 10, expiresIn: 31 },
    { name: 'a hold resumed 5 minutes before it lapses', holdEndsIn: 31, opensAfter: 26, expiresIn: 31 },
  ])('$name', ({ holdEndsIn, opensAfter, expiresIn }) => {
    const opened = new Date(now.getTime() + opensAfter * MIN);
    const expires = checkoutExpiresAt(opened, new Date(now.getTime() + holdEndsIn * MIN));
    expect((expires.getTime() - opened.getTime()) / MIN).toBe(expiresIn);
    expect(stripeAcceptsExpiry(opened, expires)).toBe(true);
  });
});

describe("stripeAcceptsExpiry: Stripe's own window", () => {
  it.each([
    { minutes: 29, accepted: false },
    { minutes: 30, accepted: true },
    { minutes: 1_440, accepted: true },
    { minutes: 1_441, accepted: false },
  ])('$minutes minutes: $accepted', ({ minutes, accepted }) => {
    expect(stripeAcceptsExpiry(now, new Date(now.getTime() + minutes * MIN))).toBe(accepted);
  });
});
