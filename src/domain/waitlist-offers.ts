import { lastBookableDay } from './availability.ts';
import type { BookingSettings, WaitlistSettings } from './booking-settings.ts';
import { addDays, instantToZoned, zonedDateTimeToInstant } from './london-time.ts';
import { WEEKDAYS } from './calendar.ts';

/**
 * The waitlist's rules for offers (docs/decisions/084), pure: which free start suits which request,
 * when offers may be sent, how long one stands, and who is offered a start: first asked, first offered.
 */

export type PartOfDay = 'morning' | 'afternoon';

/** What suits a request, in the shop's time zone: dates (inclusive), ISO weekdays (1 Monday … 7 Sunday), parts. */
export interface Suits {
  fromDate: string;
  toDate: string;
  weekdays: readonly number[];
  parts: readonly PartOfDay[];
}

/** Morning: a start before 12:00 in the shop's time zone; afternoon: from 12:00. */
export function partOfDay(minutesOfDay: number): PartOfDay {
  return minutesOfDay < 12 * 60 ? 'morning' : 'afternoon';
}

/** Whether a start falls on a date, weekday and part of day the request asked for. */
export function startSuits(start: Date, suits: Suits, timeZone: string): boolean {
  const local = instantToZoned(start, timeZone);
  if (local.date < suits.fromDate || local.date > suits.toDate) return false;
  if (!suits.weekdays.includes(WEEKDAYS.indexOf(local.weekday) + 1)) return false;
  return suits.parts.includes(partOfDay(local.minutes));
}

/** Whether a start can still be booked online: beyond the shop's notice, within its horizon. */
export function startReachable(
  start: Date,
  now: Date,
  settings: Pick<BookingSettings, 'minNoticeMinutes' | 'horizonWeeks' | 'timeZone'>,
): boolean {
  if (start.getTime() < now.getTime() + settings.minNoticeMinutes * 60_000) return false;
  return instantToZoned(start, settings.timeZone).date <= lastBookableDay(settings as BookingSettings, now);
}

/**
 * Whether offers may be sent at `now`: within the waking hours, both ends included, the last to the
 * end of its minute (21:00 is awake until 21:01). So 00:00–23:59 is the whole day: with the end
 * excluded nothing could be sent in the day's last minute, and what a cancellation freed then waited
 * for midnight (issue 28).
 */
export function isWakingHour(now: Date, timeZone: string, waking: WaitlistSettings['wakingHours']): boolean {
  const minute = instantToZoned(now, timeZone).time.slice(0, 5);
  return minute >= waking.from && minute <= waking.to;
}

/** `now` in waking hours, else the next instant they begin (the wall time, across a clock change). */
export function nextWakingInstant(now: Date, timeZone: string, waking: WaitlistSettings['wakingHours']): Date {
  if (isWakingHour(now, timeZone, waking)) return now;
  const local = instantToZoned(now, timeZone);
  const date = local.time < waking.from ? local.date : addDays(local.date, 1);
  return zonedDateTimeToInstant(date, waking.from, timeZone);
}

/** An offer stands for offerMinutes, but never past the shop's notice before the start. */
export function offerExpiry(now: Date, start: Date, offerMinutes: number, minNoticeMinutes: number): Date {
  return new Date(Math.min(now.getTime() + offerMinutes * 60_000, start.getTime() - minNoticeMinutes * 60_000));
}

export interface WaitingRequest {
  id: string;
  createdAt: Date;
  suits: Suits;
  /** An offer is open: it must be answered (or lapse) before the next. */
  hasOpenOffer: boolean;
  /** Starts (epoch ms) already offered to it, whatever came of them: a time is offered once. */
  offeredStarts: ReadonlySet<number>;
}

/** First asked, first offered: created_at, then id. */
export function fairOrder(a: Pick<WaitingRequest, 'id' | 'createdAt'>, b: Pick<WaitingRequest, 'id' | 'createdAt'>) {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The requests to offer one free start: in fair order, those it suits, not offered it before,
 * without an open offer, up to offersAtOnce open offers of that start in all.
 */
export function chooseOffers(input: {
  start: Date;
  requests: readonly WaitingRequest[];
  /** Offers of this start already open. */
  openForStart: number;
  offersAtOnce: number;
  timeZone: string;
}): string[] {
  const room = input.offersAtOnce - input.openForStart;
  if (room <= 0) return [];
  const at = input.start.getTime();
  return [...input.requests]
    .sort(fairOrder)
    .filter((r) => !r.hasOpenOffer && !r.offeredStarts.has(at) && startSuits(input.start, r.suits, input.timeZone))
    .slice(0, room)
    .map((r) => r.id);
}

/**
 * Offers for the free starts of one visit length, earliest first. A start offered to someone takes
 * the visit's time: the next start offered begins when it ends, so one freed table is not offered
 * to the whole list at a quarter-hour apart. A request is offered one start (one open offer).
 */
export function planOffers(input: {
  starts: readonly Date[];
  durationMin: number;
  requests: readonly WaitingRequest[];
  openByStart: ReadonlyMap<number, number>;
  offersAtOnce: number;
  timeZone: string;
}): Array<{ start: Date; requestIds: string[] }> {
  const requests = input.requests.map((r) => ({ ...r }));
  const plan: Array<{ start: Date; requestIds: string[] }> = [];
  let freeFrom = -Infinity;
  for (const start of [...input.starts].sort((a, b) => a.getTime() - b.getTime())) {
    if (start.getTime() < freeFrom) continue;
    const open = input.openByStart.get(start.getTime()) ?? 0;
    const chosen = chooseOffers({ ...input, start, requests, openForStart: open });
    if (chosen.length === 0 && open === 0) continue;
    if (chosen.length > 0) plan.push({ start, requestIds: chosen });
    for (const r of requests) if (chosen.includes(r.id)) r.hasOpenOffer = true;
    freeFrom = start.getTime() + input.durationMin * 60_000;
  }
  return plan;
}
