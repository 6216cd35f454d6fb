import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { joinNames } from '../../../domain/party-quote.ts';
import { MAX_VISITS } from '../../../domain/rebook.ts';
import { RebookProposalsSchema, RebookResponseSchema, type RebookProposals } from '../../../domain/rebook-schemas.ts';
import type { ScheduleBooking } from '../../../domain/schedule.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { RadioGroup } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { proposalWords } from '../../booking/rebook/rebook-words.ts';
import type { Announcement } from './common.ts';
import { SHOP_TIME_ZONE } from '../format.ts';

/**
 * After "Completed" (docs/decisions/089): the next groom at the same time in the dog's usual weeks,
 * one visit or a series, from the owner's own proposals; a date that cannot be had shows the nearest
 * free time and why. Booked as a phone booking is: nothing to pay online, the customer told.
 */
export default function NextGroomOffer({
  booking: b,
  onClose,
  onChanged,
}: {
  booking: ScheduleBooking;
  onClose: () => void;
  onChanged: (message: Announcement | null) => Promise<void>;
}) {
  const id = useId();
  const [visits, setVisits] = useState(1);
  const [answer, setAnswer] = useState<RebookProposals | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const submit = useSubmit('The next groom could not be booked.');
  // One key per choice shown: a double tap books once, a new choice is a new request.
  const key = useRef('');

  const load = useCallback(async () => {
    const result = await staffCall(apiRoutes.staffRebookProposals, {
      params: { id: b.id },
      query: { visits },
      schema: RebookProposalsSchema,
    });
    key.current = crypto.randomUUID();
    if (result.data) setAnswer(result.data);
    else setGone(result.error ?? 'The next groom cannot be booked from here.');
  }, [b.id, visits]);
  useEffect(() => void load(), [load]);

  if (gone)
    return (
      <div className="sched-form">
        <p className="field-message">{gone}</p>
        <button type="button" className="ibutton ibutton--ghost" onClick={onClose}>
          Not now
        </button>
      </div>
    );
  if (!answer) return <p role="status">Finding the next groom…</p>;

  const n = answer.weeks;
  const first = answer.proposals[0];
  // A booking of several dogs books its next groom together (decision 101).
  const dogs = joinNames(answer.dogs);
  const starts = answer.proposals.flatMap((p) => (p.kind === 'none' ? [] : [p.start]));
  const book = (event: FormEvent) => {
    event.preventDefault();
    if (starts.length === 0) return submit.fail('None of these dates has a free time.');
    void submit.run(
      async () => {
        const result = await staffCall(apiRoutes.staffRebook, {
          params: { id: b.id },
          body: { weeks: n, visits: starts, idempotencyKey: key.current },
          schema: RebookResponseSchema,
          timeoutMs: 20_000,
        });
        // A time taken meanwhile: the fresh proposals replace these, to check and book again.
        if (result.code === 'slot_taken') await load();
        return result;
      },
      (made) => {
        onClose();
        const count = made.series.visits.length;
        const when = first ? proposalWords(first, SHOP_TIME_ZONE).when : '';
        void onChanged({
          text: `Booked ${dogs}'s next groom${count > 1 ? `s: ${count} visits every ${n} weeks from` : ':'} ${when}. The confirmation is on its way to the customer.`,
        });
      },
    );
  };

  return (
    <form className="sched-form" onSubmit={book} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        Book the next groom{answer.dogs.length > 1 ? ` for ${dogs}` : ''}: same time in {n} weeks
        {first ? ` (${proposalWords(first, SHOP_TIME_ZONE).when})` : ''}
      </h3>
      {answer.maxVisits > 1 ? (
        <RadioGroup
          id={`${id}-how`}
          label="How many"
          variant="chips"
          options={[
            { value: 'one', label: 'Just this one' },
            { value: 'series', label: `Every ${n} weeks, up to ${answer.maxVisits} visits` },
          ]}
          value={answer.visits > 1 ? 'series' : 'one'}
          onChange={(value) => setVisits(value === 'series' ? MAX_VISITS : 1)}
        />
      ) : null}
      {answer.maxVisitsWhy ? <p className="field-hint">{answer.maxVisitsWhy}</p> : null}
      <ol className="rebook-visits" aria-label="The visits to book">
        {answer.proposals.map((p, i) => {
          const { when, note } = proposalWords(p, SHOP_TIME_ZONE);
          return (
            <li key={i}>
              <strong>{when}</strong>
              {note ? ` (${p.kind === 'moved' ? 'moved' : 'none'}: ${note})` : null}
            </li>
          );
        })}
      </ol>
      <FormActions
        submit={submit}
        label="Book"
        busyLabel="Booking…"
        disabled={starts.length === 0}
        onCancel={onClose}
        cancelLabel="Not now"
      />
    </form>
  );
}
