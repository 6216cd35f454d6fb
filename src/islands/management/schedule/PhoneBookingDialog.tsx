import { useId } from 'react';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextArea } from '../../forms/TextField.tsx';
import { StaffDialog } from '../StaffDialog.tsx';
import { AppointmentFields } from './AppointmentFields.tsx';
import { CustomerLookup } from './CustomerLookup.tsx';
import { DogFields } from './DogFields.tsx';
import { visitWeight } from './phone-booking.ts';
import { usePhoneBooking } from './use-phone-booking.ts';

/** A booking taken on the phone: the caller, their dog, a free time; the confirmation goes out at once. */
export function PhoneBookingDialog({
  date,
  onClose,
  onBooked,
}: {
  date: string;
  onClose: () => void;
  onBooked: (booking: ScheduleBooking) => Promise<void>;
}) {
  const id = useId();
  const { state, dispatch, services, breeds, offered, submit, book } = usePhoneBooking(date, onBooked);
  return (
    <StaffDialog title="New phone booking" onClose={onClose} wide>
      <form className="sched-form" onSubmit={book} noValidate>
        <fieldset className="sched-step">
          <legend>1. The caller</legend>
          <CustomerLookup state={state} dispatch={dispatch} />
        </fieldset>
        <fieldset className="sched-step">
          <legend>2. The dog</legend>
          <DogFields state={state} breeds={breeds} dispatch={dispatch} />
        </fieldset>
        <fieldset className="sched-step">
          <legend>3. The appointment</legend>
          <AppointmentFields
            state={state}
            services={services}
            offered={offered}
            weightKg={visitWeight(state)}
            dispatch={dispatch}
          />
          <TextArea
            id={`${id}-note`}
            label="Note for the team"
            optional
            maxLength={1000}
            value={state.note}
            onChange={(note) => dispatch({ type: 'note', note })}
          />
        </fieldset>
        <FormActions
          submit={submit}
          label="Book and send the confirmation"
          busyLabel="Booking…"
          onCancel={onClose}
          cancelLabel="Close"
        />
      </form>
    </StaffDialog>
  );
}
