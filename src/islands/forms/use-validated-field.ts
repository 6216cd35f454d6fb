import { useEffect, useState } from 'react';
import { statusFromValidation, type InputStatus, type Validation } from './status.ts';

/** How long typing must pause before a value is checked; meanwhile the field shows 'Validating'. */
export const VALIDATE_DELAY_MS = 250;

export interface ValidatedField<T = unknown> {
  status: InputStatus;
  /** The validator's verdict on the current value (not waiting for the pause): for a step's "Next". */
  result: Validation;
  successText?: string;
  message?: string;
  /** Call on blur, or when the visitor tries to go on, so an empty required field shows its error. */
  touch(): void;
  /** Starts the field afresh at `value` (a form cleared after it was sent): 'Check' again, no error. */
  reset(value: T): void;
}

/**
 * Validates as the visitor types, with the §4 statuses: 'Validating' while typing, then 'Done' (or a
 * custom text) or 'Error'. An untouched empty field stays 'Check' so a fresh form does not shout.
 */
export function useValidatedField<T>(
  value: T,
  validate: (value: T) => Validation,
  options: { delayMs?: number } = {},
): ValidatedField<T> {
  const delay = options.delayMs ?? VALIDATE_DELAY_MS;
  const [settled, setSettled] = useState(value);
  const [touched, setTouched] = useState(() => !isEmpty(value));
  useEffect(() => {
    if (Object.is(value, settled)) return;
    if (!isEmpty(value)) setTouched(true);
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, delay]);
  const result = validate(value);
  const settledResult = Object.is(value, settled) ? result : validate(settled);
  const waiting = !Object.is(value, settled) && !isEmpty(value);
  // An empty field is 'ready' (Check) until it is touched, and always when it is optional.
  const status: InputStatus = waiting
    ? 2
    : isEmpty(settled) && (!touched || settledResult.ok)
      ? 1
      : statusFromValidation(settledResult, touched);
  return {
    status,
    result,
    successText: settledResult.ok ? settledResult.text : undefined,
    message: !settledResult.ok && status === 4 ? settledResult.message : undefined,
    touch: () => {
      setTouched(true);
      setSettled(value);
    },
    reset: (next: T) => {
      setTouched(false);
      setSettled(next);
    },
  };
}

/** A validated field's part of its block's props: the status, the texts, and the touch on leaving it. */
export function validatedProps(field: ValidatedField<never>) {
  return { status: field.status, successText: field.successText, message: field.message, onBlur: field.touch };
}

/** Touches every field when `when` turns true (the visitor tried to go on), so the empty ones say so. */
export function useTouchWhen(when: boolean, fields: ReadonlyArray<ValidatedField<never>>): void {
  useEffect(() => {
    if (when) fields.forEach((field) => field.touch());
    // Only on the change of `when`: the fields are new objects every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [when]);
}

function isEmpty(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}
