import type { ReactNode } from 'react';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';

export function StepButtons({
  onBack,
  onNext,
  nextLabel = 'Next',
  children,
}: {
  onBack?(): void;
  onNext?(): void;
  nextLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="step-buttons">
      {onNext ? (
        <InteractiveButton status={0} onClick={onNext} className="step-next">
          {nextLabel}
        </InteractiveButton>
      ) : null}
      {children}
      {onBack ? (
        <button type="button" className="link-button step-back" onClick={onBack}>
          Back
        </button>
      ) : null}
    </div>
  );
}
