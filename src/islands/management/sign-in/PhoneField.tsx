import { useState, type ReactNode } from 'react';
import { normaliseUkMobile } from '../../../domain/phone.ts';
import type { Validation } from '../../forms/status.ts';
import { TextField } from '../../forms/TextField.tsx';
import { useValidatedField, type ValidatedField } from '../../forms/use-validated-field.ts';

/** What a field checked as it is typed shows: its §4 status, its words, and the check on leaving it. */
export function validatedProps(field: ValidatedField<string>) {
  return { status: field.status, successText: field.successText, message: field.message, onBlur: field.touch };
}

export const UK_MOBILE_WANTED = 'Please enter a UK mobile number, like 07700 900461';

/** A UK mobile or what is wrong with it; `successText` is said beside a right one. */
export function checkUkMobile(value: string, successText?: string): Validation {
  return normaliseUkMobile(value) ? { ok: true, text: successText } : { ok: false, message: UK_MOBILE_WANTED };
}

export interface Phone {
  value: string;
  set(value: string): void;
  field: ValidatedField<string>;
  /** The number in E.164, or null while it is not a UK mobile. */
  e164: string | null;
  /** Empty again, and not called wrong for it. */
  clear(): void;
}

/** A UK mobile being typed, checked as it is typed. */
export function usePhone(successText?: string): Phone {
  const [value, set] = useState('');
  const field = useValidatedField(value, (typed: string) => checkUkMobile(typed, successText));
  return {
    value,
    set,
    field,
    e164: normaliseUkMobile(value),
    clear: () => {
      set('');
      field.reset('');
    },
  };
}

/** The field of a UK mobile, as staff sign in with it. */
export function PhoneField({
  id,
  label,
  phone,
  autoComplete,
  hint,
}: {
  id: string;
  label: string;
  phone: Phone;
  /** "tel" for one's own number, "off" for a colleague's. */
  autoComplete: 'tel' | 'off';
  hint?: ReactNode;
}) {
  return (
    <TextField
      id={id}
      label={label}
      type="tel"
      inputMode="tel"
      maxLength={20}
      value={phone.value}
      onChange={phone.set}
      autoComplete={autoComplete}
      hint={hint}
      {...validatedProps(phone.field)}
    />
  );
}
