import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { formatPence, penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import { NoShowFeeResponseSchema, type NoShowFeeResponse } from '../../../domain/no-show-staff.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useStaffRoute } from '../records-ui.tsx';

type Fee = NonNullable<NoShowFeeResponse['fee']>;

/** How the charge went, first in a few words with its amount, then what it means for staff. */
const STATUS: Record<Fee['status'], { tone: string; said(amount: string): string; more?: string }> = {
  charging: { tone: '', said: (a) => `Charging ${a} to the saved card…` },
  paid: { tone: 'mgmt-notice--ok', said: (a) => `No-show fee taken: ${a}.` },
  link_sent: {
    tone: '',
    said: (a) => `Payment link sent: ${a}.`,
    more: 'The bank asked the owner to approve the fee, so they were sent a link to pay it.',
  },
  failed: { tone: 'mgmt-notice--error', said: (a) => `The charge of ${a} failed.` },
};

function FeeStatus({ fee }: { fee: Fee }) {
  const status = STATUS[fee.status];
  const more = fee.failure ?? status.more;
  return (
    <div className={`mgmt-notice ${status.tone}`}>
      <p role="status">
        <strong>{status.said(formatPence(fee.pence))}</strong>
        {more ? ` ${more}` : ''}
      </p>
    </div>
  );
}

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
    <section className="sched-form sched-fee" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>No-show fee</h3>
      {fee ? <FeeStatus fee={fee} /> : null}
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
