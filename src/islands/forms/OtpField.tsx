import { useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Field, describedBy } from './Field.tsx';
import { enterEmits, type InputStatus } from './status.ts';

export interface OtpFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  status: InputStatus;
  successText?: string;
  message?: string;
  hint?: ReactNode;
  /** One box per character (contract §5). */
  maxLength?: number;
  /** Characters a box accepts; digits by default. */
  pattern?: RegExp;
  onEnter?(): void;
}

/** Keeps the characters a code may hold, at most `length` of them. */
export function cleanCode(text: string, length: number, pattern: RegExp = /[0-9]/): string {
  return [...text]
    .filter((ch) => pattern.test(ch))
    .slice(0, length)
    .join('');
}

/** One box per character; typing moves on, Backspace moves back, pasting fills every box. */
export function OtpField(props: OtpFieldProps) {
  const { id, label, value, onChange, status, successText, message, hint, maxLength = 6, pattern = /[0-9]/ } = props;
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(maxLength - 1, index))]?.focus();
  const chars = Array.from({ length: maxLength }, (_, i) => value[i] ?? '');

  const setAt = (index: number, ch: string) => {
    const next = chars.slice();
    next[index] = ch;
    onChange(next.join('').slice(0, maxLength));
  };
  const onInput = (index: number, raw: string) => {
    const typed = cleanCode(raw, maxLength, pattern);
    if (typed.length > 1) {
      // Autofill from an SMS or a fast typist: spread the characters from this box on.
      const next = (value.slice(0, index) + typed).slice(0, maxLength);
      onChange(next);
      focusBox(next.length);
      return;
    }
    setAt(index, typed);
    if (typed) focusBox(index + 1);
  };
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !chars[index] && index > 0) {
      event.preventDefault();
      setAt(index - 1, '');
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Enter' && props.onEnter) {
      event.preventDefault();
      if (enterEmits(status)) props.onEnter();
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const code = cleanCode(event.clipboardData.getData('text'), maxLength, pattern);
    onChange(code);
    focusBox(code.length);
  };

  return (
    <Field id={id} label={label} hint={hint} status={status} successText={successText} message={message} group="group">
      <div className="otp">
        {chars.map((ch, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            id={index === 0 ? id : `${id}-${index}`}
            className="input otp-box"
            value={ch}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Character ${index + 1} of ${maxLength}`}
            aria-invalid={status === 4 ? true : undefined}
            aria-describedby={describedBy(id, hint)}
            onChange={(event) => onInput(index, event.target.value.replace(ch, '') || event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </Field>
  );
}
