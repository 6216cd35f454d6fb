import type { AvailabilityDay, DayClosedReason, Slot } from './booking-schemas.ts';
import type { BookingSettings } from './booking-settings.ts';
import type { PartyPlacement, PartyPlacementSetting } from './party.ts';
import { fullStretches, isFree, lastBookableDay, planDay, type BusyInterval, type DayPlan } from './availability.ts';
import { addDays, daysBetween, instantToZoned, timeOfMinutes, todayIn } from './london-time.ts';

/**
 * The times a booking of several dogs can take (docs/decisions/082): a start is offered when EVERY
 * dog fits, side by side (the same start, each on its own table) or one after the other (each dog
 * starting as the one before ends, in the order given), as the shop's `partyPlacement` allows. The
 * same rule as availableSlots, with the party's own dogs counted: at every instant the bookings
 * already there plus the party's dogs at that instant stay within `capacity`, which is exactly what
 * the database's capacity trigger checks when the party's rows are written in one transaction.
 *
 * For each level L (1..capacity) the stretches where L or more bookings overlap are swept once; a
 * part of the party's span where k of its dogs are on tables must miss the stretches of level
 * capacity − k + 1. Each candidate start is then a few binary searches.
 */

const MINUTE = 60_000;

/** Where each dog's visit sits, in minutes from the party's start. */
export interface DogPlace {
  offsetMin: number;
  durationMin: number;
}

/** The placements a shop's setting allows, the one tried first first (the shorter day for the owner). */
export function placementsAllowed(setting: PartyPlacementSetting): PartyPlacement[] {
  return setting === 'either' ? ['side_by_side', 'one_after_another'] : [setting];
}

/** Each dog's place in the party: all at 0 side by side, back to back in the order given otherwise. */
export function dogPlaces(durations: readonly number[], placement: PartyPlacement): DogPlace[] {
  let offset = 0;
  return durations.map((durationMin) => {
    const place = { offsetMin: placement === 'side_by_side' ? 0 : offset, durationMin };
    offset += durationMin;
    return place;
  });
}

/** From the party's start to the last dog's end, in minutes. */
export function partySpanMinutes(places: readonly DogPlace[]): number {
  return Math.max(...places.map((p) => p.offsetMin + p.durationMin));
}

export interface PartyInput {
  now: Date;
  settings: BookingSettings;
  /** Each dog's visit length in minutes, in the order the dogs were given. */
  durations: readonly number[];
  from: string;
  to: string;
  /** Confirmed bookings and live holds, as availableSlots takes them (the party's own left out when moving). */
  busy: readonly BusyInterval[];
  /**
   * A booking being moved keeps where its dogs sit relative to its start (a dog split out leaves a
   * gap), with the placement it was made with: then only these places are tried.
   */
  keep?: { placement: PartyPlacement; places: readonly DogPlace[] } | undefined;
}

interface Candidate {
  placement: PartyPlacement;
  places: readonly DogPlace[];
}

function candidatesFor(input: Pick<PartyInput, 'durations' | 'settings' | 'keep'>, only?: PartyPlacement): Candidate[] {
  if (input.keep) return [input.keep];
  return placementsAllowed(input.settings.partyPlacement)
    .filter((p) => only === undefined || p === only)
    .map((placement) => ({ placement, places: dogPlaces(input.durations, placement) }));
}

/** The party's slots carry the placement that fits, so the booking takes the same one. */
export type PartySlot = Slot & { placement: PartyPlacement };
export type PartyDay = Omit<AvailabilityDay, 'slots'> & { slots: PartySlot[] };

/** The stretches where at least L bookings overlap, for L = 1..capacity (index L). */
function levels(busy: readonly BusyInterval[], capacity: number, from: number, to: number): Float64Array[] {
  const out: Float64Array[] = [new Float64Array(0)];
  for (let level = 1; level <= capacity; level++) out.push(fullStretches(busy, level, from, to));
  return out;
}

/** Whether the party, started at `start` (ms) with these places, fits among the bookings already there. */
function fits(places: readonly DogPlace[], start: number, capacity: number, full: readonly Float64Array[]): boolean {
  // The party's own count changes only where one of its dogs starts or ends.
  const edges = [...new Set(places.flatMap((p) => [p.offsetMin, p.offsetMin + p.durationMin]))].sort((a, b) => a - b);
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i]!;
    const b = edges[i + 1]!;
    const dogs = places.filter((p) => p.offsetMin <= a && p.offsetMin + p.durationMin >= b).length;
    if (dogs === 0) continue;
    if (dogs > capacity) return false;
    if (!isFree(full[capacity - dogs + 1]!, start + a * MINUTE, start + b * MINUTE)) return false;
  }
  return true;
}

function checkDurations(durations: readonly number[]): void {
  if (durations.length === 0) throw new RangeError('a party has at least one dog');
  for (const d of durations)
    if (!Number.isInteger(d) || d <= 0) throw new RangeError(`duration must be a positive whole number, got ${d}`);
}

/** The first candidate placement the party fits in at `start`, or null. */
function placementAt(
  start: number,
  plan: DayPlan,
  candidates: readonly Candidate[],
  capacity: number,
  full: readonly Float64Array[],
): Candidate | null {
  for (const candidate of candidates) {
    if (start + partySpanMinutes(candidate.places) * MINUTE > plan.closesAt!) continue;
    if (fits(candidate.places, start, capacity, full)) return candidate;
  }
  return null;
}

/** Every day from `from` to `to` with the starts where the whole party fits. */
export function partySlots(input: PartyInput): PartyDay[] {
  const { now, settings, durations, from, to } = input;
  checkDurations(durations);
  const count = daysBetween(from, to) + 1;
  if (count <= 0) return [];
  const today = todayIn(settings.timeZone, now);
  const lastDay = lastBookableDay(settings, now);
  const plans = Array.from({ length: count }, (_, i) => planDay(addDays(from, i), today, lastDay, settings));
  const open = plans.filter((p) => p.open);
  const full = open.length
    ? levels(input.busy, settings.capacity, open[0]!.opensAt!, open[open.length - 1]!.closesAt!)
    : [];
  const candidates = candidatesFor(input);
  const earliest = now.getTime() + settings.minNoticeMinutes * MINUTE;
  const stepMs = settings.slotStepMinutes * MINUTE;
  return plans.map((plan) => {
    if (!plan.open) return { date: plan.date, open: false, reason: plan.reason!, slots: [] };
    const slots: PartySlot[] = [];
    for (let k = 0, start = plan.opensAt!; start < plan.closesAt!; k++, start += stepMs) {
      if (start < earliest) continue;
      const placement = placementAt(start, plan, candidates, settings.capacity, full)?.placement;
      if (!placement) continue;
      const time = plan.steadyOffset
        ? timeOfMinutes(plan.opensMinute! + k * settings.slotStepMinutes)
        : instantToZoned(start, settings.timeZone).time;
      slots.push({ start: new Date(start).toISOString(), time, placement });
    }
    return { date: plan.date, open: true, slots };
  });
}

export type PartySlotCheck =
  | { available: true; time: string; placement: PartyPlacement; places: DogPlace[] }
  | { available: false; reason: DayClosedReason | 'too_soon' | 'not_a_slot' | 'full' };

/**
 * The server's re-check of one party start inside the booking (or move) transaction. `placement`,
 * when asked for, is the only one tried (the time was offered with it); otherwise the first allowed
 * one that fits. Same rules as partySlots.
 */
export function isPartySlotAvailable(
  input: Omit<PartyInput, 'from' | 'to'> & { start: Date; placement?: PartyPlacement | undefined },
): PartySlotCheck {
  const { now, settings, durations, start } = input;
  checkDurations(durations);
  const startMs = start.getTime();
  if (!Number.isFinite(startMs)) return { available: false, reason: 'not_a_slot' };
  const date = instantToZoned(startMs, settings.timeZone).date;
  const plan = planDay(date, todayIn(settings.timeZone, now), lastBookableDay(settings, now), settings);
  if (!plan.open) return { available: false, reason: plan.reason! };
  const offset = startMs - plan.opensAt!;
  if (offset < 0 || offset % (settings.slotStepMinutes * MINUTE) !== 0)
    return { available: false, reason: 'not_a_slot' };
  const candidates = candidatesFor(input, input.placement);
  const longest = Math.max(...candidates.map((c) => partySpanMinutes(c.places)), 0);
  const shortest = Math.min(...candidates.map((c) => partySpanMinutes(c.places)));
  if (candidates.length === 0 || startMs + shortest * MINUTE > plan.closesAt!)
    return { available: false, reason: 'not_a_slot' };
  if (startMs < now.getTime() + settings.minNoticeMinutes * MINUTE) return { available: false, reason: 'too_soon' };
  const full = levels(input.busy, settings.capacity, startMs, startMs + longest * MINUTE);
  const fit = placementAt(startMs, plan, candidates, settings.capacity, full);
  if (!fit) return { available: false, reason: 'full' };
  return {
    available: true,
    time: instantToZoned(startMs, settings.timeZone).time,
    placement: fit.placement,
    places: [...fit.places],
  };
}
