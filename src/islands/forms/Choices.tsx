import type { ReactNode } from 'react';
import { Field, controlProps, frameProps, type FieldCommonProps } from './Field.tsx';

export interface CheckboxProps extends Omit<FieldCommonProps, 'label'> {
  /** The text beside the box; may hold links. */
  children: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  label?: ReactNode;
  /** Whether it must be ticked to go on; by default, unless optional. A staff switch is neither. */
  required?: boolean;
}

export function Checkbox(props: CheckboxProps) {
  const { id, checked, onChange } = props;
  return (
    <Field {...frameProps({ ...props, id: `${id}-field`, label: props.label ?? '' })} group="group">
      <div className="check">
        <input
          id={id}
          type="checkbox"
          className="check-input"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          {...controlProps({ ...props, id: `${id}-field` })}
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

export interface RadioGroupProps extends FieldCommonProps {
  options: RadioOption[];
  value: string | null;
  onChange(value: string): void;
  /** 'cards' for long rows (services), 'chips' for short ones in a wrapping grid (coat, times). */
  variant?: 'cards' | 'chips';
}

/** Native radio buttons (arrow keys move between them) styled as large tap targets. */
export function RadioGroup(props: RadioGroupProps) {
  const { id, options, value, onChange, variant = 'cards' } = props;
  return (
    <Field {...frameProps(props)} group="radiogroup">
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
