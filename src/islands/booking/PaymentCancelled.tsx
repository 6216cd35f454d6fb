import { useEffect, useState } from 'react';
import type { BookingView } from './booking-view.ts';
import { Contact, type ContactProps } from './confirmation-parts.tsx';
import { writtenTime, writtenWhen } from '../../domain/written-dates.ts';

/** Stripe's "back" from its payment page: no money taken, the time still held for a while. */
export function PaymentCancelled({ view, contact }: { view: BookingView | null; contact: ContactProps }) {
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    try {
      const stored = JSON.parse(window.sessionStorage.getItem('booking_checkout') ?? 'null') as {
        url?: string;
        bookingId?: string;
      } | null;
      if (stored?.url && (!view || stored.bookingId === view.id)) setSaved(stored.url);
    } catch {
      /* nothing saved: offer to book again instead */
    }
  }, [view]);
  const held = view && view.status === 'pending_payment';
  // The server's own answer wins: it only gives the payment page while the hold is still live.
  const checkout = view?.checkoutUrl ?? (held ? saved : null);
  const until = held && view.holdExpiresAt ? writtenTime(view.holdExpiresAt, view.timeZone) : null;
  return (
    <div className="confirmation">
      <div className="booking-card">
        <h2 className="booking-step-title">Your payment was cancelled</h2>
        <p>
          No money has been taken.{' '}
          {held ? (
            <>
              We're still holding <strong>{writtenWhen(view.start, view.timeZone, { weekday: 'long' })}</strong> for{' '}
              {view.dog.name} for a while{until ? ` (until ${until})` : ''}, so you can try again.
            </>
          ) : (
            <>We hold a chosen time for a while, so you can try again.</>
          )}
        </p>
        <div className="actions">
          {checkout ? (
            <a className="button" href={checkout}>
              Try paying again
            </a>
          ) : (
            <a className="button" href="/book">
              Try again
            </a>
          )}
        </div>
      </div>
      <div className="booking-card">
        <h2 className="picker-heading">Rather pay in the shop?</h2>
        <p>Call or WhatsApp us and we'll confirm your appointment; you pay when you collect your dog.</p>
        <Contact {...contact} />
      </div>
    </div>
  );
}
