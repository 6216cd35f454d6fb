import type { AvailabilityDay, Coat, DayClosedReason } from './booking-api-schemas.ts';
import { addDays, daysBetween, instantToZoned, minutesOfTime, zonedDateTimeToInstant } from './london-time.ts';

/**
 * Rebook in one tap (issue 21, docs/decisions/085): how many weeks until a dog's next groom, the
 * dates of "same time in N weeks" for one visit or a series, and what to offer for a date that cannot
 * be had. Pure: the free times come in as the availability engine's days.
 */

export const MIN_WEEKS = 4;
export const MAX_WEEKS = 12;
export const MAX_VISITS = 6;
/** How far from the date asked a visit may move when that day has no free time. */
export const MAX_DAYS_AWAY = 3;

/**
 * The usual interval by coat when the breed has none of its own. A coat that tangles or grows
 * without shedding (long, double, wire, and one that came in matted) needs a groom before it mats
 * again, which UK groomers put at 4–8 weeks: 6. A medium coat keeps tidy a little longer: 8. A short
 * coat needs a bath and nails more than a cut: 10.
 */
export const COAT_INTERVAL_WEEKS: Record<Coat, number> = {
  short: 10,
  medium: 8,
  long: 6,
  double: 6,
  wire: 6,
  matted: 6,
};

export type IntervalSource = 'history' | 'breed' | 'coat';

export function clampWeeks(weeks: number): number {
  return Math.min(MAX_WEEKS, Math.max(MIN_WEEKS, Math.round(weeks)));
}

/**
 * The usual interval of a dog: its own history first (the median gap between its completed visits,
 * when it has two or more: what this owner actually does beats any table), then its breed's, then its
 * coat's. Always whole weeks from MIN_WEEKS to MAX_WEEKS.
 */
export function usualInterval(input: {
  /** The local dates (YYYY-MM-DD) of the dog's completed visits, any order. */
  completedVisits: readonly string[];
  breedWeeks: number | null;
  coat: Coat;
}): { weeks: number; source: IntervalSource } {
  const dates = [...new Set(input.completedVisits)].sort();
  if (dates.length >= 2) {
    const gaps = dates.slice(1).map((d, i) => daysBetween(dates[i]!, d));
    return { weeks: clampWeeks(median(gaps) / 7), source: 'history' };
  }
  if (input.breedWeeks !== null) return { weeks: clampWeeks(input.breedWeeks), source: 'breed' };
  return { weeks: COAT_INTERVAL_WEEKS[input.coat], source: 'coat' };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface AskedVisit {
  date: string;
  time: string;
}

/**
 * "Same time in N weeks": the same London wall-clock time on the date N, 2N… weeks after the visit,
 * so a series across a clock change keeps its 10:00 (the instant moves by the hour, the time does not).
 */
export function seriesAsked(from: Date, weeks: number, visits: number, timeZone: string): AskedVisit[] {
  const { date, time } = instantToZoned(from, timeZone);
  return Array.from({ length: visits }, (_, i) => ({ date: addDays(date, weeks * 7 * (i + 1)), time }));
}

/** The days whose free times the proposals need: every date asked, MAX_DAYS_AWAY either side. */
export function daysNeeded(asked: readonly AskedVisit[]): { from: string; to: string } {
  return { from: addDays(asked[0]!.date, -MAX_DAYS_AWAY), to: addDays(asked[asked.length - 1]!.date, MAX_DAYS_AWAY) };
}

/** Why the time asked could not be had: the day's reason, or 'full' when the day is open. */
export type NotHadReason = DayClosedReason | 'full';

export type Proposal =
  | { kind: 'as_asked'; start: string; date: string; time: string }
  | { kind: 'moved'; start: string; date: string; time: string; asked: AskedVisit; why: NotHadReason }
  | { kind: 'none'; asked: AskedVisit; why: NotHadReason };

/**
 * What to offer for each date asked, never skipping one silently. The rule: the time asked; else the
 * closest free time that same day (the earlier on a tie); else the nearest day within MAX_DAYS_AWAY,
 * the earlier day first at each distance (a coat only grows), the same time first, else that pair of
 * days' closest time; else none, with why the date asked could not be had.
 */
export function proposeVisits(asked: readonly AskedVisit[], days: readonly AvailabilityDay[]): Proposal[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return asked.map((visit) => {
    const day = byDate.get(visit.date);
    const why: NotHadReason = !day ? 'beyond_horizon' : day.open ? 'full' : (day.reason ?? 'closed');
    const same = day?.slots.find((s) => s.time === visit.time);
    if (same) return { kind: 'as_asked', start: same.start, date: visit.date, time: same.time };
    const candidates: AvailabilityDay[][] = [day ? [day] : []];
    for (let away = 1; away <= MAX_DAYS_AWAY; away++) {
      candidates.push(
        [byDate.get(addDays(visit.date, -away)), byDate.get(addDays(visit.date, away))].filter(
          (d): d is AvailabilityDay => d !== undefined,
        ),
      );
    }
    for (const pair of candidates) {
      const found = closestTime(pair, visit.time);
      if (found) return { kind: 'moved', ...found, asked: visit, why };
    }
    return { kind: 'none', asked: visit, why };
  });
}

function closestTime(days: readonly AvailabilityDay[], time: string) {
  const wanted = minutesOfTime(time);
  let best: { start: string; date: string; time: string; distance: number } | null = null;
  for (const day of days) {
    for (const slot of day.slots) {
      const distance = Math.abs(minutesOfTime(slot.time) - wanted);
      // Strictly closer only: the earlier day, and the earlier time, win a tie.
      if (!best || distance < best.distance) best = { start: slot.start, date: day.date, time: slot.time, distance };
    }
  }
  return best && { start: best.start, date: best.date, time: best.time };
}

/**
 * A rebook is a booking like any other (issue 29, docs/decisions/101): it reaches no further than the
 * shop's horizon, as /book does. How many visits of a series every `weeks` weeks lie within it: the
 * dates asked up to the last bookable day (a date asked beyond it is never offered), at least one, so
 * the card always has a visit to show, and says why when it lies beyond.
 */
export function visitsWithinHorizon(asked: readonly AskedVisit[], lastDay: string): number {
  return Math.max(1, asked.filter((a) => a.date <= lastDay).length);
}

/**
 * Whether the starts sent follow the series' own interval (docs/decisions/101): each is one the
 * proposals could offer, on a date within MAX_DAYS_AWAY of a date asked, each for a later date asked
 * than the one before (a date with no free time is left out). Six visits on six days in a row, or a
 * visit weeks away from any date asked, are not a series every `weeks` weeks.
 */
export function followsSeries(asked: readonly AskedVisit[], starts: readonly Date[], timeZone: string): boolean {
  let next = 0;
  for (const start of starts) {
    const date = instantToZoned(start, timeZone).date;
    let k = next;
    while (k < asked.length && Math.abs(daysBetween(asked[k]!.date, date)) > MAX_DAYS_AWAY) k++;
    if (k === asked.length) return false;
    next = k + 1;
  }
  return true;
}

/**
 * How many visits a rebook may book at once, as /book would charge them (docs/decisions/101): a
 * booking asks the deposit its standing asks for (decision 081) for each visit, so when one visit
 * asks a deposit online, the next groom is booked one visit at a time, each paying its own deposit on
 * its own row (refunded, kept or charged as that visit's own). A visit that asks nothing online (the
 * shop takes no deposit, or staff book it as a phone booking) may come as a series.
 */
export function seriesPayment(input: {
  visitDepositPence: number;
  visits: number;
}): { ok: true; depositPence: number } | { ok: false; maxVisits: number } {
  if (input.visitDepositPence > 0 && input.visits > 1) return { ok: false, maxVisits: 1 };
  return { ok: true, depositPence: input.visitDepositPence };
}

/** The reason a visit was moved or could not be had, in the shop's words. */
export function notHadWords(why: NotHadReason): string {
  switch (why) {
    case 'full':
      return 'that time is taken';
    case 'closed':
      return 'we are closed that day';
    case 'bank_holiday':
      return 'it is a bank holiday';
    case 'closure':
      return 'the shop is closed that day';
    case 'past':
      return 'that day has passed';
    case 'beyond_horizon':
      return 'that is further ahead than we take bookings';
  }
}

/** The instant of a wall-clock time asked, for a visit that kept it. */
export function instantOf(visit: AskedVisit, timeZone: string): Date {
  return zonedDateTimeToInstant(visit.date, visit.time, timeZone);
}
