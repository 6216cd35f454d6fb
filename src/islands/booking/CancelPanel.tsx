import { useState } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { InteractiveButton } from '../forms/InteractiveButton.tsx';
import type { ButtonStatus } from '../forms/status.ts';
import type { BookingView, Outcome } from './booking-view.ts';

/** "Cancel booking": what happens to the deposit, then the cancel itself. */
export function CancelPanel({
  view,
  when,
  onOutcome,
  onKeep,
}: {
  view: BookingView;
  /** The appointment's time as the page writes it. */
  when: string;
  onOutcome(outcome: Outcome): void;
  onKeep(): void;
}) {
  const [status, setStatus] = useState<ButtonStatus>(0);
  const cancel = async () => {
    setStatus(1);
    const result = await callApi(apiRoutes.cancelBooking, { params: { id: view.id }, timeoutMs: 15_000 });
    setStatus(0);
    if (result.error) return onOutcome({ kind: 'error', text: result.error });
    onOutcome({
      kind: 'ok',
      text:
        view.refundOnCancel && view.depositPaidPence > 0
          ? 'Your booking is cancelled and your deposit is on its way back to you.'
          : 'Your booking is cancelled.',
    });
  };
  return (
    <div className="notice">
      <p>
        <strong>Cancel {when}?</strong>{' '}
        {view.depositPaidPence > 0
          ? view.refundOnCancel
            ? 'Your deposit will be refunded.'
            : 'Your deposit cannot be refunded this close to the appointment.'
          : ''}
      </p>
      <div className="step-buttons">
        <InteractiveButton status={status} onClick={() => void cancel()} statusText="Cancelling…">
          Yes, cancel it
        </InteractiveButton>
        <button type="button" className="link-button" onClick={onKeep}>
          Keep my booking
        </button>
      </div>
    </div>
  );
}
