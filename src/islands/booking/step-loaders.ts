import { STEP } from './answers.ts';
import { once } from './on-demand.ts';

/**
 * The later steps' components, each imported once when the form first needs it (docs/decisions/055).
 * Apart from on-demand.ts, which the steps themselves use for their schemas: a step never imports
 * the module that imports it.
 */
export const loadStep = {
  [STEP.dog]: once(() => import('./steps/DogStep.tsx')),
  [STEP.time]: once(() => import('./steps/TimeStep.tsx')),
  [STEP.you]: once(() => import('./steps/YouStep.tsx')),
  // The review imports what confirming needs, so "Confirm booking" never waits for code.
  [STEP.review]: once(() => import('./steps/ReviewStep.tsx')),
};
export type LazyStep = keyof typeof loadStep;
export type StepComponents = { [S in LazyStep]?: Awaited<ReturnType<(typeof loadStep)[S]>>['default'] };
