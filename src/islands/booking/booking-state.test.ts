import { describe, expect, it } from 'vitest';
import { EMPTY_ANSWERS, STEP, type Stored } from './answer-basics.ts';
import {
  INITIAL_STATE,
  bookingReducer,
  startingPoint,
  type BookingAction,
  type BookingState,
} from './booking-state.ts';

const saved: Stored = { step: STEP.time, answers: { ...EMPTY_ANSWERS, serviceId: 'full', dogName: 'Bella' } };
const ready: BookingState = { ...INITIAL_STATE, phase: 'ready' };

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
    [
      'another service drops the extras the last one offered',
      { ...ready, answers: { ...EMPTY_ANSWERS, serviceId: 'full', extras: ['nail-grind', 'teeth'] } },
      { type: 'answered', patch: { serviceId: 'shower', date: null, start: null } },
      { answers: { ...EMPTY_ANSWERS, serviceId: 'shower' } },
    ],
    [
      'the same service chosen again keeps them',
      { ...ready, answers: { ...EMPTY_ANSWERS, serviceId: 'full', extras: ['teeth'] } },
      { type: 'answered', patch: { serviceId: 'full' } },
      { answers: { ...EMPTY_ANSWERS, serviceId: 'full', extras: ['teeth'] } },
    ],
    [
      'extras ticked are kept as given',
      { ...ready, answers: { ...EMPTY_ANSWERS, serviceId: 'full' } },
      { type: 'answered', patch: { extras: ['nail-grind', 'bandana'] } },
      { answers: { ...EMPTY_ANSWERS, serviceId: 'full', extras: ['nail-grind', 'bandana'] } },
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
      { type: 'timeChosen', time: { date: '2026-12-01', start: '10:00' } },
      { slotTaken: false, answers: { ...EMPTY_ANSWERS, date: '2026-12-01', start: '10:00' } },
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
      'a new ?type= wins over a half-finished choice, from the dog step, without the time or the extras',
      { ...stored, answers: { ...stored.answers, extras: ['flea-bath'] } },
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
