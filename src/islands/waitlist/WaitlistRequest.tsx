import { useEffect, useRef, useState, type FormEvent } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/after-booking-api-routes.ts';
import { WaitlistViewSchema, type WaitlistView } from '../../domain/waitlist.ts';
import { FormActions } from '../forms/FormActions.tsx';
import { useSubmit } from '../forms/use-submit.ts';
import { OfferCard } from './OfferCard.tsx';

const STATUS_WORDS: Record<WaitlistView['status'], string> = {
  waiting: 'Waiting for a time',
  booked: 'Booked',
  withdrawn: 'Withdrawn',
  lapsed: 'Ended: the dates have passed',
};

/** The request, its open offer's place, and withdrawing it (asked twice: it gives up the place in the queue). */
export function WaitlistRequest({
  view,
  onChange,
  onRefresh,
}: {
  view: WaitlistView;
  onChange(view: WaitlistView): void;
  /** Asks for the request again (an offer was answered). */
  onRefresh(): void;
}) {
  const [confirming, setConfirming] = useState(false);
  // A party's request names every dog (docs/decisions/084 "Several dogs").
  const names = view.dogs ? view.dogs.map((d) => d.name) : [view.dog.name];
  const who = names.length <= 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const submit = useSubmit();
  const news = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (view.status === 'withdrawn') news.current?.focus();
  }, [view.status]);
  const withdraw = (event: FormEvent) => {
    event.preventDefault();
    void submit.run(
      () => callApi(apiRoutes.withdrawWaitlist, { params: { id: view.id }, body: {}, schema: WaitlistViewSchema }),
      (answer) => {
        setConfirming(false);
        onChange(answer);
      },
    );
  };
  return (
    <>
      {view.status === 'withdrawn' ? (
        <p className="notice" tabIndex={-1} ref={news}>
          You're off the waitlist for {who}. We won't write about it again.
        </p>
      ) : null}
      {/* What the message's link came for comes first. */}
      {view.offer ? <OfferCard requestId={view.id} offer={view.offer} onAnswered={onRefresh} /> : null}
      <dl className="waitlist-details">
        {view.dogs ? (
          <>
            <dt>Dogs</dt>
            {view.dogs.map((d, i) => (
              <dd key={i}>
                {d.name}
                {d.breed ? ` (${d.breed})` : ''}: {d.service}
              </dd>
            ))}
          </>
        ) : (
          <>
            <dt>Dog</dt>
            <dd>
              {view.dog.name}
              {view.dog.breed ? ` (${view.dog.breed})` : ''}
            </dd>
            <dt>Service</dt>
            <dd>
              {view.service.title}
              {view.extras.length ? `, with ${view.extras.map((e) => e.title).join(', ')}` : ''}
            </dd>
          </>
        )}
        <dt>What suits</dt>
        <dd>{view.suits[0]!.toUpperCase() + view.suits.slice(1)}</dd>
        <dt>How we'll tell you</dt>
        <dd>{view.told[0]!.toUpperCase() + view.told.slice(1)}</dd>
        <dt>Status</dt>
        <dd>{STATUS_WORDS[view.status]}</dd>
      </dl>
      {view.status === 'waiting' ? (
        <p>
          First asked, first offered: when a time that suits frees up, we offer it to the people waiting in the order
          they asked. The offer comes with a link to book it in one tap.
        </p>
      ) : null}
      {view.bookingId ? (
        <p>
          <a href={`/b/${view.bookingId}`}>See your booking</a>
        </p>
      ) : null}
      {view.status === 'waiting' && !confirming ? (
        <button type="button" className="ibutton ibutton--ghost" onClick={() => setConfirming(true)}>
          Withdraw
        </button>
      ) : null}
      {view.status === 'waiting' && confirming ? (
        <form onSubmit={withdraw} aria-labelledby="withdraw-heading">
          <h2 id="withdraw-heading">Withdraw this request?</h2>
          <p>{who} will leave the waitlist and lose their place in the queue.</p>
          <FormActions
            submit={submit}
            label="Yes, withdraw"
            busyLabel="Withdrawing…"
            danger
            onCancel={() => setConfirming(false)}
            cancelLabel="Keep it"
          />
        </form>
      ) : null}
    </>
  );
}
