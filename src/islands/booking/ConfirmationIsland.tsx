import { useEffect } from 'react';
import { clearAnswers } from './answers.ts';
import { BookingDetails } from './BookingDetails.tsx';
import { useBookingView } from './booking-view.ts';
import { Card, Contact, Loading, ProblemCard, type ConfirmationIslandProps } from './confirmation-parts.tsx';
import { PaymentCancelled } from './PaymentCancelled.tsx';
import './booking.css';

export type { ConfirmationIslandProps };

/** A booking's own page and the two pages Stripe returns to: the booking, or what became of it. */
export default function ConfirmationIsland(props: ConfirmationIslandProps) {
  const { id, view, error, waitedOut, retry, reload } = useBookingView(props.mode);
  // Back from the payment page, paid or not: the form that booked forgets its answers, if it has not
  // already (docs/decisions/099).
  useEffect(() => {
    if (props.mode !== 'booking') clearAnswers(window.sessionStorage);
  }, [props.mode]);

  if (id === undefined) return <Loading text="Loading your booking…" />;
  if (id === null || (error === 'not_found' && props.mode === 'booking')) {
    return (
      <Card title="We can't find that booking">
        <p>
          Please check the link in your confirmation message. If it still doesn't work, get in touch and we'll sort it
          out.
        </p>
        <Contact {...props} />
      </Card>
    );
  }

  if (props.mode === 'cancelled') return <PaymentCancelled view={view} contact={props} />;

  if (props.mode === 'success' && (!view || view.status === 'pending_payment')) {
    if (!waitedOut) return <Loading text="Confirming your payment… this takes a few seconds." />;
    return (
      <ProblemCard title="We're still confirming your payment" again="Check again" onAgain={retry} contact={props}>
        <p>
          Your payment went through to Stripe, but the confirmation hasn't reached us yet. It usually takes seconds;
          we'll send your confirmation as soon as it does.
        </p>
      </ProblemCard>
    );
  }

  if (!view) {
    if (!error) return <Loading text="Loading your booking…" />;
    return (
      <ProblemCard title="Something went wrong" again="Try again" onAgain={retry} contact={props}>
        <p>{error}</p>
      </ProblemCard>
    );
  }
  return <BookingDetails view={view} props={props} reload={reload} />;
}
