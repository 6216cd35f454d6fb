import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPLETE_ANSWERS as complete } from './answers.cases.ts';
import type { ConfirmAction } from './confirm-state.ts';

const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
let answer: { data: unknown; error: string | null; status: number; code: string | null; body: unknown };
vi.mock('../../client/api.ts', () => ({
  callApi: async (route: { path: string }, options: { body: Record<string, unknown> }) => {
    calls.push({ path: route.path, body: options.body });
    return answer;
  },
}));
const { confirmBooking } = await import('./confirm-booking.ts');

async function confirm(result: typeof answer, another = false) {
  answer = result;
  const actions: ConfirmAction[] = [];
  const go = vi.fn();
  await confirmBooking({
    answers: complete,
    idempotency: { current: null },
    dispatch: (a) => actions.push(a),
    go,
    another,
  });
  return { actions, go };
}

/** The browser as confirming uses it: the tab's storage, holding the form's answers, and the address. */
function tab() {
  const stored = new Map<string, string>([['booking_answers', '{"step":4}']]);
  const sessionStorage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  };
  const assign = vi.fn();
  const history = {
    state: { bookingStep: 4 } as unknown,
    replaceState(state: unknown) {
      history.state = state;
    },
  };
  vi.stubGlobal('window', { sessionStorage, location: { assign }, history });
  return { stored, assign, history };
}

afterEach(() => {
  calls.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const bookingId = 'AbCdEfGhIjKlMnOpQrStUvWx';
describe('confirmBooking: once booked, the answers are forgotten (docs/decisions/099)', () => {
  it.each([
    ['confirmed at once', { bookingId, status: 'confirmed' }, `/b/${bookingId}`],
    [
      'held for its deposit',
      { bookingId, status: 'pending_payment', checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' },
      'https://checkout.stripe.com/c/pay/cs_test_1',
    ],
  ])('%s: before the browser leaves the form', async (_, data, next) => {
    const { stored, assign, history } = tab();
    assign.mockImplementation(() => {
      expect(stored.has('booking_answers')).toBe(false);
      // The back button that comes back here finds a fresh form (use-booking-flow.ts).
      expect(history.state).toEqual({ bookingStep: 4, booked: true });
    });
    const { actions } = await confirm({ data, error: null, status: 201, code: null, body: data });
    expect(actions).toEqual([{ type: 'confirming' }, { type: 'confirmed' }]);
    expect(assign).toHaveBeenCalledWith(next);
    expect(stored.has('booking_answers')).toBe(false);
  });

  it('asks before a second booking of the same dog at the same time, and keeps the answers', async () => {
    const { stored, assign, history } = tab();
    const refusal = {
      error: 'You already booked Bella at 10:30 — book another?',
      code: 'already_booked',
      booked: { bookingId, dogs: ['Bella'], start: '2026-12-01T10:30:00.000Z' },
    };
    const { actions, go } = await confirm({
      data: null,
      error: refusal.error,
      status: 409,
      code: refusal.code,
      body: refusal,
    });
    expect(actions).toEqual([{ type: 'confirming' }, { type: 'alreadyBooked', booked: refusal.booked }]);
    expect(go).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(stored.has('booking_answers')).toBe(true);
    expect(history.state).toEqual({ bookingStep: 4 });
    expect(calls[0]!.body).not.toHaveProperty('anotherBooking');
  });

  it('says "book another" when the owner answered yes', async () => {
    tab();
    await confirm({ data: { bookingId, status: 'confirmed' }, error: null, status: 201, code: null, body: null }, true);
    expect(calls[0]!.body).toMatchObject({ anotherBooking: true });
  });
});

describe('confirmBooking: one Confirm, whatever the number (decisions 072, 079)', () => {
  it('sends the booking once, with no code and no request for one', async () => {
    vi.useFakeTimers();
    await confirm({ data: null, error: 'Something', status: 500, code: null, body: null });
    expect(calls.map((c) => c.path)).toEqual(['/bookings']);
    expect(calls[0]!.body).not.toHaveProperty('phoneProof');
  });

  it.each([
    ['a code the server asks for (a server older than decision 072)', 403, 'phone_verification_required'],
    ['a refused code', 400, 'phone_code_wrong'],
  ])('%s is said as a failure to try again, never a code step', async (_, status, code) => {
    vi.useFakeTimers();
    const { actions, go } = await confirm({
      data: null,
      error: 'Not booked',
      status,
      code,
      body: { error: 'Not booked', code },
    });
    expect(actions).toEqual([{ type: 'confirming' }, { type: 'confirmFailed', error: 'Not booked' }]);
    expect(calls.map((c) => c.path)).toEqual(['/bookings']);
    expect(go).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(actions.at(-1)).toEqual({ type: 'confirmSettled' });
  });
});
