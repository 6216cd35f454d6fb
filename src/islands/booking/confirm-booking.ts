import type { Dispatch } from 'react';
import { callApi } from '../../client/api.ts';
import { COOKIE_NAMES, setCookie } from '../../client/cookies.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { BookingErrorSchema, CreateBookingResponseSchema } from '../../domain/booking-api-schemas.ts';
import { BOOKED, STEP, clearAnswers, firstIncompleteStep, type Answers, type StepIndex } from './answers.ts';
import { rememberBookingView } from './booking-view-store.ts';
import { bookingRequest, partyBookingRequest } from './owner-answers.ts';
import type { ConfirmAction } from './confirm-state.ts';

/**
 * Booking (POST /bookings): only the review step needs it, so it is a module of its own, loaded with
 * it (docs/decisions/055). What it learns goes to the form's reducer (confirm-state.ts, through
 * `confirmStep`). One "Confirm booking" books, whatever the number: the server gives every unproven
 * booking the same answer and never asks for a code (decision 072), so the island has no code step
 * (decision 079); `phoneProof` stays in the API for callers that prove a number.
 *
 * Once the server has made the booking, held for its deposit or confirmed, the form's answers are
 * forgotten before the browser leaves for the payment page or the booking's own page: whatever comes
 * after (paid, cancelled, abandoned, the back button), "Book Online" opens a fresh form
 * (docs/decisions/099).
 */
export interface ConfirmContext {
  answers: Answers;
  /** The idempotency key of the request being tried, and the request it is for. */
  idempotency: { current: { key: string; body: string } | null };
  dispatch: Dispatch<ConfirmAction>;
  go(step: StepIndex): void;
  /** The owner was asked "book another?" (409 `already_booked`) and said yes. */
  another?: boolean;
}

export async function confirmBooking(c: ConfirmContext): Promise<void> {
  const { answers, idempotency } = c;
  const key = idempotency.current?.key ?? crypto.randomUUID();
  // One dog's request is word for word as before; several dogs send `dogs` (docs/decisions/082).
  const body = answers.party?.length ? partyBookingRequest(answers, key) : bookingRequest(answers, key);
  if (!body) {
    c.go(await firstIncompleteStep(answers));
    return;
  }
  if (c.another) body.anotherBooking = true;
  // A retry of the same request (a dropped connection) reuses its key, so it cannot book twice.
  const bodyText = JSON.stringify({ ...body, idempotencyKey: '' });
  if (!idempotency.current || idempotency.current.body !== bodyText) idempotency.current = { key, body: bodyText };
  body.idempotencyKey = idempotency.current.key;

  c.dispatch({ type: 'confirming' });
  const result = await callApi(apiRoutes.book, {
    body,
    schema: CreateBookingResponseSchema,
    timeoutMs: 20_000,
  });
  if (result.data) {
    if (result.data.accessKey) setCookie(COOKIE_NAMES.authKey, result.data.accessKey);
    // Booked: the answers are done with, whatever becomes of the payment, and this page's entry in
    // the tab's history says so, for the back button to come back to a fresh form (docs/decisions/099).
    clearAnswers(window.sessionStorage);
    window.history.replaceState({ ...(window.history.state ?? {}), [BOOKED]: true }, '');
    c.dispatch({ type: 'confirmed' });
    if (result.data.status === 'pending_payment' && result.data.checkoutUrl) {
      rememberCheckout(result.data.checkoutUrl, result.data.bookingId);
      window.location.assign(result.data.checkoutUrl);
    } else {
      // The booking's page shows what this answer said at once, without asking again.
      if (result.data.booking) rememberBookingView(window.sessionStorage, result.data.booking);
      window.location.assign(`/b/${result.data.bookingId}`);
    }
    return;
  }
  // A request that may have reached the server keeps its key; one it refused gets a new one.
  if (result.status >= 400 && result.status < 500) idempotency.current = null;
  const refusal = BookingErrorSchema.safeParse(result.body);
  switch (result.code) {
    case 'slot_taken':
      // Someone else took the time: keep every answer, show the day's fresh times the answer carries.
      c.dispatch({ type: 'slotTaken', slots: refusal.success ? (refusal.data.slots ?? []) : [] });
      c.go(STEP.time);
      return;
    case 'already_booked':
      // This device booked these dogs at this time already: ask before booking another.
      if (refusal.success && refusal.data.booked) {
        c.dispatch({ type: 'alreadyBooked', booked: refusal.data.booked });
        return;
      }
  }
  c.dispatch({
    type: 'confirmFailed',
    error:
      result.status === 0
        ? 'We could not reach the booking system. Please check your connection and try again; you will not be booked twice.'
        : (result.error ?? 'Something went wrong. Please try again.'),
  });
  setTimeout(() => c.dispatch({ type: 'confirmSettled' }), 2500);
}

/** Keeps the Stripe Checkout address for this tab, so the cancelled page can offer to pay again. */
function rememberCheckout(url: string, bookingId: string) {
  try {
    window.sessionStorage.setItem('booking_checkout', JSON.stringify({ url, bookingId }));
  } catch {
    /* storage blocked: the cancelled page falls back to booking again */
  }
}
