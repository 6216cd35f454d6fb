import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { formatPence, penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import { NoShowFeeResponseSchema, type NoShowFeeResponse } from '../../../domain/no-show-staff.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useStaffRoute } from '../records-ui.tsx';

const STATUS: Record<NonNullable<NoShowFeeResponse['fee']>['status'], string> = {
  charging: 'Charging the saved card…',
  paid: 'No-show fee taken',
  link_sent: 'The bank asked the owner to approve it: a payment link was sent to them',
  failed: 'The no-show fee was not taken',
};

/**
 * A no-show's fee (decision 081): what the rule the customer agreed to allows, charged to the saved
 * card on one confirm; how the charge went, a failure included, stays shown on the booking.
 */
export function NoShowFeePanel({ bookingId }: { bookingId: string }) {
  const id = useId();
  const loaded = useStaffRoute(apiRoutes.noShowFee, { params: { id: bookingId }, schema: NoShowFeeResponseSchema });
  const [amount, setAmount] = useState<string | null>(null);
  const submit = useSubmit('The fee could not be charged.');
  const s = loaded.data;
  if (!s) return null;
  const fee = s.fee;
  const charge = (e: FormEvent) => {
    e.preventDefault();
    const pence = penceFromPounds(amount ?? '');
    if (!pence || pence > s.capPence) return submit.fail(`Charge from £0.01 up to ${formatPence(s.capPence)}`);
    void submit.run(
      () =>
        staffCall(apiRoutes.chargeNoShowFee, {
          params: { id: bookingId },
          body: { pence },
          schema: NoShowFeeResponseSchema,
        }),
      (answer) => {
        setAmount(null);
        loaded.set(answer);
      },
    );
  };
  return (
    <section className="sched-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>No-show fee</h3>
      {fee ? (
        <p role="status">
          <strong>{STATUS[fee.status]}</strong>: {formatPence(fee.pence)}.{fee.failure ? ` ${fee.failure}` : ''}
        </p>
      ) : null}
      {s.reason && !s.chargeable && fee?.status !== 'paid' && fee?.status !== 'link_sent' ? (
        <p className="field-hint">{s.reason}</p>
      ) : null}
      {s.chargeable && amount === null ? (
        <button
          type="button"
          className="sched-button sched-button--warn"
          onClick={() => setAmount(poundsFromPence(s.capPence))}
        >
          {fee?.status === 'failed' ? 'Try the card again…' : `Charge no-show fee (up to ${formatPence(s.capPence)})…`}
        </button>
      ) : null}
      {s.chargeable && amount !== null ? (
        <form onSubmit={charge}>
          <TextField
            id={`${id}-amount`}
            label="Fee to charge (£)"
            hint={`Up to ${formatPence(s.capPence)}, the rule the customer agreed to, less any deposit kept.`}
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
          />
          <FormActions
            submit={submit}
            label={`Charge ${formatPence(penceFromPounds(amount) ?? 0)}`}
            busyLabel="Charging…"
            onCancel={() => setAmount(null)}
          />
        </form>
      ) : null}
    </section>
  );
}
