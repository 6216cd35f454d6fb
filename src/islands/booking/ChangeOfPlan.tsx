import { FairRules } from './FairRules.tsx';
import { useState } from 'react';
import type { BookingView, Outcome } from './booking-view.ts';
import { CancelPanel } from './CancelPanel.tsx';
import { MovePanel } from './MovePanel.tsx';

/** "Change of plan?": the policy, then a move or a cancel, one panel at a time. */
export function ChangeOfPlan({
  view,
  when,
  onOutcome,
  reload,
}: {
  view: BookingView;
  when: string;
  /** null when a panel opens: an earlier outcome no longer stands. */
  onOutcome(outcome: Outcome | null): void;
  reload(): void;
}) {
  const [action, setAction] = useState<'none' | 'cancel' | 'move'>('none');
  const open = (panel: 'cancel' | 'move') => () => {
    onOutcome(null);
    setAction(panel);
  };
  const done = (outcome: Outcome) => {
    onOutcome(outcome);
    if (outcome.kind === 'error') return;
    setAction('none');
    reload();
  };
  const keep = () => setAction('none');
  return (
    <div className="booking-card">
      <h2 className="picker-heading">Change of plan?</h2>
      <p>
        {view.policyMessage} <a href="/legal/refunds-and-cancellations">Refunds and cancellations policy</a>.
      </p>
      <FairRules rules={view.rules} id="booking-rules" />
      {action === 'none' ? (
        <div className="actions">
          {view.canMove ? (
            <button type="button" className="button button--ghost" onClick={open('move')}>
              Move to another time
            </button>
          ) : null}
          {view.canCancel ? (
            <button type="button" className="button button--ghost" onClick={open('cancel')}>
              Cancel booking
            </button>
          ) : null}
        </div>
      ) : null}
      {action === 'cancel' ? <CancelPanel view={view} when={when} onOutcome={done} onKeep={keep} /> : null}
      {action === 'move' ? <MovePanel view={view} onOutcome={done} onKeep={keep} /> : null}
    </div>
  );
}
