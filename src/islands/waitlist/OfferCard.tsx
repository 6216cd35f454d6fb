import { useEffect, useRef } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/after-booking-api-routes.ts';
import { CreateBookingResponseSchema } from '../../domain/booking-api-schemas.ts';
import { formatPence } from '../../domain/money.ts';
import { DeclineOfferResponseSchema, type WaitlistOfferView } from '../../domain/waitlist-offer-schemas.ts';
import { writtenDay, writtenTime, writtenWhen } from '../../domain/written-dates.ts';
import { unlessBusy } from '../forms/unless-busy.ts';
import { useSubmit } from '../forms/use-submit.ts';

const STILL_WAITING = "You're still on the waitlist: we'll tell you when another time frees up.";

const CLOSED: Record<Exclude<WaitlistOfferView['status'], 'open' | 'taken'>, string> = {
  gone: 'Someone booked this time a moment before you.',
  expired: 'This offer has ended.',
  declined: 'You passed on this time.',
};

/**
 * A freed time offered to this request (docs/decisions/084): when, what it costs, until when it is
 * held for them, and one tap to book it (Stripe's page next when a deposit is due) or to pass. An
 * answered offer says what became of it, since the message's link lands here.
 */
export function OfferCard({
  requestId,
  offer,
  onAnswered,
}: {
  requestId: string;
  offer: WaitlistOfferView;
  onAnswered(): void;
}) {
  const submit = useSubmit();
  const heading = useRef<HTMLHeadingElement>(null);
  // The owner came from the message's link for this: take them to it.
  useEffect(() => {
    if (offer.status === 'open') heading.current?.focus();
  }, [offer.status]);
  const when = writtenWhen(offer.start, offer.timeZone, { weekday: 'long' });
  const today = writtenDay(offer.expiresAt, offer.timeZone) === writtenDay(new Date(), offer.timeZone);
  const until = today ? writtenTime(offer.expiresAt, offer.timeZone) : writtenWhen(offer.expiresAt, offer.timeZone);
  const params = { id: requestId, offer: offer.id };
  const book = () =>
    void submit
      .run(
        () =>
          callApi(apiRoutes.acceptWaitlistOffer, {
            params,
            body: { idempotencyKey: crypto.randomUUID() },
            schema: CreateBookingResponseSchema,
            timeoutMs: 15_000,
          }),
        (booked) => window.location.assign(booked.checkoutUrl ?? `/b/${booked.bookingId}`),
      )
      .then((booked) => {
        // Gone or ended while they looked: the page shows what it now is.
        if (!booked) onAnswered();
      });
  const pass = () =>
    void submit.run(
      () => callApi(apiRoutes.declineWaitlistOffer, { params, body: {}, schema: DeclineOfferResponseSchema }),
      onAnswered,
    );

  if (offer.status === 'taken')
    return (
      <section className="offer-card" aria-labelledby="offer-heading">
        <h2 id="offer-heading">You booked {when}</h2>
        {offer.bookingId ? <a href={`/b/${offer.bookingId}`}>See your booking</a> : null}
      </section>
    );
  if (offer.status !== 'open')
    return (
      <section className="offer-card offer-card--closed" aria-labelledby="offer-heading">
        <h2 id="offer-heading">{when}</h2>
        <p>
          {CLOSED[offer.status]} {STILL_WAITING}
        </p>
      </section>
    );
  return (
    <section className="offer-card" aria-labelledby="offer-heading">
      <p className="offer-card-kicker">A time has freed up for {offer.dogName}</p>
      <h2 id="offer-heading" tabIndex={-1} ref={heading}>
        {when}
      </h2>
      <p>
        {offer.serviceTitle}, from {formatPence(offer.totalFromPence)}
        {offer.depositPence > 0 ? `; a ${formatPence(offer.depositPence)} deposit to book it` : ''}. We hold it for you
        until {until}.
      </p>
      <div className="form-problem" role="alert">
        {submit.problem ? <p className="field-message">{submit.problem.text}</p> : null}
      </div>
      <div className="form-actions">
        <button type="button" className="ibutton ibutton--brand" {...unlessBusy(submit.busy, book)}>
          Book this time
        </button>
        <button type="button" className="ibutton ibutton--ghost" {...unlessBusy(submit.busy, pass)}>
          Not this one
        </button>
      </div>
    </section>
  );
}
