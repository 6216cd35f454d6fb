import { useState, type FormEvent } from 'react';
import { noVerdict } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { StaffOfferResponseSchema, type StaffWaitlistEntry } from '../../../domain/staff-waitlist.ts';
import { RadioGroup } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatClock, shortDate } from '../format.ts';

/**
 * "Offer a time": the day's free starts for the request's visit, beyond the shop's notice (the owner
 * books it online); those outside the part of day they asked for are said so. "Send offer" texts
 * (and/or e-mails) the one-tap link at once; a time taken meanwhile is refused and the list asked again.
 */
export function OfferTimeForm({
  date,
  request: r,
  onCancel,
  onOffered,
}: {
  date: string;
  request: StaffWaitlistEntry;
  onCancel(): void;
  onOffered(text: string): void;
}) {
  const submit = useSubmit('The offer could not be sent.');
  const [start, setStart] = useState('');
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!start) return submit.fail('Choose one of the free times first.');
    void submit.run(
      async () => {
        const result = await staffCall(apiRoutes.staffWaitlistOffer, {
          params: { id: r.id },
          body: { start },
          schema: StaffOfferResponseSchema,
        });
        if (result.error !== null && !noVerdict(result.status)) setStart('');
        return result;
      },
      (answer) =>
        onOffered(
          `Offered ${r.dog.name} ${shortDate(date)} at ${formatClock(answer.offer.start)}. ${r.contactName} has been sent the link; it is held for them until ${formatClock(answer.offer.expiresAt)}.`,
        ),
    );
  };
  if (!r.freeStarts.length)
    return (
      <div className="mgmt-notice mgmt-notice--row">
        <p>No free time on this day fits {r.dog.name}&rsquo;s visit far enough ahead to offer.</p>
        <button type="button" className="sched-button sched-button--ghost" onClick={onCancel}>
          Back
        </button>
      </div>
    );
  return (
    <form className="sched-form wl-offer" onSubmit={send}>
      <RadioGroup
        id={`offer-${r.id}`}
        label={`Free times on ${shortDate(date)} for ${r.dog.name}`}
        variant="chips"
        value={start || null}
        onChange={setStart}
        options={r.freeStarts.map((s) => ({
          value: s.start,
          label: s.suits ? s.time : `${s.time} (not what they asked)`,
        }))}
      />
      <FormActions submit={submit} label="Send offer" busyLabel="Sending…" disabled={!start} onCancel={onCancel} />
    </form>
  );
}
