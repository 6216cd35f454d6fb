import { describe, expect, it } from 'vitest';
import { mergeStep, NO_MERGE, type MergeEvent, type MergeStep } from './merge-steps.ts';

const proving: MergeStep = { at: 'prove', from: 'b', phone: '+447700900461', requestId: null, code: '' };
const texted: MergeStep = { ...proving, requestId: 'r1' };

describe('mergeStep', () => {
  it.each<[string, MergeStep, MergeEvent, MergeStep]>([
    [
      'records proved alike ask for a yes',
      NO_MERGE,
      { type: 'start', from: 'b', alike: true, phone: null },
      { at: 'confirm', from: 'b' },
    ],
    [
      'a proved and an unproved record ask for a code',
      { at: 'confirm', from: 'a' },
      { type: 'start', from: 'b', alike: false, phone: '+447700900461' },
      proving,
    ],
    [
      'the server asks for a code after a yes',
      { at: 'confirm', from: 'b' },
      { type: 'needs proof', from: 'b', phone: '+447700900461' },
      proving,
    ],
    [
      'a refused code starts the proof again',
      { ...texted, code: '123456' },
      { type: 'needs proof', from: 'b', phone: '+447700900461' },
      proving,
    ],
    [
      'the code texted',
      proving,
      { type: 'code sent', phone: '+447700900462', requestId: 'r1' },
      { ...texted, phone: '+447700900462' },
    ],
    [
      'a new code clears what was typed',
      { ...texted, code: '12' },
      { type: 'code sent', phone: '+447700900461', requestId: 'r2' },
      { ...texted, requestId: 'r2' },
    ],
    ['a code is kept to its six digits', texted, { type: 'typed', code: '12 34-567' }, { ...texted, code: '123456' }],
    [
      'typing outside the proof changes nothing',
      { at: 'confirm', from: 'b' },
      { type: 'typed', code: '1' },
      { at: 'confirm', from: 'b' },
    ],
    [
      'a code sent outside the proof changes nothing',
      NO_MERGE,
      { type: 'code sent', phone: '+447700900461', requestId: 'r1' },
      NO_MERGE,
    ],
    ['Keep both closes', texted, { type: 'close' }, NO_MERGE],
  ])('%s', (_, step, event, next) => {
    expect(mergeStep(step, event)).toEqual(next);
  });
});
