import type { ReactNode } from 'react';
import { Field, describedBy, fieldInvalid } from './Field.tsx';
import type { InputStatus } from './status.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  value: string;
  onChange(value: string): void;
  status?: InputStatus;
  message?: string;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
}

/** A native select in the field frame: for short lists where a searchable dropdown would be too much. */
export function SelectField(props: SelectFieldProps) {
  const { id, label, options, value, onChange, status, message, hint, optional } = props;
  return (
    <Field id={id} label={label} hint={hint} status={status} message={message} optional={optional}>
      <select
        id={id}
        name={id}
        className="input"
        value={value}
        disabled={props.disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={fieldInvalid(status, message) ? true : undefined}
        aria-describedby={describedBy(id, hint, status ?? null)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
