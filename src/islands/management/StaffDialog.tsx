import { useEffect, useRef, type ReactNode } from 'react';
import type { SubmitProblem } from '../forms/use-submit.ts';

/**
 * A modal window for the staff screens: the browser's own `<dialog>` (focus kept inside, Escape
 * closes, the page behind inert), opened as soon as it is drawn and closed by unmounting.
 */
export function StaffDialog({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const titleId = `dialog-${title.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
  return (
    <dialog
      ref={ref}
      className={`mgmt-dialog${wide ? ' mgmt-dialog--wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="mgmt-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="mgmt-dialog__close" onClick={onClose} aria-label="Close">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="mgmt-dialog__body">{children}</div>
    </dialog>
  );
}

/** An error from the server, said plainly, with a way to try again when trying again can help. */
export function ErrorNotice({
  message,
  onRetry,
  retryLabel = 'Try again',
}: {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="mgmt-notice mgmt-notice--error mgmt-notice--row" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="sched-button sched-button--ghost" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}

/** A tap's failure as useSubmit reports it, in words, with "Try again" where it can be tried again. */
export function TapProblem({ problem }: { problem: SubmitProblem | null }) {
  return problem ? <ErrorNotice message={problem.text} {...(problem.retry ? { onRetry: problem.retry } : {})} /> : null;
}
