import { useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { formatPence } from '../../../domain/money.ts';
import { NoShowFeeResponseSchema, type NoShowFeeResponse } from '../../../domain/no-show-staff.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';

/**
 * Giving a paid no-show fee back (decision 081, "Refunding a fee"): one confirm, the whole fee still
 * held back to the card it was paid with. A refund Stripe refused is shown in the fee's status above
 * and tried again only from here, when a person asks.
 */
export function NoShowFeeRefund({
  bookingId,
  state,
  onAnswer,
}: {
  bookingId: string;
  state: NoShowFeeResponse;
  onAnswer: (answer: NoShowFeeResponse) => void;
}) {
  const [asking, setAsking] = useState(false);
  const submit = useSubmit('The fee could not be refunded.');
  const fee = state.fee;
  if (!fee || !state.refundable) return null;
  const held = formatPence(fee.pence - fee.refundedPence);
  const refund = (e: FormEvent) => {
    e.preventDefault();
    void submit.run(
      () =>
        staffCall(apiRoutes.refundNoShowFee, {
          params: { id: bookingId },
          body: {},
          schema: NoShowFeeResponseSchema,
        }),
      (answer) => {
        setAsking(false);
        onAnswer(answer);
      },
    );
  };
  if (!asking)
    return (
      <button type="button" className="sched-button sched-button--ghost" onClick={() => setAsking(true)}>
        {fee.refund?.status === 'failed' ? 'Try the refund again…' : 'Refund fee…'}
      </button>
    );
  return (
    <form onSubmit={refund}>
      <p>{`${held} goes back to the card it was paid with. The no-show can be undone once it is refunded.`}</p>
      <FormActions submit={submit} label={`Refund ${held}`} busyLabel="Refunding…" onCancel={() => setAsking(false)} />
    </form>
  );
}
