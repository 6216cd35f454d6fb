import { useState, type SyntheticEvent } from 'react';
import { callApi } from '../../../client/api.ts';
import * as apiRoutes from '../../../domain/after-booking-api-routes.ts';
import { CancelSeriesResponseSchema, type SeriesView } from '../../../domain/rebook-schemas.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { shortWhen } from './rebook-words.ts';
import { NEXT_ANCHOR } from './use-next-anchor.ts';

const STATUS_WORDS: Record<SeriesView['visits'][number]['status'], string> = {
  confirmed: '',
  pending_payment: ' (waiting for the deposit)',
  cancelled: ' (cancelled)',
  expired: ' (not completed)',
};

/**
 * A series booked (docs/decisions/085): each visit with its own page, where it moves or cancels
 * alone, and "Cancel the whole series" for every visit still ahead.
 */
export function SeriesCard({
  series,
  timeZone,
  onChanged,
}: {
  series: SeriesView;
  timeZone: string;
  onChanged(): void;
}) {
  const [asking, setAsking] = useState(false);
  const [kept, setKept] = useState<string | null>(null);
  const submit = useSubmit('We could not cancel the series');
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault();
    void submit.run(
      () =>
        callApi(apiRoutes.cancelSeries, {
          params: { id: series.id },
          schema: CancelSeriesResponseSchema,
          timeoutMs: 20_000,
        }),
      (answer) => {
        setAsking(false);
        setKept(answer.kept.length ? answer.kept.map((k) => k.why).join(' ') : null);
        onChanged();
      },
    );
  };
  // One visit at a time is the rule when a deposit is due (decision 101): a series of one is the next groom.
  const one = series.visits.length === 1;
  return (
    <section id={NEXT_ANCHOR} tabIndex={-1} className="booking-card rebook" aria-labelledby="series-title">
      <h2 id="series-title" className="picker-heading">
        {one ? 'Your next groom' : `Your next grooms, every ${series.weeks} weeks`}
      </h2>
      <ol className="rebook-visits">
        {series.visits.map((v) => (
          <li key={v.bookingId}>
            <a href={`/b/${v.bookingId}`}>{shortWhen(v.start, timeZone)}</a>
            {STATUS_WORDS[v.status]}
          </li>
        ))}
      </ol>
      <p className="price-note">
        {one
          ? 'It has its own page, to move or cancel it.'
          : 'Each visit has its own page, to move or cancel it alone.'}
      </p>
      {kept ? <p role="status">{kept}</p> : null}
      {asking ? (
        <form onSubmit={cancel} noValidate aria-label={one ? 'Cancel the next groom' : 'Cancel the whole series'}>
          <p>
            <strong>{one ? 'Cancel your next groom?' : 'Cancel every visit of this series still ahead?'}</strong>
          </p>
          <FormActions
            submit={submit}
            label={one ? 'Yes, cancel it' : 'Yes, cancel them'}
            busyLabel="Cancelling…"
            danger
            onCancel={() => setAsking(false)}
            cancelLabel={one ? 'Keep it' : 'Keep them'}
          />
        </form>
      ) : (
        <p>
          <button type="button" className="link-button" onClick={() => setAsking(true)}>
            {one ? 'Cancel the next groom' : 'Cancel the whole series'}
          </button>
        </p>
      )}
    </section>
  );
}
