import type { Dispatch, SetStateAction } from 'react';
import { api } from '../../client/api.ts';
import { COOKIE_NAMES, setCookie } from '../../client/cookies.ts';
import { BookingErrorSchema, CreateBookingResponseSchema, type Slot } from '../../domain/booking-api-schemas.ts';
import { PHONE_CODE_DIGITS, PhoneCodeResponseSchema } from '../../domain/phone-codes.ts';
import type { ButtonStatus } from '../forms/status.ts';
import { STEP, clearAnswers, firstIncompleteStep, type Answers, type StepIndex } from './answers.ts';
import { rememberBookingView } from './booking-view-store.ts';
import { bookingRequest } from './owner-answers.ts';
import type { PhoneCheck } from './phone-check.ts';

/**
 * Booking (POST /bookings) and the code check, should the server ask for one (since decision 072 it
 * does not for a number's bookings ahead): only the review step needs them, so they are a module of
 * their own, loaded with it (docs/decisions/055).
 */

export interface ConfirmContext {
  answers: Answers;
  phoneCheck: PhoneCheck | null;
  /** The idempotency key of the request being tried, and the request it is for. */
  idempotency: { current: { key: string; body: string } | null };
  setPhoneCheck: Dispatch<SetStateAction<PhoneCheck | null>>;
  setConfirmStatus: Dispatch<SetStateAction<ButtonStatus>>;
  setConfirmError: Dispatch<SetStateAction<string | null>>;
  setSlotTaken: Dispatch<SetStateAction<boolean>>;
  setFreshDay: Dispatch<SetStateAction<{ date: string; slots: Slot[] } | null>>;
  update(patch: Partial<Answers>): void;
  go(step: StepIndex): void;
}

/** Texts a code to `phone` and keeps the request it answers to. */
export async function askForCode(phone: string, setPhoneCheck: ConfirmContext['setPhoneCheck']): Promise<void> {
  setPhoneCheck({ phone, requestId: null, code: '', sending: true, error: null });
  const sent = await api('/phone-codes', {
    method: 'POST',
    body: { phone, purpose: 'booking' },
    schema: PhoneCodeResponseSchema,
  });
  setPhoneCheck(
    (c) =>
      c && {
        ...c,
        sending: false,
        requestId: sent.data?.requestId ?? null,
        error: sent.data ? null : (sent.error ?? 'We could not send the code. Please try again.'),
      },
  );
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

  c.setConfirmStatus(1);
  c.setConfirmError(null);
  const result = await api('/bookings', {
    method: 'POST',
    body,
    schema: CreateBookingResponseSchema,
    timeoutMs: 20_000,
  });
  if (result.data) {
    if (result.data.accessKey) setCookie(COOKIE_NAMES.authKey, result.data.accessKey);
    c.setConfirmStatus(4);
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
      c.setConfirmStatus(0);
      c.setSlotTaken(true);
      if (answers.date) c.setFreshDay({ date: answers.date, slots: refusal.success ? (refusal.data.slots ?? []) : [] });
      c.update({ start: null });
      c.go(STEP.time);
      return;
    case 'phone_verification_required':
      c.setConfirmStatus(0);
      await askForCode(body.owner.phone, c.setPhoneCheck);
      return;
    case 'phone_code_wrong':
      c.setConfirmStatus(0);
      c.setPhoneCheck((p) => p && { ...p, code: '', error: result.error });
      return;
    case 'phone_code_expired':
      c.setConfirmStatus(0);
      c.setPhoneCheck((p) => p && { ...p, requestId: null, code: '', error: result.error });
      return;
  }
  c.setConfirmStatus(3);
  c.setConfirmError(
    result.status === 0
      ? 'We could not reach the booking system. Please check your connection and try again; you will not be booked twice.'
      : (result.error ?? 'Something went wrong. Please try again.'),
  );
  setTimeout(() => c.setConfirmStatus(0), 2500);
}

/** Keeps the Stripe Checkout address for this tab, so the cancelled page can offer to pay again. */
function rememberCheckout(url: string, bookingId: string) {
  try {
    window.sessionStorage.setItem('booking_checkout', JSON.stringify({ url, bookingId }));
  } catch {
    /* storage blocked: the cancelled page falls back to booking again */
  }
}
