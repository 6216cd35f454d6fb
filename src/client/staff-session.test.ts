import { describe, expect, it } from 'vitest';
import { parsePreviousUser, secondsUntil } from './staff-session.ts';

describe('previous_user', () => {
  it.each([
    ['{"passkey":true}', { passkey: true }],
    ['{"passkey":"yes"}', { passkey: false }],
    // An older cookie with a number and name: only its passkey flag is read, nothing identifying kept.
    ['{"phone":"+447700900000","name":"Demo Groomer","passkey":true}', { passkey: true }],
    ['{}', { passkey: false }],
    ['not json', null],
    ['null', null],
    ['', null],
    [null, null],
  ])('%j', (raw, user) => {
    expect(parsePreviousUser(raw)).toEqual(user);
  });
});

describe('secondsUntil', () => {
  it.each([
    ['2026-12-08T09:00:00.000Z', Date.parse('2026-12-01T09:00:00.000Z'), 7 * 86_400],
    ['2026-12-01T09:00:00.999Z', Date.parse('2026-12-01T09:00:00.000Z'), 0],
    ['2026-11-30T09:00:00.000Z', Date.parse('2026-12-01T09:00:00.000Z'), 0],
  ])('until %s', (expiresAt, now, seconds) => {
    expect(secondsUntil(expiresAt, now)).toBe(seconds);
  });
});
