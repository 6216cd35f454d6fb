import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { StaffBookingResponseSchema, type ScheduleBooking } from '../../../domain/schedule.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextArea } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import type { Announcement } from './common.ts';

/** The team's note on an appointment, never shown to the customer. */
export function NotePanel({
  booking: b,
  onChanged,
}: {
  booking: ScheduleBooking;
  onChanged: (message: Announcement | null) => Promise<void>;
}) {
  const id = useId();
  const submit = useSubmit('The note could not be saved.');
  const [note, setNote] = useState(b.staffNote);

  const save = (e: FormEvent) => {
    e.preventDefault();
    void submit.run(
      () =>
        staffCall(apiRoutes.staffNote, { params: { id: b.id }, body: { note }, schema: StaffBookingResponseSchema }),
      () => void onChanged({ text: `Note saved for ${b.dog.name}.` }),
    );
  };

  return (
    <form className="sched-form sched-note" onSubmit={save}>
      <TextArea
        id={`${id}-note`}
        label="Note for the team"
        hint="Only staff see this."
        optional
        maxLength={1000}
        value={note}
        onChange={setNote}
      />
      <FormActions submit={submit} label="Save note" busyLabel="Saving…" disabled={note === b.staffNote} />
    </form>
  );
}
