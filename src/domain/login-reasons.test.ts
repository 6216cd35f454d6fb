import { describe, expect, it } from 'vitest';
import { LOGIN_REASONS, loginReasonText } from './login-reasons.ts';

describe('login reasons (contract §8, exact texts)', () => {
  it.each([
    ['0x01', '0x01: Login Expired - Please login again'],
    ['0x02', '0x02: You need to login before accessing this page'],
    ['0x03', '0x03: Server is currently unreachable - check your connection and try again (later)'],
    ['0x04', '0x04: You do not have permission to access this page'],
  ])('%s reads "%s"', (value, text) => {
    expect(loginReasonText(value)).toBe(text);
  });

  it.each([null, undefined, '', '0x05', '0X01', ' 0x01', 'toString', '__proto__', 'constructor'])(
    'shows nothing for %j',
    (value) => {
      expect(loginReasonText(value)).toBeNull();
    },
  );

  it('has the four reasons of the spec and no others', () => {
    expect(Object.keys(LOGIN_REASONS)).toEqual(['0x01', '0x02', '0x03', '0x04']);
  });
});
