import { describe, expect, it } from 'vitest';
import { EMPTY_ANSWERS, STEP, type Stored } from './answer-basics.ts';
import {
  INITIAL_STATE,
  bookingReducer,
  startingPoint,
  type BookingAction,
  type BookingState,
} from './booking-state.ts';

const slot = { start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T11:00:00.000Z' } as never;
const saved: Stored = { step: STEP.time, answers: { ...EMPTY_ANSWERS, serviceId: 'full', dogName: 'Bella' } };
const ready: BookingState = { ...INITIAL_STATE, phase: 'ready' };
const withCheck: BookingState = {
  ...ready,
  confirmStatus: 1,
  phoneCheck: { phone: '+447700900123', requestId: 'r1', code: '123456', sending: false, error: null },
};

describe('bookingReducer', () => {
  const cases: Array<[string, BookingState, BookingAction, Partial<BookingState>]> = [
    [
      'a resumed visit starts where it was',
      INITIAL_STATE,
      { type: 'started', start: saved, resumed: true },
      { phase: 'ready', step: STEP.time, answers: saved.answers },
    ],
    [
      'a fresh visit keeps a service chosen while the page was starting',
      { ...INITIAL_STATE, answers: { ...EMPTY_ANSWERS, serviceId: 'nails' } },
      {
        type: 'started',
        start: { step: STEP.service, answers: { ...EMPTY_ANSWERS, serviceId: 'full' } },
        resumed: false,
      },
      { phase: 'ready', step: STEP.service, answers: { ...EMPTY_ANSWERS, serviceId: 'nails' } },
    ],
    [
      'a fresh visit takes the service ticked before the script ran',
      INITIAL_STATE,
      {
        type: 'started',
        start: { step: STEP.service, answers: { ...EMPTY_ANSWERS, serviceId: 'full' } },
        resumed: false,
      },
      { phase: 'ready', answers: { ...EMPTY_ANSWERS, serviceId: 'full' } },
    ],
    [
      'an answer is merged',
      ready,
      { type: 'answered', patch: { dogName: 'Rex' } },
      { answers: { ...EMPTY_ANSWERS, dogName: 'Rex' } },
    ],
    ['a step is gone to', ready, { type: 'went', step: STEP.you }, { step: STEP.you }],
    [
      'a step tried is remembered once',
      { ...ready, attempted: [STEP.dog] },
      { type: 'stuck', step: STEP.dog },
      { attempted: [STEP.dog] },
    ],
    [
      'a prefill fills only what is empty',
      { ...ready, answers: { ...EMPTY_ANSWERS, ownerName: 'Sam' } },
      { type: 'prefilled', owner: { name: 'Ann', phone: '07700 900123', email: null } },
      { answers: { ...EMPTY_ANSWERS, ownerName: 'Sam', phone: '07700 900123', email: '' } },
    ],
    [
      'a time chosen clears the taken notice',
      { ...ready, slotTaken: true },
      { type: 'timeChosen', date: '2026-12-01', start: '10:00' },
      { slotTaken: false, answers: { ...EMPTY_ANSWERS, date: '2026-12-01', start: '10:00' } },
    ],
    [
      'confirming clears the error',
      { ...ready, confirmError: 'x' },
      { type: 'confirming' },
      { confirmStatus: 1, confirmError: null },
    ],
    ['confirmed', ready, { type: 'confirmed' }, { confirmStatus: 4 }],
    ['a failure is said', ready, { type: 'confirmFailed', error: 'No' }, { confirmStatus: 3, confirmError: 'No' }],
    ['the button settles', { ...ready, confirmStatus: 3 }, { type: 'confirmSettled' }, { confirmStatus: 0 }],
    [
      'a taken time keeps every answer but the time and shows the day afresh',
      {
        ...ready,
        confirmStatus: 1,
        answers: { ...EMPTY_ANSWERS, dogName: 'Bella', date: '2026-12-01', start: '10:00' },
      },
      { type: 'slotTaken', slots: [slot] },
      {
        confirmStatus: 0,
        slotTaken: true,
        freshDay: { date: '2026-12-01', slots: [slot] },
        answers: { ...EMPTY_ANSWERS, dogName: 'Bella', date: '2026-12-01', start: null },
      },
    ],
    [
      'a code is on its way',
      ready,
      { type: 'codeSending', phone: '+447700900123' },
      { phoneCheck: { phone: '+447700900123', requestId: null, code: '', sending: true, error: null } },
    ],
    [
      'a code was sent',
      { ...withCheck, phoneCheck: { ...withCheck.phoneCheck!, sending: true, requestId: null } },
      { type: 'codeSent', requestId: 'r2', error: null },
      { phoneCheck: { ...withCheck.phoneCheck!, requestId: 'r2', sending: false } },
    ],
    ['no code check, nothing to send', ready, { type: 'codeSent', requestId: 'r2', error: null }, { phoneCheck: null }],
    [
      'typing a code clears its error',
      { ...withCheck, phoneCheck: { ...withCheck.phoneCheck!, error: 'Wrong' } },
      { type: 'codeTyped', code: '12' },
      { phoneCheck: { ...withCheck.phoneCheck!, code: '12', error: null } },
    ],
    [
      'a wrong code keeps its request',
      withCheck,
      { type: 'codeRefused', error: 'Wrong', expired: false },
      { confirmStatus: 0, phoneCheck: { ...withCheck.phoneCheck!, code: '', error: 'Wrong' } },
    ],
    [
      'an expired code needs a new request',
      withCheck,
      { type: 'codeRefused', error: 'Expired', expired: true },
      { confirmStatus: 0, phoneCheck: { ...withCheck.phoneCheck!, requestId: null, code: '', error: 'Expired' } },
    ],
  ];
  it.each(cases)('%s', (_, before, action, expected) => {
    const after = bookingReducer(before, action);
    expect(after).toEqual({ ...before, ...expected });
  });
});

describe('startingPoint', () => {
  const stored: Stored = {
    step: STEP.you,
    answers: { ...EMPTY_ANSWERS, serviceId: 'full', date: '2026-12-01', start: '10:00' },
  };
  it.each<[string, Stored | null, string | null, string | null, Stored]>([
    ['saved answers', stored, null, null, stored],
    ['the same ?type= as saved', stored, 'full', null, stored],
    [
      'a new ?type= wins over a half-finished choice, from the dog step, without the time',
      stored,
      'nails',
      null,
      { step: STEP.dog, answers: { ...stored.answers, serviceId: 'nails', date: null, start: null } },
    ],
    [
      'saved on the first step, a service ticked before hydration',
      { ...stored, step: STEP.service },
      null,
      'nails',
      { step: STEP.service, answers: { ...stored.answers, serviceId: 'nails' } },
    ],
    ['?type= alone', null, 'full', null, { step: STEP.dog, answers: { ...EMPTY_ANSWERS, serviceId: 'full' } }],
    ['a tick alone', null, null, 'full', { step: STEP.service, answers: { ...EMPTY_ANSWERS, serviceId: 'full' } }],
    ['nothing', null, null, null, { step: STEP.service, answers: EMPTY_ANSWERS }],
  ])('%s', (_, saved, type, chosen, expected) => {
    expect(startingPoint(saved, type, chosen)).toEqual(expected);
  });
});
