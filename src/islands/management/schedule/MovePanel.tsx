import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { joinNames } from '../../../domain/party-quote.ts';
import { StaffBookingResponseSchema, type ScheduleBooking } from '../../../domain/schedule.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { noVerdict } from '../../../client/api.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatClock, shortDate } from '../format.ts';
import { dayOf, type ChangePanelProps } from './common.ts';
import { FreeTimes } from './FreeTimes.tsx';

/**
 * "Move…": another free time for the same service; the customer is told. A dog of a booking of
 * several moves the whole booking (decision 082): the times offered are where every dog fits, each
 * the first dog's start, the others keeping their places beside or after it.
 */
export function MovePanel({
  booking: b,
  mates = [],
  now,
  onBack,
  onClose,
  onChanged,
}: ChangePanelProps & { now: Date; mates?: readonly ScheduleBooking[] }) {
  const id = useId();
  const submit = useSubmit('The appointment could not be moved.');
  const [date, setDate] = useState(dayOf(b.start));
  const [start, setStart] = useState('');
  // A time refused (taken meanwhile) is forgotten and the free times asked for again.
  const [timesVersion, setTimesVersion] = useState(0);
  const lead = mates.find((m) => m.id === b.partyId) ?? b;
  const dogs = joinNames([lead.dog.name, ...[b, ...mates].filter((m) => m.id !== lead.id).map((m) => m.dog.name)]);

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
          text: mates.length
            ? `Moved the booking of ${dogs} to ${shortDate(dayOf(start))}, ${lead.dog.name} at ${formatClock(start)}. The customer has been told.`
            : `Moved ${b.dog.name} to ${shortDate(dayOf(start))} at ${formatClock(start)}. The customer has been told.`,
        });
      },
    );
  };

  return (
    <form className="sched-form" onSubmit={move}>
      {mates.length ? (
        <p>
          This moves the whole booking of {dogs}. The times are where every dog fits: {lead.dog.name} starts at the time
          you choose, and the others keep their places.
        </p>
      ) : null}
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
