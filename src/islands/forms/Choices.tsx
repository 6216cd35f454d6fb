import type { ReactNode } from 'react';
import { Field, describedBy, fieldInvalid } from './Field.tsx';
import type { InputStatus } from './status.ts';

export interface CheckboxProps {
  id: string;
  /** The text beside the box; may hold links. */
  children: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  status?: InputStatus;
  successText?: string;
  message?: string;
  label?: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** Whether it must be ticked to go on; by default, unless optional. A staff switch is neither. */
  required?: boolean;
}

export function Checkbox(props: CheckboxProps) {
  const { id, checked, onChange, status, successText, message, hint, optional } = props;
  return (
    <Field
      id={`${id}-field`}
      label={props.label ?? ''}
      hint={hint}
      status={status}
      successText={successText}
      message={message}
      group="group"
      optional={optional}
    >
      <div className="check">
        <input
          id={id}
          type="checkbox"
          className="check-input"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          required={props.required ?? !optional}
          aria-invalid={fieldInvalid(status, message) ? true : undefined}
          aria-describedby={describedBy(`${id}-field`, hint, status ?? null)}
        />
        <label htmlFor={id} className="check-label">
          {props.children}
        </label>
      </div>
    </Field>
  );
}

export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  /** Extra text to the right of the label (a price, a count). */
  aside?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  id: string;
  label: ReactNode;
  options: RadioOption[];
  value: string | null;
  onChange(value: string): void;
  status?: InputStatus;
  successText?: string;
  message?: string;
  hint?: ReactNode;
  /** 'cards' for long rows (services), 'chips' for short ones in a wrapping grid (coat, times). */
  variant?: 'cards' | 'chips';
  optional?: boolean;
}

/** Native radio buttons (arrow keys move between them) styled as large tap targets. */
export function RadioGroup(props: RadioGroupProps) {
  const {
    id,
    label,
    options,
    value,
    onChange,
    status,
    successText,
    message,
    hint,
    variant = 'cards',
    optional,
  } = props;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      status={status}
      successText={successText}
      message={message}
      group="radiogroup"
      optional={optional}
    >
      <div className={`radios radios--${variant}`}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              className="radio"
              htmlFor={optionId}
              data-checked={value === option.value ? 'true' : undefined}
            >
              <input
                id={optionId}
                type="radio"
                className="radio-input"
                name={id}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
              />
              <span className="radio-body">
                <span className="radio-label">{option.label}</span>
                {option.description ? <span className="radio-description">{option.description}</span> : null}
              </span>
              {option.aside ? <span className="radio-aside">{option.aside}</span> : null}
            </label>
          );
        })}
      </div>
    </Field>
  );
}
