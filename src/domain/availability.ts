import type { AvailabilityDay, BookingStatus, DayClosedReason, Slot } from './booking-schemas.ts';
import type { BookingSettings } from './booking-settings.ts';
import { isBankHoliday } from './bank-holidays.ts';
import {
  addDays,
  daysBetween,
  instantToZoned,
  minutesOfTime,
  offsetMinutesAt,
  timeOfMinutes,
  todayIn,
  weekdayOf,
  zonedDateTimeToInstant,
} from './london-time.ts';
import { isLiveHold } from './holds.ts';

/**
 * Which start times can be booked. A start is offered when it is on the slot grid (every
 * slotStepMinutes from opening), the appointment ends by closing time, it is at least
 * minNoticeMinutes after `now`, its day is within the horizon and not closed, and at every moment
 * of [start, end) fewer than `capacity` busy intervals overlap, so adding it never exceeds capacity.
 *
 * Busy intervals are swept once into the stretches of time that are already full; each candidate
 * start is then one binary search, so the cost is O(n log n) in the busy intervals, whatever the
 * slot step, and the answer is exact (no sampling between grid points).
 */

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface AvailabilityInput {
  now: Date;
  settings: BookingSettings;
  durationMinutes: number;
  /** First and last day (inclusive), YYYY-MM-DD in the shop's time zone. */
  from: string;
  to: string;
  /** Confirmed bookings and live holds. Expired holds must not be passed (see busyIntervalsFrom). */
  busy: readonly BusyInterval[];
}

/** At most this many days in one call: a guard, since the API allows 62. */
export const MAX_DAYS_PER_CALL = 800;

const MINUTE = 60_000;

export interface DayPlan {
  date: string;
  open: boolean;
  reason?: DayClosedReason;
  /** Opening and closing instants (ms) when open. */
  opensAt?: number;
  closesAt?: number;
  /** Wall-clock minute of opening, for labels. */
  opensMinute?: number;
  /** Whether the UTC offset is the same at opening and closing (every London day in practice). */
  steadyOffset?: boolean;
}

export function planDay(date: string, today: string, lastDay: string, settings: BookingSettings): DayPlan {
  if (date < today) return { date, open: false, reason: 'past' };
  if (date > lastDay) return { date, open: false, reason: 'beyond_horizon' };
  const span = settings.openingHours[weekdayOf(date)];
  if (!span) return { date, open: false, reason: 'closed' };
  if (settings.closedOnBankHolidays && isBankHoliday(date)) return { date, open: false, reason: 'bank_holiday' };
  if (settings.closures.includes(date)) return { date, open: false, reason: 'closure' };
  const opensAt = zonedDateTimeToInstant(date, span.opens, settings.timeZone).getTime();
  const closesAt = zonedDateTimeToInstant(date, span.closes, settings.timeZone).getTime();
  return {
    date,
    open: true,
    opensAt,
    closesAt,
    opensMinute: minutesOfTime(span.opens),
    steadyOffset: offsetMinutesAt(opensAt, settings.timeZone) === offsetMinutesAt(closesAt, settings.timeZone),
  };
}

/** The last bookable day: today plus horizonWeeks whole weeks. */
export function lastBookableDay(settings: BookingSettings, now: Date): string {
  return addDays(todayIn(settings.timeZone, now), settings.horizonWeeks * 7);
}

/**
 * The stretches where `capacity` or more busy intervals overlap, as sorted, disjoint, non-touching
 * [start, end) pairs in a flat array [s0, e0, s1, e1, …]. Intervals are half-open, so one ending at
 * 10:00 and another starting at 10:00 never overlap.
 */
export function fullStretches(
  busy: readonly BusyInterval[],
  capacity: number,
  windowStart = -Infinity,
  windowEnd = Infinity,
): Float64Array {
  const starts = new Float64Array(busy.length);
  const ends = new Float64Array(busy.length);
  let n = 0;
  for (const b of busy) {
    const s = b.start.getTime();
    const e = b.end.getTime();
    if (!(e > s) || e <= windowStart || s >= windowEnd) continue; // empty, invalid (NaN) or outside
    starts[n] = s;
    ends[n] = e;
    n++;
  }
  const st = starts.subarray(0, n).sort();
  const en = ends.subarray(0, n).sort();
  const out: number[] = [];
  let count = 0;
  let i = 0;
  let j = 0;
  let fullSince = 0;
  while (i < n) {
    // Ends first at equal times: half-open intervals.
    if (en[j]! <= st[i]!) {
      const t = en[j++]!;
      if (count-- === capacity) {
        if (out.length && out[out.length - 1] === fullSince)
          out[out.length - 1] = t; // touching: extend
        else if (t > fullSince) out.push(fullSince, t);
      }
    } else {
      const t = st[i++]!;
      if (++count === capacity) fullSince = t;
    }
  }
  while (j < n) {
    const t = en[j++]!;
    if (count-- === capacity) {
      if (out.length && out[out.length - 1] === fullSince) out[out.length - 1] = t;
      else if (t > fullSince) out.push(fullSince, t);
    }
  }
  return Float64Array.from(out);
}

/** Whether [start, end) misses every full stretch (binary search on the stretch ends). */
export function isFree(full: Float64Array, start: number, end: number): boolean {
  let lo = 0;
  let hi = full.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (full[mid * 2 + 1]! <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo === full.length / 2 || full[lo * 2]! >= end;
}

function slotsOfDay(
  plan: DayPlan,
  settings: BookingSettings,
  durationMs: number,
  earliest: number,
  full: Float64Array,
): Slot[] {
  const slots: Slot[] = [];
  const stepMs = settings.slotStepMinutes * MINUTE;
  for (let k = 0, start = plan.opensAt!; start + durationMs <= plan.closesAt!; k++, start += stepMs) {
    if (start < earliest) continue;
    if (!isFree(full, start, start + durationMs)) continue;
    slots.push({
      start: new Date(start).toISOString(),
      time: plan.steadyOffset
        ? timeOfMinutes(plan.opensMinute! + k * settings.slotStepMinutes)
        : instantToZoned(start, settings.timeZone).time,
    });
  }
  return slots;
}

function checkDuration(durationMinutes: number): void {
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0)
    throw new RangeError(`duration must be a positive whole number of minutes, got ${durationMinutes}`);
}

/** Every day from `from` to `to` with its bookable start times. */
export function availableSlots(input: AvailabilityInput): AvailabilityDay[] {
  const { now, settings, durationMinutes, from, to } = input;
  checkDuration(durationMinutes);
  const count = daysBetween(from, to) + 1;
  if (count <= 0) return [];
  if (count > MAX_DAYS_PER_CALL) throw new RangeError(`at most ${MAX_DAYS_PER_CALL} days at a time`);
  const today = todayIn(settings.timeZone, now);
  const lastDay = lastBookableDay(settings, now);
  const plans: DayPlan[] = [];
  for (let i = 0; i < count; i++) plans.push(planDay(addDays(from, i), today, lastDay, settings));

  const openPlans = plans.filter((p) => p.open);
  const durationMs = durationMinutes * MINUTE;
  const full = openPlans.length
    ? fullStretches(input.busy, settings.capacity, openPlans[0]!.opensAt!, openPlans[openPlans.length - 1]!.closesAt!)
    : new Float64Array(0);
  const earliest = now.getTime() + settings.minNoticeMinutes * MINUTE;

  return plans.map((plan) =>
    plan.open
      ? { date: plan.date, open: true, slots: slotsOfDay(plan, settings, durationMs, earliest, full) }
      : { date: plan.date, open: false, reason: plan.reason!, slots: [] },
  );
}

export type SlotCheck =
  | { available: true; time: string }
  | { available: false; reason: DayClosedReason | 'too_soon' | 'not_a_slot' | 'full' };

/**
 * The server's re-check of one requested start, inside the booking transaction, against the busy
 * intervals it has just read (excluding the booking being moved). Same rules as availableSlots.
 */
export function isSlotAvailable(input: Omit<AvailabilityInput, 'from' | 'to'> & { start: Date }): SlotCheck {
  const { now, settings, durationMinutes, start } = input;
  checkDuration(durationMinutes);
  const startMs = start.getTime();
  if (!Number.isFinite(startMs)) return { available: false, reason: 'not_a_slot' };
  const date = instantToZoned(startMs, settings.timeZone).date;
  const plan = planDay(date, todayIn(settings.timeZone, now), lastBookableDay(settings, now), settings);
  if (!plan.open) return { available: false, reason: plan.reason! };
  const stepMs = settings.slotStepMinutes * MINUTE;
  const offset = startMs - plan.opensAt!;
  const endMs = startMs + durationMinutes * MINUTE;
  if (offset < 0 || offset % stepMs !== 0 || endMs > plan.closesAt!) return { available: false, reason: 'not_a_slot' };
  if (startMs < now.getTime() + settings.minNoticeMinutes * MINUTE) return { available: false, reason: 'too_soon' };
  const full = fullStretches(input.busy, settings.capacity, startMs, endMs);
  if (!isFree(full, startMs, endMs)) return { available: false, reason: 'full' };
  return { available: true, time: instantToZoned(startMs, settings.timeZone).time };
}

/** The dates that have at least one free start: what the calendar marks as bookable. */
export function daysWithRoom(days: readonly AvailabilityDay[]): string[] {
  return days.filter((d) => d.open && d.slots.length > 0).map((d) => d.date);
}

export interface BookingTimes {
  id?: string;
  start: Date;
  end: Date;
  status: BookingStatus;
  /** For pending_payment: when the hold lapses (the Checkout session's expiry). */
  holdExpiresAt?: Date | null;
}

/**
 * What occupies a table: confirmed bookings, and unpaid ones whose hold is still live
 * (src/domain/holds.ts). Cancelled and expired bookings, lapsed holds and the booking being
 * moved (`excludeId`) free their time.
 */
export function busyIntervalsFrom(rows: readonly BookingTimes[], now: Date, excludeId?: string): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (const row of rows) {
    if (excludeId !== undefined && row.id === excludeId) continue;
    if (row.status === 'confirmed' || isLiveHold(row, now)) busy.push({ start: row.start, end: row.end });
  }
  return busy;
}
