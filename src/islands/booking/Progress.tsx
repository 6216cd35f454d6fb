import { STEP, STEPS, type StepIndex } from './answers.ts';

/** The progress list: a step reached is a button back to it, the one on show is the current step. */
export function Progress({
  step,
  reachable,
  onJump,
  serviceTitle,
}: {
  step: StepIndex;
  reachable(s: StepIndex): boolean;
  onJump(s: StepIndex): void;
  serviceTitle: string | null;
}) {
  return (
    <nav className="progress" aria-label="Booking steps">
      <p className="progress-count" aria-hidden="true">
        Step {step + 1} of {STEPS.length}
      </p>
      <div className="progress-bar" aria-hidden="true">
        <span style={{ width: `${((step + 1) / STEPS.length) * 100}%` }} />
      </div>
      <ol className="progress-steps">
        {STEPS.map((name, index) => {
          const i = index as StepIndex;
          const state = i < step ? 'done' : i === step ? 'current' : 'todo';
          return (
            <li key={name} data-state={state}>
              {i !== step && reachable(i) ? (
                <button type="button" className="progress-step" onClick={() => onJump(i)}>
                  <span className="progress-num" aria-hidden="true">
                    {i < step ? '✓' : i + 1}
                  </span>
                  <span className="progress-name">{name}</span>
                  {/* The service chosen by the button that brought the visitor here, one tap from changing. */}
                  {i === STEP.service && serviceTitle && i < step ? (
                    <span className="progress-detail">{serviceTitle}</span>
                  ) : null}
                  {i < step ? <span className="visually-hidden"> (done)</span> : null}
                </button>
              ) : (
                <span className="progress-step" aria-current={i === step ? 'step' : undefined}>
                  <span className="progress-num" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span className="progress-name">{name}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
