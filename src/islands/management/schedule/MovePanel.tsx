import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { StaffBookingResponseSchema } from '../../../domain/schedule.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { noVerdict } from '../../../client/api.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatClock, shortDate } from '../format.ts';
import { dayOf, type ChangePanelProps } from './common.ts';
import { FreeTimes } from './FreeTimes.tsx';

/** "Move…": another free time for the same service; the customer is told. */
export function MovePanel({ booking: b, now, onBack, onClose, onChanged }: ChangePanelProps & { now: Date }) {
  const id = useId();
  const submit = useSubmit('The appointment could not be moved.');
  const [date, setDate] = useState(dayOf(b.start));
  const [start, setStart] = useState('');
  // A time refused (taken meanwhile) is forgotten and the free times asked for again.
  const [timesVersion, setTimesVersion] = useState(0);

  const toDate = (value: string) => {
    setDate(value);
    setStart('');
  };

  const move = (e: FormEvent) => {
    e.preventDefault();
    if (!start) return submit.fail('Choose one of the free times first.');
    void submit.run(
      async () => {
        const result = await staffCall(apiRoutes.staffMoveBooking, {
          params: { id: b.id },
          body: { start },
          schema: StaffBookingResponseSchema,
        });
        if (result.error !== null && !noVerdict(result.status)) {
          setStart('');
          setTimesVersion((n) => n + 1);
        }
        return result;
      },
      () => {
        onClose();
        void onChanged({
          text: `Moved ${b.dog.name} to ${shortDate(dayOf(start))} at ${formatClock(start)}. The customer has been told.`,
        });
      },
    );
  };

  return (
    <form className="sched-form" onSubmit={move}>
      <TextField id={`${id}-date`} label="New date" type="date" value={date} min={dayOf(now)} onChange={toDate} />
      <FreeTimes
        key={timesVersion}
        service={b.service.id}
        date={date}
        exclude={b.id}
        value={start}
        onChange={setStart}
      />
      <FormActions
        submit={submit}
        label="Move and tell the customer"
        busyLabel="Moving…"
        disabled={!start}
        onCancel={onBack}
        cancelLabel="Back"
      />
    </form>
  );
}
