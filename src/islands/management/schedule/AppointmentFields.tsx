import { useId, type Dispatch } from 'react';
import type { BookingType } from '../../../domain/booking-types.ts';
import { addDays } from '../../../domain/london-time.ts';
import { formatPence } from '../../../domain/money.ts';
import { SelectField } from '../../forms/SelectField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { dayOf } from './common.ts';
import { FreeTimes } from './FreeTimes.tsx';
import type { PhoneBookingAction, PhoneBookingState } from './phone-booking.ts';

/** "3. The appointment": the service, the day (a step either way) and one of its free times. */
export function AppointmentFields({
  state,
  services,
  dispatch,
}: {
  state: Pick<PhoneBookingState, 'service' | 'date' | 'start' | 'timesVersion'>;
  services: readonly BookingType[];
  dispatch: Dispatch<PhoneBookingAction>;
}) {
  const id = useId();
  const { service, date } = state;
  const today = dayOf();
  const toDate = (to: string) => dispatch({ type: 'date', date: to });
  return (
    <>
      <div className="sched-fields">
        <SelectField
          id={`${id}-service`}
          label="Service"
          value={service}
          onChange={(to) => dispatch({ type: 'service', id: to })}
          options={services.map((s) => ({
            value: s._id,
            label: `${s.title} · ${s.duration} min · from ${formatPence(s.price)}`,
          }))}
        />
        <TextField id={`${id}-date`} label="Date" type="date" value={date} min={today} onChange={toDate} />
      </div>
      <div className="sched-daystep">
        <button
          type="button"
          className="sched-button sched-button--ghost"
          onClick={() => toDate(addDays(date, -1))}
          disabled={date <= today}
        >
          Day before
        </button>
        <button type="button" className="sched-button sched-button--ghost" onClick={() => toDate(addDays(date, 1))}>
          Day after
        </button>
      </div>
      {service ? (
        <FreeTimes
          key={state.timesVersion}
          service={service}
          date={date}
          value={state.start}
          onChange={(start) => dispatch({ type: 'start', start })}
        />
      ) : null}
    </>
  );
}
