import { describe, expect, it } from 'vitest';
import {
  buttonEnabled,
  enterEmits,
  inputStatusText,
  statusFromValidation,
  type ButtonStatus,
  type InputStatus,
} from './status.ts';

describe('input statuses (contract §4)', () => {
  it.each<[InputStatus, string | undefined, string]>([
    [1, undefined, 'Check'],
    [2, undefined, 'Validating'],
    [3, undefined, 'Done'],
    [3, '', 'Done'],
    [3, 'Looks right', 'Looks right'],
    [4, undefined, 'Error'],
    [4, 'ignored at 4', 'Error'],
  ])('status %i with text %j reads %j', (status, text, expected) => {
    expect(inputStatusText(status, text)).toBe(expected);
  });

  it.each<[InputStatus, boolean]>([
    [1, true],
    [2, true],
    [3, true],
    [4, false],
  ])('Enter at status %i emits: %s', (status, emits) => {
    expect(enterEmits(status)).toBe(emits);
  });

  it.each([
    [null, false, 1],
    [{ ok: true as const }, false, 3],
    [{ ok: false as const, message: 'x' }, false, 1],
    [{ ok: false as const, message: 'x' }, true, 4],
  ])('validation %j touched %s gives status %i', (result, touched, status) => {
    expect(statusFromValidation(result, touched)).toBe(status);
  });
});

describe('interactive button statuses (contract §4)', () => {
  it.each<[ButtonStatus, boolean]>([
    [0, true],
    [1, false],
    [2, false],
    [3, false],
    [4, true],
  ])('status %i enabled: %s', (status, enabled) => {
    expect(buttonEnabled(status)).toBe(enabled);
  });
});
