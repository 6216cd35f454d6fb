import type { KeyboardEvent } from 'react';
import { Field, controlProps, frameProps, type FieldCommonProps } from './Field.tsx';
import { enterEmits, type InputStatus } from './status.ts';

export type TextFieldType = 'text' | 'number' | 'tel' | 'email' | 'date' | 'time' | 'search';

/** What the single-line field and the textarea both take: the frame's props and the text typed. */
interface TextBlockProps extends FieldCommonProps {
  value: string;
  onChange(value: string): void;
  maxLength?: number;
  placeholder?: string;
  onBlur?(): void;
}

export interface TextFieldProps extends TextBlockProps {
  type?: TextFieldType;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  suffix?: string;
  /** Shown but not editable (a fixed record's name). */
  readOnly?: boolean;
  /** Whether it must be filled in; by default, unless optional. A search box is neither. */
  required?: boolean;
  /** Emitted on Enter, only when the status is not 4 (contract §4). */
  onEnter?(): void;
}

/** Shared Enter rule for every single-line block. */
export function enterHandler(status: InputStatus | undefined, onEnter?: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !onEnter) return;
    event.preventDefault();
    if (status === undefined || enterEmits(status)) onEnter();
  };
}

/** text, number, tel, email, date and time: one labelled input with the §4 status beside it. */
export function TextField(props: TextFieldProps) {
  const { id, type = 'text', value, onChange, status, suffix } = props;
  return (
    <Field {...frameProps(props)}>
      <div className="control" data-suffix={suffix ? 'true' : undefined}>
        <input
          id={id}
          name={id}
          className="input"
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={props.onBlur}
          onKeyDown={enterHandler(status, props.onEnter)}
          maxLength={props.maxLength}
          min={props.min}
          max={props.max}
          step={props.step}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          readOnly={props.readOnly}
          inputMode={props.inputMode ?? (type === 'number' ? 'decimal' : undefined)}
          {...controlProps(props)}
        />
        {suffix ? (
          <span className="control-suffix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
    </Field>
  );
}

export type TextAreaProps = TextBlockProps;

/** Textarea: five rows (contract §5). Enter makes a new line here, as visitors expect. */
export function TextArea(props: TextAreaProps) {
  const { id, value, onChange } = props;
  return (
    <Field {...frameProps(props)}>
      <textarea
        id={id}
        name={id}
        className="input textarea"
        rows={5}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={props.onBlur}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        {...controlProps(props)}
      />
      {props.maxLength ? (
        <span className="field-count" aria-hidden="true">
          {value.length}/{props.maxLength}
        </span>
      ) : null}
    </Field>
  );
}
