import { describe, expect, it } from 'vitest';
import { cleanCode } from './OtpField.tsx';

describe('cleanCode (what a pasted or typed one-time code keeps)', () => {
  it.each([
    ['123456', 6, '123456'],
    ['123 456', 6, '123456'],
    ['Your code is 987-654.', 6, '987654'],
    ['12345678', 6, '123456'],
    ['abc', 6, ''],
    ['42', 4, '42'],
  ])('%j with %d boxes keeps %j', (text, length, expected) => {
    expect(cleanCode(text, length)).toBe(expected);
  });
});
