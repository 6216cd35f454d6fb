import type { ReactNode } from 'react';
import { Field, describedBy, fieldInvalid } from './Field.tsx';

export interface FileFieldProps {
  id: string;
  label: ReactNode;
  /** The types it takes, e.g. "image/jpeg,image/png". */
  accept?: string;
  /** Which camera a phone or tablet opens straight away ('environment': the back one), instead of its files. */
  capture?: 'environment' | 'user';
  onChange(file: File | null): void;
  message?: string;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  /** Whether a file must be chosen to go on; by default, unless optional. A picture changed at once is neither. */
  required?: boolean;
}

/** One file chosen from the device (a picture), in the field frame; checked by the form on Save. */
export function FileField(props: FileFieldProps) {
  const { id, label, accept, onChange, message, hint, optional } = props;
  return (
    <Field id={id} label={label} hint={hint} message={message} optional={optional}>
      <input
        id={id}
        name={id}
        className="input input--file"
        type="file"
        accept={accept}
        capture={props.capture}
        disabled={props.disabled}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        required={props.required ?? !optional}
        aria-invalid={fieldInvalid(undefined, message) ? true : undefined}
        aria-describedby={describedBy(id, hint, null)}
      />
    </Field>
  );
}
