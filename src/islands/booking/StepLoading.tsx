import { Spinner } from '../forms/Field.tsx';
import { RetryNotice } from './RetryNotice.tsx';

/** A step whose code is still on its way (rare: it is fetched while the visitor is on the step before). */
export function StepLoading({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  if (failed) {
    return (
      <RetryNotice onRetry={onRetry}>
        We could not load this step just now. Please check your connection and try again.
      </RetryNotice>
    );
  }
  return (
    <p className="picker-loading step-loading" role="status">
      <Spinner /> Loading…
    </p>
  );
}
