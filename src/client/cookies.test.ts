import { describe, expect, it } from 'vitest';
import { COOKIE_MAX_AGE, parseCookies, serializeCookie } from './cookies.ts';

describe('serializeCookie', () => {
  it.each([
    ['auth_key', 'abc', { maxAge: 60, secure: true }, 'auth_key=abc; Path=/; Max-Age=60; SameSite=Lax; Secure'],
    ['phone', '+44 7700', { maxAge: 10, secure: false }, 'phone=%2B44%207700; Path=/; Max-Age=10; SameSite=Lax'],
    ['auth_key', '', { maxAge: 0, secure: true }, 'auth_key=; Path=/; Max-Age=0; SameSite=Lax; Secure'],
    [
      'previous_user',
      'a;b=c',
      { maxAge: 5, secure: false },
      'previous_user=a%3Bb%3Dc; Path=/; Max-Age=5; SameSite=Lax',
    ],
    [
      'auth_key',
      'staff',
      { maxAge: 604800, secure: true, sameSite: 'Strict' as const },
      'auth_key=staff; Path=/; Max-Age=604800; SameSite=Strict; Secure',
    ],
  ])('%s=%j with %o', (name, value, options, expected) => {
    expect(serializeCookie(name, value, options)).toBe(expected);
  });

  it.each([
    ['bad name', { maxAge: 1, secure: true }],
    ['ok', { maxAge: -1, secure: true }],
    ['ok', { maxAge: 1.5, secure: true }],
  ])('refuses %s with %o', (name, options) => {
    expect(() => serializeCookie(name, 'v', options)).toThrow(RangeError);
  });

  it('keeps logout_reason a minute and previous_user 30 days (contract §3)', () => {
    expect(COOKIE_MAX_AGE.logout_reason).toBe(60);
    expect(COOKIE_MAX_AGE.previous_user).toBe(30 * 24 * 60 * 60);
  });
});

describe('parseCookies', () => {
  it.each([
    ['', {}],
    ['a=1', { a: '1' }],
    ['a=1; b=%2B44', { a: '1', b: '+44' }],
    ['a=1; a=2', { a: '1' }],
    ['bad=%E0%A4%A; ok=1', { bad: '%E0%A4%A', ok: '1' }],
    ['novalue; x=y=z', { x: 'y=z' }],
  ])('%j', (header, expected) => {
    expect(parseCookies(header)).toEqual(expected);
  });

  it('reads back what serializeCookie writes', () => {
    const value = 'k€y; with=odd chars';
    const pair = serializeCookie('auth_key', value, { maxAge: 1, secure: false }).split('; ')[0]!;
    expect(parseCookies(pair).auth_key).toBe(value);
  });
});
