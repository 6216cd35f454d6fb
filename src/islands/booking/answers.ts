import { ok, STEP, wrong, type Answers, type StepIndex, type Stored } from './answer-basics.ts';

export * from './answer-basics.ts';

/**
 * The form's answers and steps. This module loads with the page, so it holds no schema: the rules
 * for the dog and the owner come with their steps' code (dog-answers.ts, owner-answers.ts) and the
 * check of saved answers with stored-answers.ts, each imported when first needed (docs/decisions/055).
 */

export const STORAGE_KEY = 'booking_answers';

/**
 * The key of the form's history entry once it has booked: the back button that comes back to it finds
 * a fresh form at the first step, not the one that booked (docs/decisions/099).
 */
export const BOOKED = 'booked';

/** The saved answers as text, unchecked (stored-answers.ts checks them); null when there are none. */
export function readStoredText(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** This tab's saved answers, checked; null when there are none or they are off (an old version, a hand edit). */
export async function loadAnswers(storage: Storage | undefined): Promise<Stored | null> {
  const text = readStoredText(storage);
  if (!text) return null;
  const { parseStoredAnswers } = await import('./stored-answers.ts');
  return parseStoredAnswers(text);
}

export function saveAnswers(storage: Storage | undefined, stored: Stored): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Private browsing or a full quota: the form still works, it just won't survive a reload.
  }
}

export function clearAnswers(storage: Storage | undefined): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    /* as above */
  }
}

/** The two answers that are choices from the server's own lists, so need no schema here. */
export const validateChoice = {
  serviceId: (v: string | null) => (v ? ok() : wrong('Please choose a service.')),
  start: (v: string | null) => (v ? ok() : wrong('Please choose a time.')),
};

/** Which answers each step needs before going on (the names of the missing or wrong ones). */
export async function stepProblems(step: StepIndex, a: Answers): Promise<string[]> {
  if (step === STEP.service) return validateChoice.serviceId(a.serviceId).ok ? [] : ['serviceId'];
  if (step === STEP.dog) return (await import('./dog-answers.ts')).dogProblems(a);
  if (step === STEP.time) return validateChoice.start(a.start).ok ? [] : ['start'];
  if (step === STEP.you) return (await import('./owner-answers.ts')).ownerProblems(a);
  return [];
}

/**
 * The first step with a missing or wrong answer (the review step when all is well). A step's rules
 * are loaded only once every step before it is complete.
 */
export async function firstIncompleteStep(a: Answers): Promise<StepIndex> {
  for (const step of [0, 1, 2, 3] as const) if ((await stepProblems(step, a)).length) return step;
  return a.acceptTerms ? STEP.review : STEP.you;
}
