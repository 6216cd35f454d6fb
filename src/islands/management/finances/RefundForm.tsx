import { useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { RefundResponseSchema, type Deposit } from '../../../domain/finances.ts';
import { poundsFromPence } from '../../../domain/money.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { checkRefund } from './refund.ts';

/** A deposit given back, in whole or in part, with the reason the accounts need. */
export function RefundForm({
  deposit: d,
  onDone,
  onCancel,
}: {
  deposit: Deposit;
  onDone(text: string): void;
  onCancel(): void;
}) {
  const [amount, setAmount] = useState(poundsFromPence(d.refundablePence));
  const [reason, setReason] = useState('');
  const [wrong, setWrong] = useState<{ amount?: string; reason?: string }>({});
  const submit = useSubmit('The refund did not go through');

  const refund = () => {
    const checked = checkRefund(amount, reason, d.refundablePence);
    setWrong(checked.ok ? {} : checked);
    if (!checked.ok) return;
    void submit.run(
      () =>
        staffCall(apiRoutes.refund, {
          body: { bookingId: d.bookingId, ...checked.request },
          schema: RefundResponseSchema,
          timeoutMs: 30_000,
        }),
      (answer) => onDone(answer.message),
    );
  };

  return (
    <form
      className="rec-form rec-refund"
      onSubmit={(event) => {
        event.preventDefault();
        refund();
      }}
      noValidate
      aria-label={`Refund ${d.customerName}'s deposit`}
    >
      <div className="rec-pair">
        <TextField
          id={`refund-amount-${d.bookingId}`}
          label="Amount to refund (£)"
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          message={wrong.amount}
        />
        <TextField
          id={`refund-reason-${d.bookingId}`}
          label="Reason"
          maxLength={180}
          value={reason}
          placeholder="e.g. Cancelled by us, illness"
          onChange={setReason}
          message={wrong.reason}
        />
      </div>
      <FormActions submit={submit} label="Refund now" busyLabel="Refunding…" onCancel={onCancel} />
    </form>
  );
}
