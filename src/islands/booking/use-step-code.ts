import { useCallback, useEffect, useState } from 'react';
import { STEP, type StepIndex } from './answers.ts';
import { whenIdle } from './on-demand.ts';
import { loadStep, type StepComponents } from './step-loaders.ts';

/** The later steps' components as they arrive, and whether the one on show failed to load. */
export function useStepCode() {
  const [components, setComponents] = useState<StepComponents>({});
  const [failed, setFailed] = useState(false);
  const fetchStep = useCallback((s: StepIndex): Promise<void> => {
    if (s === STEP.service) return Promise.resolve();
    return loadStep[s]().then((module) =>
      setComponents((c) => (c[s] ? c : ({ ...c, [s]: module.default } as StepComponents))),
    );
  }, []);
  const fail = useCallback(() => setFailed(true), []);
  const retry = (step: StepIndex) => {
    setFailed(false);
    fetchStep(step).catch(fail);
  };
  return { components, failed, fetchStep, fail, retry };
}
export type StepCode = ReturnType<typeof useStepCode>;

/** The step on show, and, once the browser is idle, the next one. */
export function usePrefetch(code: StepCode, phase: 'start' | 'ready', step: StepIndex) {
  const { fetchStep, fail } = code;
  useEffect(() => {
    if (phase !== 'ready') return;
    fetchStep(step).catch(fail);
    if (step === STEP.review) return;
    return whenIdle(() => void fetchStep((step + 1) as StepIndex).catch(() => undefined));
  }, [phase, step, fetchStep, fail]);
}
