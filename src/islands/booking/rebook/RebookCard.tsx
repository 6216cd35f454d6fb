import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { callApi } from '../../../client/api.ts';
import * as apiRoutes from '../../../domain/after-booking-api-routes.ts';
import { formatPence } from '../../../domain/money.ts';
import { MAX_WEEKS, MIN_WEEKS } from '../../../domain/rebook.ts';
import { joinNames } from '../../../domain/party-quote.ts';
import { RebookProposalsSchema, RebookResponseSchema, type RebookProposals } from '../../../domain/rebook-schemas.ts';
import { RadioGroup } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { everyWords, proposalWords } from './rebook-words.ts';
import { SeriesCard } from './SeriesCard.tsx';
import { NEXT_ANCHOR, useNextAnchor } from './use-next-anchor.ts';

export interface RebookCardProps {
  bookingId: string;
  timeZone: string;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * "Book the next groom" (docs/decisions/085): the same time in N weeks, one visit or a series, each
 * date as the server proposes it (moved ones say why), booked in one tap; once booked, the series.
 */
export default function RebookCard({ bookingId, timeZone }: RebookCardProps) {
  const [answer, setAnswer] = useState<RebookProposals | null>(null);
  // Why this booking cannot book its next groom here, in the shop's words (decision 101).
  const [refused, setRefused] = useState<string | null>(null);
  const [weeks, setWeeks] = useState<number | null>(null);
  const [visits, setVisits] = useState(1);
  const submit = useSubmit('We could not book your next groom');
  // One key per choice shown: a double tap books once, a new choice is a new request.
  const key = useRef('');

  const load = useCallback(async () => {
    const query = { ...(weeks ? { weeks } : {}), visits };
    const result = await callApi(apiRoutes.rebookProposals, {
      params: { id: bookingId },
      query,
      schema: RebookProposalsSchema,
    });
    key.current = crypto.randomUUID();
    setAnswer(result.data);
    // A booking the shop will not rebook here says why; a lost connection shows nothing (the card is an extra).
    setRefused(result.code === 'policy' ? result.error : null);
  }, [bookingId, weeks, visits]);
  useEffect(() => void load(), [load]);
  useNextAnchor(answer !== null || refused !== null);

  if (refused)
    return (
      <section id={NEXT_ANCHOR} tabIndex={-1} className="booking-card rebook" aria-labelledby="rebook-title">
        <h2 id="rebook-title" className="picker-heading">
          Book the next groom
        </h2>
        <p>{refused}</p>
        <p>
          <a className="button button--ghost" href="/book">
            Book through our booking page
          </a>
        </p>
      </section>
    );
  if (!answer) return null;
  const live = answer.series?.visits.some((v) => v.status === 'confirmed' || v.status === 'pending_payment');
  if (answer.series && live) return <SeriesCard series={answer.series} timeZone={timeZone} onChanged={load} />;

  const n = answer.weeks;
  // The server's count: it books no more visits than fit (the horizon, a deposit each).
  const count = answer.visits;
  const together = answer.dogs.length > 1 ? joinNames(answer.dogs) : null;
  const first = answer.proposals[0];
  const starts = answer.proposals.flatMap((p) => (p.kind === 'none' ? [] : [p.start]));
  const book = (event: SyntheticEvent) => {
    event.preventDefault();
    if (starts.length === 0) return submit.fail('None of these dates has a free time. Please choose other weeks.');
    void submit.run(
      async () => {
        const result = await callApi(apiRoutes.rebook, {
          params: { id: bookingId },
          body: { weeks: n, visits: starts, idempotencyKey: key.current },
          schema: RebookResponseSchema,
          timeoutMs: 20_000,
        });
        // A time taken meanwhile: the fresh proposals replace these, to check and book again.
        if (result.code === 'slot_taken') await load();
        return result;
      },
      (made) => (made.checkoutUrl ? window.location.assign(made.checkoutUrl) : void load()),
    );
  };

  return (
    <form
      id={NEXT_ANCHOR}
      tabIndex={-1}
      className="booking-card rebook"
      onSubmit={book}
      noValidate
      aria-labelledby="rebook-title"
    >
      <h2 id="rebook-title" className="picker-heading">
        Book the next groom
      </h2>
      {together ? <p>For {together}, together, as this booking.</p> : null}
      {first ? (
        <p>
          Same time in {n} weeks: <strong>{proposalWords(first, timeZone).when}</strong>
        </p>
      ) : null}
      <SelectField
        id="rebook-weeks"
        label="Weeks until the next groom"
        hint={answer.usual.source === 'history' ? 'Usual for your dog so far.' : undefined}
        options={range(MIN_WEEKS, MAX_WEEKS).map((w) => ({
          value: String(w),
          label: `${w} weeks${w === answer.usual.weeks ? ' (usual)' : ''}`,
        }))}
        value={String(n)}
        onChange={(value) => setWeeks(Number(value))}
      />
      {answer.maxVisits > 1 ? (
        <RadioGroup
          id="rebook-how"
          label="How many"
          variant="chips"
          options={[
            { value: 'one', label: 'Just this one' },
            { value: 'series', label: everyWords(n, Math.max(count, 2)) },
          ]}
          value={count > 1 ? 'series' : 'one'}
          onChange={(value) => setVisits(value === 'series' ? Math.min(3, answer.maxVisits) : 1)}
        />
      ) : null}
      {count > 1 ? (
        <SelectField
          id="rebook-visits"
          label="Visits"
          options={range(2, answer.maxVisits).map((k) => ({ value: String(k), label: `${k} visits` }))}
          value={String(count)}
          onChange={(value) => setVisits(Number(value))}
        />
      ) : null}
      {answer.maxVisitsWhy ? <p className="price-note">{answer.maxVisitsWhy}</p> : null}
      <ol className="rebook-visits" aria-label="The visits to book">
        {answer.proposals.map((p, i) => {
          const { when, note } = proposalWords(p, timeZone);
          return (
            <li key={i} data-kind={p.kind}>
              <strong>{when}</strong>
              {note ? (
                <span className="price-note">
                  {' '}
                  ({p.kind === 'moved' ? 'moved' : 'none'}: {note})
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="price-note">
        {answer.depositPence > 0
          ? `A deposit of ${formatPence(answer.depositPence)}, paid on the next page; the rest you pay in the shop.`
          : 'Nothing to pay now: you pay in the shop on the day.'}
      </p>
      <FormActions submit={submit} label="Book" busyLabel="Booking…" disabled={starts.length === 0} />
    </form>
  );
}
