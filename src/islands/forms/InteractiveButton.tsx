import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Field.tsx';
import { buttonEnabled, type ButtonStatus } from './status.ts';

export interface InteractiveButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  status: ButtonStatus;
  children: ReactNode;
  /** Shown instead of the children at loading (1), warning (2), error (3) or success (4), when given. */
  statusText?: string;
  variant?: 'accent' | 'brand' | 'ghost';
}

/** Contract §4: 0 default, 1 loading, 2 warning, 3 error, 4 success; enabled only at 0 or 4. */
export function InteractiveButton({
  status,
  children,
  statusText,
  variant = 'accent',
  className,
  type = 'button',
  ...rest
}: InteractiveButtonProps) {
  const enabled = buttonEnabled(status);
  return (
    <button
      {...rest}
      type={type}
      className={`ibutton ibutton--${variant} ${className ?? ''}`}
      data-status={status}
      disabled={!enabled}
      aria-busy={status === 1 ? true : undefined}
    >
      {status === 1 ? <Spinner /> : null}
      {status === 2 ? <span aria-hidden="true">⚠</span> : null}
      {status === 3 ? <span aria-hidden="true">✕</span> : null}
      {status === 4 ? <span aria-hidden="true">✓</span> : null}
      <span>{status !== 0 && statusText ? statusText : children}</span>
    </button>
  );
}
