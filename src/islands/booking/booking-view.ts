import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { BookingViewSchema as BaseViewSchema } from '../../domain/booking-api-schemas.ts';
import { recalledBookingView } from './booking-view-store.ts';
import { idFromPath } from './calendar-links.ts';

/** While a deposit is awaited, the view also carries the payment page and the end of the hold. */
const BookingViewSchema = z.extend(BaseViewSchema, {
  checkoutUrl: z.optional(z.url()),
  holdExpiresAt: z.optional(z.iso.datetime({ offset: true })),
  /** The bookings of its dogs whose report card is sent (decision 094); absent when none is. */
  reportCards: z.optional(z.array(z.string())),
});
export type BookingView = z.infer<typeof BookingViewSchema>;

/** What a cancel or a move came to, said at the top of the booking. */
export type Outcome = { kind: 'ok' | 'error'; text: string };

/** booking: /b/{id}; success: /booking-success/{session_id}; cancelled: /booking-payment-cancelled/{session_id}. */
export type ConfirmationMode = 'booking' | 'success' | 'cancelled';
const PREFIX = { booking: 'b', success: 'booking-success', cancelled: 'booking-payment-cancelled' } as const;

/** The webhook that confirms a payment can lag a little behind the visitor's return from Stripe. */
const POLL_EVERY_MS = 1500;
const POLL_FOR_MS = 60_000;

/** A booking by its id (its own page) or by the Stripe session that paid for it (the payment pages). */
function fetchView(mode: ConfirmationMode, id: string) {
  return mode === 'booking'
    ? callApi(apiRoutes.booking, { params: { id }, schema: BookingViewSchema })
    : callApi(apiRoutes.bookingBySession, { params: { session: id }, schema: BookingViewSchema });
}

/**
 * The booking the address names: `id` undefined until the address is read, null when it names none;
 * `error` 'not_found' for a 404. On the success page it asks again until the payment's webhook has
 * confirmed the booking, for a minute at most (`waitedOut`).
 */
export function useBookingView(mode: ConfirmationMode) {
  const [id, setId] = useState<string | null | undefined>(undefined);
  const [view, setView] = useState<BookingView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waitedOut, setWaitedOut] = useState(false);

  useEffect(() => {
    const found = idFromPath(window.location.pathname, PREFIX[mode]);
    setId(found);
    // Just booked from this tab: show what the booking call answered at once (then refresh it).
    const recalled = found && mode === 'booking' ? recalledBookingView(window.sessionStorage, found) : null;
    if (recalled) setView(recalled);
  }, [mode]);

  const load = async () => {
    if (!id) return null;
    const result = await fetchView(mode, id);
    if (result.data) {
      setView(result.data);
      setError(null);
    } else {
      setError(result.status === 404 ? 'not_found' : (result.error ?? 'We could not load your booking.'));
    }
    return result.data;
  };

  useEffect(() => {
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const tick = async () => {
      const data = await load();
      if (stopped) return;
      // On the success page, wait for the payment's webhook to confirm the booking.
      const waiting = mode === 'success' && (!data || data.status === 'pending_payment');
      if (!waiting) return;
      if (Date.now() - started > POLL_FOR_MS) setWaitedOut(true);
      else timer = setTimeout(() => void tick(), POLL_EVERY_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, mode]);

  /** Asks once more, after a failure or a wait that ran out. */
  const retry = () => {
    setError(null);
    setWaitedOut(false);
    void load();
  };
  return { id, view, error, waitedOut, retry, reload: () => void load() };
}
