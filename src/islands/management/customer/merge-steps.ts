/**
 * Where a merge of "the same person?" stands. Two records proved alike (both or neither) merge after a
 * yes; a proved and an unproved one only with a code texted to the proved number (decision 068): text
 * it, then type the code the customer reads out.
 */
export type MergeStep =
  | { at: 'list' }
  | { at: 'confirm'; from: string }
  | { at: 'prove'; from: string; phone: string | null; requestId: string | null; code: string };

export type MergeEvent =
  /** Merge… pressed on a record; `alike`: both proved or neither. */
  | { type: 'start'; from: string; alike: boolean; phone: string | null }
  /** The server asked for a code (the records' proof changed since the page loaded, or the code failed). */
  | { type: 'needs proof'; from: string; phone: string | null }
  | { type: 'code sent'; phone: string; requestId: string }
  | { type: 'typed'; code: string }
  | { type: 'close' };

export const NO_MERGE: MergeStep = { at: 'list' };

export function mergeStep(step: MergeStep, event: MergeEvent): MergeStep {
  switch (event.type) {
    case 'start':
      return event.alike
        ? { at: 'confirm', from: event.from }
        : { at: 'prove', from: event.from, phone: event.phone, requestId: null, code: '' };
    case 'needs proof':
      return { at: 'prove', from: event.from, phone: event.phone, requestId: null, code: '' };
    case 'code sent':
      return step.at === 'prove' ? { ...step, phone: event.phone, requestId: event.requestId, code: '' } : step;
    case 'typed':
      return step.at === 'prove' ? { ...step, code: event.code.replace(/\D/g, '').slice(0, 6) } : step;
    case 'close':
      return NO_MERGE;
  }
}
