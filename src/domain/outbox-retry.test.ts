import { describe, expect, it } from 'vitest';
import { beforeSending, nextAttemptAt, retryDelayMinutes, retryRefusal } from './outbox-retry.ts';

const T0 = new Date('2026-11-20T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe('retryDelayMinutes', () => {
  it.each([
    [1, 1],
    [2, 5],
    [3, 30],
    [4, 60],
    [5, 60],
    [20, 60],
    [0, 1],
  ])('after try %i, wait %i minutes', (attempts, minutes) => {
    expect(retryDelayMinutes(attempts)).toBe(minutes);
  });
});

describe('nextAttemptAt', () => {
  it.each([
    { attempts: 1, failedAt: 0, next: 1 },
    { attempts: 2, failedAt: 1, next: 6 },
    { attempts: 3, failedAt: 6, next: 36 },
    { attempts: 4, failedAt: 36, next: 96 },
    { attempts: 5, failedAt: 96, next: 156 },
    // The last try that still falls within the day of the first…
    { attempts: 26, failedAt: 23 * 60 + 36, next: null },
    { attempts: 25, failedAt: 23 * 60, next: 24 * 60 },
    // …and a sender that ran late does not stretch the day.
    { attempts: 4, failedAt: 24 * 60 - 30, next: null },
  ])('try $attempts failed at +$failedAt min → next at +$next min', ({ attempts, failedAt, next }) => {
    expect(nextAttemptAt(attempts, T0, at(failedAt))).toEqual(next === null ? null : at(next));
  });

  it('a message failing from the first try to the last is tried 27 times over a day', () => {
    let now = T0;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(attempts, T0, now);
      if (!next) break;
      now = next;
    }
    expect(attempts).toBe(27);
    expect(now).toEqual(at(23 * 60 + 36));
  });
});

describe('beforeSending', () => {
  it.each([
    { expiresAt: null, firstAttemptAt: null, now: 0, expected: 'send' },
    { expiresAt: at(10), firstAttemptAt: at(0), now: 6, expected: 'send' },
    { expiresAt: at(10), firstAttemptAt: at(0), now: 10, expected: 'expired' },
    { expiresAt: at(10), firstAttemptAt: at(0), now: 36, expected: 'expired' },
    { expiresAt: null, firstAttemptAt: at(0), now: 24 * 60, expected: 'send' },
    { expiresAt: null, firstAttemptAt: at(0), now: 24 * 60 + 1, expected: 'too_late' },
    { expiresAt: at(5), firstAttemptAt: at(0), now: 24 * 60 + 1, expected: 'expired' },
  ] as const)('expiring $expiresAt, first tried $firstAttemptAt, at +$now min → $expected', (c) => {
    expect(beforeSending({ expiresAt: c.expiresAt, firstAttemptAt: c.firstAttemptAt }, at(c.now))).toBe(c.expected);
  });
});

describe('retryRefusal', () => {
  it.each([
    { kind: 'booking_confirmation', failure: 'undelivered', allowed: true },
    { kind: 'shop_new_booking', failure: 'undelivered', allowed: true },
    { kind: 'booking_reminder', failure: 'expired', allowed: false },
    { kind: 'phone_code', failure: 'undelivered', allowed: false },
    { kind: 'phone_code', failure: 'expired', allowed: false },
  ] as const)('$kind, $failure: may be sent again: $allowed', ({ kind, failure, allowed }) => {
    expect(retryRefusal({ kind, failure }) === null).toBe(allowed);
  });
  it('says why a code is not offered again', () => {
    expect(retryRefusal({ kind: 'phone_code', failure: 'expired' })).toMatch(/ask for a new one/);
  });
});
