import { z } from 'zod/mini';

/**
 * Where a dog is during its visit (docs/decisions/092): checked in (the counter's "Arrived"), then the
 * stages staff tap through. "Ready in 15 minutes" is a stage of its own, not a notice beside one: it
 * is a moment staff decide, it sends its own text, and the owner's page shows it in the same list.
 */
export const VISIT_STAGES = ['checked_in', 'bath', 'dry', 'finishing', 'ready_soon', 'ready'] as const;
export type VisitStage = (typeof VISIT_STAGES)[number];
export const VisitStageSchema = z.enum(VISIT_STAGES);

/** What the owner's page shows: a stage, or the visit completed (collected and paid at the counter). */
export type OwnerStage = VisitStage | 'completed';
export const OWNER_STAGES: readonly OwnerStage[] = [...VISIT_STAGES, 'completed'];
export const OwnerStageSchema = z.enum([...VISIT_STAGES, 'completed']);

/** The stages that send the owner a text (service messages: no marketing, no consent needed). */
export const TEXTED_STAGES: readonly VisitStage[] = ['ready_soon', 'ready'];

export const STAGE_LABELS: Readonly<Record<OwnerStage, string>> = {
  checked_in: 'Checked in',
  bath: 'Bath',
  dry: 'Drying',
  finishing: 'Finishing touches',
  ready_soon: 'Ready in 15 minutes',
  ready: 'Ready to collect',
  completed: 'Collected',
};

/** The sentence the owner's page announces for a stage, about their dog (or dogs, named together). */
export function stageSentence(stage: OwnerStage, names: readonly string[]): string {
  const dogs = dogsSubject(names);
  switch (stage) {
    case 'checked_in':
      return `${dogs} checked in and settling in.`;
    case 'bath':
      return `${dogs} in the bath.`;
    case 'dry':
      return `${dogs} being dried.`;
    case 'finishing':
      return `${dogs} having the finishing touches.`;
    case 'ready_soon':
      return `${dogs} ready to collect in about 15 minutes.`;
    case 'ready':
      return `${dogs} ready to collect.`;
    case 'completed':
      return `${dogs} home with you. Thank you for visiting.`;
  }
}

/** "Rex is", "Rex and Bella are": the subject of stageSentence. */
export function dogsSubject(names: readonly string[]): string {
  if (names.length <= 1) return `${names[0] ?? 'Your dog'} is`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`;
}

export const stageIndex = (stage: VisitStage): number => VISIT_STAGES.indexOf(stage);

/** The stage one tap moves on to, or null at "ready" (what follows is the counter's "Completed"). */
export function nextStage(stage: VisitStage): VisitStage | null {
  return VISIT_STAGES[stageIndex(stage) + 1] ?? null;
}

export function previousStage(stage: VisitStage): VisitStage | null {
  return VISIT_STAGES[stageIndex(stage) - 1] ?? null;
}

export type StageDecision = { allowed: true; changed: boolean } | { allowed: false; message: string };

export interface StageMove {
  attendance: 'arrived' | 'completed' | 'no_show' | null;
  /** The current stage (checked_in once arrived, before any tap). */
  from: VisitStage;
  to: VisitStage;
}

/**
 * A move staff may make: forward one stage or more, or one back to undo a mis-tap, and only while the
 * dog is in (arrived, not yet completed). The same stage again (a double tap) is allowed and changes
 * nothing, so it sends nothing twice. The database refuses the same moves (the stage trigger).
 */
export function mayMoveStage({ attendance, from, to }: StageMove): StageDecision {
  if (attendance === 'completed')
    return { allowed: false, message: 'This visit is completed, so its stage can no longer change.' };
  if (attendance === 'no_show') return { allowed: false, message: 'A no-show has no visit to follow.' };
  if (attendance !== 'arrived') return { allowed: false, message: 'Check the dog in first (Arrived).' };
  const step = stageIndex(to) - stageIndex(from);
  if (step === 0) return { allowed: true, changed: false };
  if (step > 0 || step === -1) return { allowed: true, changed: true };
  return {
    allowed: false,
    message: `Only one step back, to undo a mis-tap: the dog is at “${STAGE_LABELS[from]}”.`,
  };
}

/**
 * Whether a party's text for `stage` is due: one text for the whole party, when the last of its dogs
 * reaches the stage (a dog completed counts as past it). A dog on its own is a party of one.
 */
export function partyReached(stage: VisitStage, dogs: readonly OwnerStage[]): boolean {
  return dogs.length > 0 && dogs.every((s) => s === 'completed' || stageIndex(s) >= stageIndex(stage));
}

/** The owner's texts: short, one GSM-7 segment for ordinary names, no marketing in them. */
export function stageText(stage: 'ready_soon' | 'ready', shop: string, dogs: readonly string[], link: string): string {
  const subject = dogsSubject(dogs);
  return stage === 'ready_soon'
    ? `${shop}: ${subject} ready to collect in about 15 minutes. Follow along: ${link}`
    : `${shop}: ${subject} ready to collect. See you soon. ${link}`;
}

// GET /v1.0.1/bookings/{id}/status: the dog's name and stage, nothing more (the id is the key).
export const VisitStatusSchema = z.object({
  dogs: z.array(z.object({ name: z.string(), stage: z.nullable(OwnerStageSchema) })),
  /** The balance was paid by the owner's payment link (decision 096): the page thanks them. */
  balancePaid: z.optional(z.literal(true)),
});
export type VisitStatus = z.infer<typeof VisitStatusSchema>;

// POST /v1.0.1/management/bookings/{id}/stage
export const StageRequestSchema = z.object({ stage: VisitStageSchema });
export type StageRequest = z.infer<typeof StageRequestSchema>;
