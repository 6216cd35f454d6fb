import type { ReactNode } from 'react';
import { Spinner } from './Field.tsx';
import type { Submit } from './use-submit.ts';
import { unlessBusy } from './unless-busy.ts';

export interface FormActionsProps {
  submit: Pick<Submit, 'busy' | 'problem'>;
  /** The submit button's words, e.g. "Save service". */
  label: ReactNode;
  /** Shown while the call is on its way, e.g. "Saving…". */
  busyLabel?: ReactNode;
  onCancel?(): void;
  cancelLabel?: ReactNode;
  /** A destructive action (cancel a booking, erase a record) is drawn as one. */
  danger?: boolean;
  disabled?: boolean;
  /** Anything else in the row (a secondary action). */
  children?: ReactNode;
}

/**
 * The end of every form: the submission's problem (announced, with "Try again" when the call may not
 * have arrived), then the submit button and Cancel. One place, so every screen says it the same way.
 * While the call is on its way the buttons are aria-disabled, not disabled: a disabled button drops
 * the keyboard user's focus to the page, and useSubmit already sends once however often it is pressed.
 */
export function FormActions({
  submit,
  label,
  busyLabel,
  onCancel,
  cancelLabel = 'Cancel',
  danger,
  disabled,
  children,
}: FormActionsProps) {
  const { busy, problem } = submit;
  return (
    <div className="form-end">
      <div className="form-problem" role="alert">
        {problem ? (
          <>
            <p className="field-message">{problem.text}</p>
            {problem.retry ? (
              <button type="button" className="ibutton ibutton--ghost" {...unlessBusy(busy, problem.retry)}>
                Try again
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className={`ibutton ${danger ? 'ibutton--danger' : 'ibutton--brand'}`}
          disabled={disabled}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
        >
          {busy ? <Spinner /> : null}
          <span>{busy && busyLabel ? busyLabel : label}</span>
        </button>
        {onCancel ? (
          <button type="button" className="ibutton ibutton--ghost" {...unlessBusy(busy, onCancel)}>
            {cancelLabel}
          </button>
        ) : null}
        {children}
      </div>
    </div>
  );
}
