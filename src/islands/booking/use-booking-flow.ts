import { useCallback, useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import {
  BOOKED,
  STEP,
  clearAnswers,
  firstIncompleteStep,
  loadAnswers,
  saveAnswers,
  stepProblems,
  type Answers,
  type StepIndex,
} from './answers.ts';
import { INITIAL_STATE, bookingReducer, startingPoint } from './booking-state.ts';

/**
 * The form's state (booking-state.ts) and what the browser does with it: where the visit starts, the
 * history entries the back button steps through, the answers kept for the tab, and the focus on each
 * new step's heading.
 */
export function useBookingFlow(
  root: RefObject<HTMLDivElement | null>,
  heading: RefObject<HTMLHeadingElement | null>,
  fetchStep: (step: StepIndex) => Promise<void>,
  onStepLoadFailed: () => void,
) {
  const [state, dispatch] = useReducer(bookingReducer, INITIAL_STATE);
  const { phase, step, answers } = state;
  const moved = useRef(false);

  const update = useCallback((patch: Partial<Answers>) => dispatch({ type: 'answered', patch }), []);
  const go = useCallback((next: StepIndex, push = true) => {
    dispatch({ type: 'went', step: next });
    moved.current = true;
    if (push && typeof history !== 'undefined') history.pushState({ bookingStep: next }, '');
  }, []);

  // Where this visit starts. Saved answers are checked by a schema imported for the purpose; a service
  // tapped before the page's script ran is kept. The starting step's code is in before it is shown.
  // A page this form booked from, come back to by the back button (BOOKED in its history entry), is a
  // fresh form at the first step: its answers were forgotten, and the service of its address too.
  useEffect(() => {
    let live = true;
    const booked = Boolean((history.state as Record<string, unknown> | null)?.[BOOKED]);
    const type = booked ? null : new URLSearchParams(window.location.search).get('type');
    const chosen = root.current?.querySelector<HTMLInputElement>('input[name="f-serviceId"]:checked')?.value ?? null;
    void loadAnswers(booked ? undefined : window.sessionStorage).then(async (stored) => {
      const start = startingPoint(stored, type, chosen);
      if (start.step !== STEP.service) await fetchStep(start.step).catch(onStepLoadFailed);
      if (!live) return;
      dispatch({ type: 'started', start, resumed: Boolean(stored || type) });
      if (booked) history.replaceState({ bookingStep: start.step }, '', window.location.pathname);
      else history.replaceState({ ...(history.state ?? {}), bookingStep: start.step }, '');
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Tell the page (client:intent) the form is listening: a button pressed before it ran is pressed again.
  useEffect(() => {
    if (phase === 'ready') root.current?.dispatchEvent(new Event('island-ready', { bubbles: true }));
  }, [phase, root]);

  // Persist every answer for this tab, so a reload or a look at the prices page loses nothing; once
  // booked, nothing more (docs/decisions/099): the answers are forgotten, and a change that comes
  // after (the owner's details filled in from the device key the booking left) must not save them
  // again.
  const booked = state.confirmStatus === 4;
  useEffect(() => {
    if (phase === 'ready' && !booked) saveAnswers(window.sessionStorage, { step, answers });
  }, [phase, step, answers, booked]);
  useEffect(() => {
    if (booked) clearAnswers(window.sessionStorage);
  }, [booked]);

  // Booked, the form's answers are forgotten (confirm-booking.ts), but a page the back button brings
  // back from the browser's cache is the form as it was when it booked, answers, key and all: it is
  // hidden and loaded again, to start afresh as above (docs/decisions/099).
  useEffect(() => {
    if (!booked) return;
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      root.current?.style.setProperty('visibility', 'hidden');
      clearAnswers(window.sessionStorage);
      history.replaceState({ [BOOKED]: true }, '', window.location.pathname);
      window.location.reload();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [booked, root]);

  // The browser's back button steps back through the form rather than leaving it.
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      const target = (event.state as { bookingStep?: number } | null)?.bookingStep;
      if (typeof target === 'number' && target >= 0 && target <= 4) go(target as StepIndex, false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [go]);

  // Focus the new step's heading so screen readers announce it and Tab starts from the top, and
  // bring the form's top (progress, then heading) just below the sticky header, not under it. At
  // once, not smoothly: a smooth scroll still running when the visitor presses Tab carries the field
  // they focused under the privacy banner (WCAG 2.4.11; booking-banner.spec.ts found it).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus({ preventScroll: true });
    root.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [step, heading, root]);

  // How far the progress list lets the visitor jump: steps reached, or complete. A step's rules load
  // only once the steps before it are complete, so this costs nothing on the first step.
  const [furthest, setFurthest] = useState<StepIndex>(STEP.service);
  useEffect(() => {
    let live = true;
    void firstIncompleteStep(answers)
      .then((s) => live && setFurthest(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [answers]);
  const reachable = (target: StepIndex) => target <= step || target <= furthest;

  /** Goes on from `from` when its answers are complete; otherwise shows its errors and focuses the first. */
  const tryNext = async (from: StepIndex, onComplete = () => go((from + 1) as StepIndex)) => {
    const problems = await stepProblems(from, answers);
    if (!problems.length) return onComplete();
    dispatch({ type: 'stuck', step: from });
    requestAnimationFrame(() =>
      (
        document.getElementById(`f-${problems[0]}`) ?? document.querySelector<HTMLElement>(`[name="f-${problems[0]}"]`)
      )?.focus(),
    );
  };

  return { state, dispatch, update, go, reachable, tryNext };
}
export type BookingFlow = ReturnType<typeof useBookingFlow>;
