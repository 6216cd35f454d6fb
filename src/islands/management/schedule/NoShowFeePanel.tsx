import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { formatPence, penceFromPounds, poundsFromPence } from '../../../domain/money.ts';
import { NoShowFeeResponseSchema, type NoShowFeeResponse } from '../../../domain/no-show-staff.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { useStaffRoute } from '../records-ui.tsx';
import { NoShowFeeRefund } from './NoShowFeeRefund.tsx';

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
  refunded: { tone: '', said: (a) => `No-show fee refunded: ${a}.` },
};

/** A refund asked of Stripe speaks over the fee's own status until it is through. */
const REFUND: Record<NonNullable<Fee['refund']>['status'], { tone: string; said(amount: string): string }> = {
  refunding: { tone: '', said: (a) => `Refunding ${a} to the card…` },
  failed: { tone: 'mgmt-notice--error', said: (a) => `The refund of ${a} failed.` },
};

function FeeStatus({ fee }: { fee: Fee }) {
  const held = fee.pence - fee.refundedPence;
  const status = fee.refund ? REFUND[fee.refund.status] : STATUS[fee.status];
  const part =
    fee.status === 'paid' && fee.refundedPence > 0 ? `${formatPence(fee.refundedPence)} of it refunded.` : null;
  const disputed = fee.dispute ? `The owner disputed it with their bank (${fee.dispute.replace(/_/g, ' ')}).` : null;
  const more = [fee.refund?.failure ?? fee.failure ?? (fee.refund ? null : STATUS[fee.status].more), part, disputed]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`mgmt-notice ${status.tone}`}>
      <p role="status">
        <strong>{status.said(formatPence(fee.refund ? held : fee.pence))}</strong>
        {more ? ` ${more}` : ''}
      </p>
    </div>
  );
}

/**
 * A no-show's fee (decision 081): what the rule the customer agreed to allows, charged to the saved
 * card on one confirm; how the charge went, a failure included, stays shown on the booking, and a paid
 * fee can be refunded from here.
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
      <NoShowFeeRefund bookingId={bookingId} state={s} onAnswer={loaded.set} />
      {s.reason && !s.chargeable && (!fee || fee.status === 'failed') ? <p className="field-hint">{s.reason}</p> : null}
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
