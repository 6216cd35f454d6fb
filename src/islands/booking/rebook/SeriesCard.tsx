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
  return (
    <section id={NEXT_ANCHOR} tabIndex={-1} className="booking-card rebook" aria-labelledby="series-title">
      <h2 id="series-title" className="picker-heading">
        Your next grooms, every {series.weeks} weeks
      </h2>
      <ol className="rebook-visits">
        {series.visits.map((v) => (
          <li key={v.bookingId}>
            <a href={`/b/${v.bookingId}`}>{shortWhen(v.start, timeZone)}</a>
            {STATUS_WORDS[v.status]}
          </li>
        ))}
      </ol>
      <p className="price-note">Each visit has its own page, to move or cancel it alone.</p>
      {kept ? <p role="status">{kept}</p> : null}
      {asking ? (
        <form onSubmit={cancel} noValidate aria-label="Cancel the whole series">
          <p>
            <strong>Cancel every visit of this series still ahead?</strong>
          </p>
          <FormActions
            submit={submit}
            label="Yes, cancel them"
            busyLabel="Cancelling…"
            danger
            onCancel={() => setAsking(false)}
            cancelLabel="Keep them"
          />
        </form>
      ) : (
        <p>
          <button type="button" className="link-button" onClick={() => setAsking(true)}>
            Cancel the whole series
          </button>
        </p>
      )}
    </section>
  );
}
