import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { formatPence } from '../../../domain/money.ts';
import { joinNames } from '../../../domain/party-quote.ts';
import { StaffBookingResponseSchema, type ScheduleBooking } from '../../../domain/schedule.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatClock } from '../format.ts';
import type { ChangePanelProps } from './common.ts';

/** "Cancel appointment…": a reason for the team, the deposit refunded or kept; the customer is told. */
export function CancelPanel({
  booking: b,
  mates = [],
  onBack,
  onClose,
  onChanged,
}: ChangePanelProps & { mates?: readonly ScheduleBooking[] }) {
  const id = useId();
  const submit = useSubmit('The appointment could not be cancelled.');
  const [reason, setReason] = useState('');
  // The shop cancelling gives the deposit back unless staff choose to keep it (issue 29).
  const [refund, setRefund] = useState(true);
  // A dog of a booking of several is cancelled with the others, and the one deposit is the booking's.
  const held = b.partyDepositHeldPence ?? b.depositHeldPence;
  const dogs = joinNames([b.dog.name, ...mates.map((m) => m.dog.name)]);

  const cancel = (e: FormEvent) => {
    e.preventDefault();
    void submit.run(
      () =>
        staffCall(apiRoutes.staffCancelBooking, {
          params: { id: b.id },
          body: {
            ...(reason.trim() ? { reason: reason.trim() } : {}),
            ...(held ? { refundDeposit: refund } : {}),
          },
          schema: StaffBookingResponseSchema,
        }),
      () => {
        onClose();
        void onChanged({
          text: mates.length
            ? `Cancelled the booking of ${dogs} at ${formatClock(b.start)}. The customer has been told.`
            : `Cancelled ${b.dog.name}'s ${b.service.title} at ${formatClock(b.start)}. The customer has been told.`,
        });
      },
    );
  };

  return (
    <form className="sched-form" onSubmit={cancel}>
      {mates.length ? <p>This cancels the whole booking: {dogs}.</p> : null}
      <TextField
        id={`${id}-reason`}
        label="Reason, for the team"
        optional
        maxLength={400}
        value={reason}
        onChange={setReason}
      />
      {held ? (
        <Checkbox
          id={`${id}-refund`}
          checked={refund}
          onChange={setRefund}
          required={false}
          hint={
            refund
              ? 'The customer is told it is on its way back.'
              : 'The customer is told the shop has kept it, as agreed with them.'
          }
        >
          Refund the {formatPence(held)} deposit
        </Checkbox>
      ) : null}
      <FormActions
        submit={submit}
        label="Cancel and tell the customer"
        busyLabel="Cancelling…"
        danger
        onCancel={onBack}
        cancelLabel="Keep it"
      />
    </form>
  );
}
