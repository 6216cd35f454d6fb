import type { ReactNode } from 'react';

/** Something did not load: said at once (role=alert), with a "Try again" beside it. */
export function RetryNotice({ children, onRetry }: { children: ReactNode; onRetry(): void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{children}</p>
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
