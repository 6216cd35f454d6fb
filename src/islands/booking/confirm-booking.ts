import type { Dispatch } from 'react';
import { callApi } from '../../client/api.ts';
import { COOKIE_NAMES, setCookie } from '../../client/cookies.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { BookingErrorSchema, CreateBookingResponseSchema } from '../../domain/booking-api-schemas.ts';
import { PHONE_CODE_DIGITS, PhoneCodeResponseSchema } from '../../domain/phone-codes.ts';
import { STEP, clearAnswers, firstIncompleteStep, type Answers, type StepIndex } from './answers.ts';
import { rememberBookingView } from './booking-view-store.ts';
import { bookingRequest } from './owner-answers.ts';
import type { PhoneCheck } from './phone-check.ts';
import type { ConfirmAction } from './confirm-state.ts';

/**
 * Booking (POST /bookings) and the code check, should the server ask for one (since decision 072 it
 * does not for a number's bookings ahead): only the review step needs them, so they are a module of
 * their own, loaded with it (docs/decisions/055). What they learn goes to the form's reducer
 * (confirm-state.ts, through `confirmStep`).
 */

export interface ConfirmContext {
  answers: Answers;
  phoneCheck: PhoneCheck | null;
  /** The idempotency key of the request being tried, and the request it is for. */
  idempotency: { current: { key: string; body: string } | null };
  dispatch: Dispatch<ConfirmAction>;
  go(step: StepIndex): void;
}

/** Texts a code to `phone` and keeps the request it answers to. */
export async function askForCode(phone: string, dispatch: Dispatch<ConfirmAction>): Promise<void> {
  dispatch({ type: 'codeSending', phone });
  const sent = await callApi(apiRoutes.phoneCodes, {
    body: { phone, purpose: 'booking' },
    schema: PhoneCodeResponseSchema,
  });
  dispatch({
    type: 'codeSent',
    requestId: sent.data?.requestId ?? null,
    error: sent.data ? null : (sent.error ?? 'We could not send the code. Please try again.'),
  });
}

export async function confirmBooking(c: ConfirmContext): Promise<void> {
  const { answers, phoneCheck, idempotency } = c;
  const key = idempotency.current?.key ?? crypto.randomUUID();
  const body = bookingRequest(answers, key);
  if (!body) {
    c.go(await firstIncompleteStep(answers));
    return;
  }
  // A retry of the same request (a dropped connection) reuses its key, so it cannot book twice.
  const bodyText = JSON.stringify({ ...body, idempotencyKey: '' });
  if (!idempotency.current || idempotency.current.body !== bodyText) idempotency.current = { key, body: bodyText };
  body.idempotencyKey = idempotency.current.key;
  if (phoneCheck?.requestId && phoneCheck.code.length === PHONE_CODE_DIGITS) {
    Object.assign(body, { phoneProof: { requestId: phoneCheck.requestId, code: phoneCheck.code } });
  }

  c.dispatch({ type: 'confirming' });
  const result = await callApi(apiRoutes.book, {
    body,
    schema: CreateBookingResponseSchema,
    timeoutMs: 20_000,
  });
  if (result.data) {
    if (result.data.accessKey) setCookie(COOKIE_NAMES.authKey, result.data.accessKey);
    c.dispatch({ type: 'confirmed' });
    if (result.data.status === 'pending_payment' && result.data.checkoutUrl) {
      rememberCheckout(result.data.checkoutUrl, result.data.bookingId);
      window.location.assign(result.data.checkoutUrl);
    } else {
      // The booking's page shows what this answer said at once, without asking again.
      if (result.data.booking) rememberBookingView(window.sessionStorage, result.data.booking);
      clearAnswers(window.sessionStorage);
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
    case 'phone_verification_required':
      c.dispatch({ type: 'confirmSettled' });
      await askForCode(body.owner.phone, c.dispatch);
      return;
    case 'phone_code_wrong':
    case 'phone_code_expired':
      c.dispatch({ type: 'codeRefused', error: result.error, expired: result.code === 'phone_code_expired' });
      return;
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
