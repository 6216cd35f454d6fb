import { useEffect, useState, type ReactNode } from 'react';
import type { Validation } from '../../forms/status.ts';
import { TextField } from '../../forms/TextField.tsx';
import { useValidatedField, type ValidatedField } from '../../forms/use-validated-field.ts';

/** What a field checked as it is typed shows: its §4 status, its words, and the check on leaving it. */
export function validatedProps(field: ValidatedField<string>) {
  return { status: field.status, successText: field.successText, message: field.message, onBlur: field.touch };
}

export const UK_MOBILE_WANTED = 'Please enter a UK mobile number, like 07700 900461';

/** A UK mobile as E.164, or null: src/domain/phone.ts's normaliseUkMobile. */
type Normalise = (input: string) => string | null;
let normaliser: Normalise | undefined;
let loading: Promise<Normalise> | undefined;

/**
 * The UK mobile check (libphonenumber and its +44 metadata, about 11 KB gzipped) is fetched the first
 * time a number is typed or checked, not with the page (docs/decisions/054); once here it is
 * synchronous. A failed fetch (a dropped connection) is tried again the next time.
 */
export function loadUkMobileCheck(): Promise<Normalise> {
  return (loading ??= import('../../../domain/phone.ts').then(
    ({ normaliseUkMobile }) => (normaliser = normaliseUkMobile),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/** The check once it is here (undefined before); fetched as soon as there is a number to check. */
function useUkMobileCheck(value: string): Normalise | undefined {
  const [normalise, setNormalise] = useState(() => normaliser);
  useEffect(() => {
    if (normalise || value === '') return;
    let shown = true;
    loadUkMobileCheck().then(
      (loaded) => shown && setNormalise(() => loaded),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [normalise, value]);
  return normalise;
}

/** A UK mobile or what is wrong with it; `successText` is said beside a right one. */
export function checkUkMobile(normalise: Normalise, value: string, successText?: string): Validation {
  return normalise(value) ? { ok: true, text: successText } : { ok: false, message: UK_MOBILE_WANTED };
}

export interface Phone {
  value: string;
  set(value: string): void;
  field: ValidatedField<string>;
  /** The number in E.164, or null while it is not a UK mobile (or its check is still on its way). */
  e164: string | null;
  /** The number in E.164 or null, once the check is here: what a submit waits for. */
  checked(): Promise<string | null>;
  /** Empty again, and not called wrong for it. */
  clear(): void;
}

/** A UK mobile being typed, checked as it is typed. */
export function usePhone(successText?: string): Phone {
  const [value, set] = useState('');
  const normalise = useUkMobileCheck(value);
  const field = useValidatedField(value, (typed: string) =>
    normalise ? checkUkMobile(normalise, typed, successText) : { ok: false, message: UK_MOBILE_WANTED },
  );
  return {
    value,
    set,
    // A number typed before its check has arrived is 'Validating', as while typing pauses.
    field: normalise || value === '' ? field : { ...field, status: 2, successText: undefined, message: undefined },
    e164: normalise ? normalise(value) : null,
    checked: () =>
      loadUkMobileCheck().then(
        (loaded) => loaded(value),
        () => null,
      ),
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
