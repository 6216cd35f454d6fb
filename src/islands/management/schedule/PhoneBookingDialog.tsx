import { useId, useState, type ComponentType } from 'react';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextArea } from '../../forms/TextField.tsx';
import { StaffDialog } from '../StaffDialog.tsx';
import { AppointmentFields } from './AppointmentFields.tsx';
import type { CallerWaitlistProps } from './CallerWaitlist.tsx';
import { CustomerLookup } from './CustomerLookup.tsx';
import { DogFields } from './DogFields.tsx';
import { visitWeight } from './phone-booking.ts';
import { usePhoneBooking } from './use-phone-booking.ts';

// "Add to the waitlist instead" is its own chunk, fetched when staff ask for it (decision 087).
let waitlistForm: Promise<typeof import('./CallerWaitlist.tsx')> | undefined;
const loadWaitlistForm = () =>
  (waitlistForm ??= import('./CallerWaitlist.tsx').catch((error: unknown) => {
    waitlistForm = undefined;
    throw error;
  }));

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
  const [Waitlist, setWaitlist] = useState<ComponentType<CallerWaitlistProps> | null>(null);
  const [opening, setOpening] = useState<'idle' | 'opening' | 'failed'>('idle');
  const openWaitlist = () => {
    setOpening('opening');
    loadWaitlistForm().then(
      (module) => {
        setOpening('idle');
        setWaitlist(() => module.default);
      },
      () => setOpening('failed'),
    );
  };
  // The booking's answers stay in this dialog's state, so "Back to the booking" finds them as they were.
  if (Waitlist)
    return (
      <StaffDialog title="New phone booking" onClose={onClose} wide>
        <Waitlist
          state={state}
          offered={offered}
          serviceTitle={services.find((s) => s._id === state.service)?.title ?? 'visit'}
          onBack={() => setWaitlist(null)}
          onClose={onClose}
        />
      </StaffDialog>
    );
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
        >
          <button
            type="button"
            className="ibutton ibutton--ghost"
            aria-disabled={opening === 'opening' || undefined}
            onClick={opening === 'opening' ? undefined : openWaitlist}
          >
            Add to the waitlist instead
          </button>
        </FormActions>
        {opening === 'failed' ? (
          <p className="field-message" role="alert">
            The waitlist form could not be opened: please try again.
          </p>
        ) : null}
      </form>
    </StaffDialog>
  );
}
