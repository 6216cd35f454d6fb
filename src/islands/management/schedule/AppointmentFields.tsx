import { useId, type Dispatch } from 'react';
import type { BookingType } from '../../../domain/booking-types.ts';
import type { Extra } from '../../../domain/catalogue.ts';
import { addDays } from '../../../domain/london-time.ts';
import { formatPence } from '../../../domain/money.ts';
import { SelectField } from '../../forms/SelectField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { dayOf } from './common.ts';
import { ExtrasChoice } from './ExtrasChoice.tsx';
import { FreeTimes } from './FreeTimes.tsx';
import { offeredExtras, type PhoneBookingAction, type PhoneBookingState } from './phone-booking.ts';

/**
 * "3. The appointment": the service and its extras, the day (a step either way) and one of its free
 * times, which fit the visit's length: the dog's size and the extras ticked (decision 080).
 */
export function AppointmentFields({
  state,
  services,
  offered,
  weightKg,
  dispatch,
}: {
  state: Pick<PhoneBookingState, 'service' | 'extras' | 'date' | 'start' | 'timesVersion'>;
  services: readonly BookingType[];
  /** The extras offered with the service chosen. */
  offered: readonly Extra[];
  /** The dog's weight, once known: it decides the dog's size. */
  weightKg: number | undefined;
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
      <ExtrasChoice id={id} offered={offered} ticked={state.extras} dispatch={dispatch} />
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
          weightKg={weightKg}
          extras={offeredExtras(state, offered)}
          value={state.start}
          onChange={(start) => dispatch({ type: 'start', start })}
        />
      ) : null}
    </>
  );
}
