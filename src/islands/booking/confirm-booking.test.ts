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

async function confirm(result: typeof answer) {
  answer = result;
  const actions: ConfirmAction[] = [];
  const go = vi.fn();
  await confirmBooking({ answers: complete, idempotency: { current: null }, dispatch: (a) => actions.push(a), go });
  return { actions, go };
}

afterEach(() => {
  calls.length = 0;
  vi.useRealTimers();
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
