import { type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { joinNames } from '../../../domain/party-quote.ts';
import { SplitResponseSchema, type ScheduleBooking } from '../../../domain/schedule.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatClock } from '../format.ts';
import type { ChangePanelProps } from './common.ts';

/** Whether this dog may be split out: not the first (it holds the booking's key and deposit). */
export const splittable = (b: ScheduleBooking, mates: readonly ScheduleBooking[]) =>
  Boolean(b.partyId) && b.partyId !== b.id && mates.length > 0;

/**
 * The other dogs of a booking of several (decision 082): each with its service and time, a button to
 * open it, and "Book separately…" for a dog that is not the first.
 */
export function PartyPanel({
  booking: b,
  mates,
  onOpen,
  onSplit,
}: {
  booking: ScheduleBooking;
  mates: readonly ScheduleBooking[];
  onOpen(id: string): void;
  onSplit(): void;
}) {
  if (!mates.length) return null;
  const headingId = `party-${b.id}`;
  return (
    <section className="sched-party" aria-labelledby={headingId}>
      <h3 id={headingId}>Booked together</h3>
      <p className="field-hint">Booked as one: moving or cancelling one dog moves or cancels them all.</p>
      <ul>
        {mates.map((m) => (
          <li key={m.id}>
            <span>
              <strong>{m.dog.name}</strong> · {m.service.title} · {formatClock(m.start)}–{formatClock(m.end)}
            </span>
            <button type="button" className="link-button" onClick={() => onOpen(m.id)}>
              Open {m.dog.name}
            </button>
          </li>
        ))}
      </ul>
      {splittable(b, mates) ? (
        <button type="button" className="ibutton ibutton--ghost" onClick={onSplit}>
          Book {b.dog.name} separately…
        </button>
      ) : null}
    </section>
  );
}

/** "Book separately": a confirm, then the split; the schedule is asked again and says what happened. */
export function SplitPanel({
  booking: b,
  mates,
  onBack,
  onClose,
  onChanged,
}: ChangePanelProps & { mates: readonly ScheduleBooking[] }) {
  const submit = useSubmit(`${b.dog.name} could not be booked separately.`);
  const others = joinNames(mates.map((m) => m.dog.name));
  const first = mates.find((m) => m.id === b.partyId)?.dog.name ?? 'the first dog';
  const split = (e: FormEvent) => {
    e.preventDefault();
    void submit.run(
      () => staffCall(apiRoutes.splitBooking, { params: { id: b.id }, body: {}, schema: SplitResponseSchema }),
      (answer) => {
        onClose();
        void onChanged({
          text: `${answer.booking.dog.name} is booked separately now, at ${formatClock(answer.booking.start)} as before. The deposit stays with ${answer.from.dog.name}'s booking.`,
        });
      },
    );
  };
  return (
    <form className="sched-form" onSubmit={split} aria-label={`Book ${b.dog.name} separately`}>
      <p>
        Book {b.dog.name} separately? {b.dog.name} keeps this time, table and price, but will no longer move or cancel
        with {others}. The deposit stays with {first}'s booking.
      </p>
      <FormActions
        submit={submit}
        label="Book separately"
        busyLabel="Splitting…"
        onCancel={onBack}
        cancelLabel="Keep together"
      />
    </form>
  );
}
