import { assignTables, tablesNeeded, type TableAssignment } from '../../domain/grooming-tables.ts';
import {
  addDays,
  instantToZoned,
  minutesOfTime,
  timeOfMinutes,
  zonedDateTimeToInstant,
} from '../../domain/london-time.ts';
import type { ScheduleBooking, ScheduleDay, ScheduleResponse, TimeBlockView } from '../../domain/schedule.ts';
import { formatPence } from '../../domain/money.ts';
import { joinNames } from '../../domain/party-quote.ts';
import { shortDate } from './format.ts';
import { STAGE_LABELS, type VisitStage } from '../../domain/visit-stages.ts';

/** One slot step's height on the day grid, in pixels (kept in step with schedule.css). */
export const ROW_HEIGHT = 30;

/**
 * Where things go on the schedule's day grid: one row per slot step between the earliest opening
 * and the latest closing of the day (stretched to any booking or block outside them), one column
 * per grooming table. Pure, so the island only draws.
 */
export interface DayLayout {
  date: string;
  day: ScheduleDay | undefined;
  /** Minutes since midnight of the first row, and the number of rows. */
  startMinutes: number;
  rows: number;
  step: number;
  tables: number;
  bookings: Array<{
    booking: ScheduleBooking;
    table: TableAssignment;
    rowStart: number;
    rowEnd: number;
    startTime: string;
    endTime: string;
    /** The other dogs of its booking of several on this day (decision 082), the first dog first; [] for one dog. */
    mates: ScheduleBooking[];
  }>;
  blocks: Array<{
    block: TimeBlockView;
    rowStart: number;
    rowEnd: number;
    startTime: string;
    endTime: string;
    wholeDay: boolean;
  }>;
  hours: Array<{ label: string; row: number }>;
  /** The current time as a row (with the fraction into it), when it falls inside the grid today. */
  now: { row: number; fraction: number; time: string } | null;
}

const minutesOn = (iso: string, date: string, timeZone: string): number => {
  const zoned = instantToZoned(new Date(iso), timeZone);
  // Before or after this day: clamp to its edges (a block running over midnight).
  if (zoned.date < date) return 0;
  if (zoned.date > date) return 24 * 60;
  return zoned.minutes;
};

export function bookingsOn(schedule: ScheduleResponse, date: string): ScheduleBooking[] {
  const from = zonedDateTimeToInstant(date, '00:00', schedule.timeZone).getTime();
  const to = zonedDateTimeToInstant(addDays(date, 1), '00:00', schedule.timeZone).getTime();
  return schedule.bookings.filter((b) => Date.parse(b.start) < to && Date.parse(b.end) > from);
}

export function blocksOn(schedule: ScheduleResponse, date: string): TimeBlockView[] {
  const from = zonedDateTimeToInstant(date, '00:00', schedule.timeZone).getTime();
  const to = zonedDateTimeToInstant(addDays(date, 1), '00:00', schedule.timeZone).getTime();
  return schedule.blocks.filter((b) => Date.parse(b.start) < to && Date.parse(b.end) > from);
}

export function dayLayout(schedule: ScheduleResponse, date: string, now: Date): DayLayout {
  const { timeZone } = schedule;
  const step = schedule.slotStepMinutes;
  const day = schedule.days.find((d) => d.date === date);
  const bookings = bookingsOn(schedule, date);
  const blocks = blocksOn(schedule, date);
  let first = day?.opens ? minutesOfTime(day.opens) : 9 * 60;
  let last = day?.closes ? minutesOfTime(day.closes) : 17 * 60;
  for (const b of bookings) {
    first = Math.min(first, minutesOn(b.start, date, timeZone));
    last = Math.max(last, minutesOn(b.end, date, timeZone));
  }
  // Whole hours at both ends, so the hour lines fall on rows.
  first = Math.floor(first / 60) * 60;
  last = Math.ceil(last / 60) * 60;
  const rowOf = (minutes: number) => Math.max(0, Math.min(Math.round((minutes - first) / step), (last - first) / step));
  const assignments = assignTables(bookings, schedule.tables);
  const tables = tablesNeeded(assignments.values(), schedule.tables);
  const nowZoned = instantToZoned(now, timeZone);
  const nowInside = nowZoned.date === date && nowZoned.minutes >= first && nowZoned.minutes < last;
  const hours: DayLayout['hours'] = [];
  for (let m = first; m < last; m += 60) hours.push({ label: timeOfMinutes(m), row: rowOf(m) });
  return {
    date,
    day,
    startMinutes: first,
    rows: (last - first) / step,
    step,
    tables,
    bookings: bookings
      .map((booking) => {
        const s = minutesOn(booking.start, date, timeZone);
        const e = minutesOn(booking.end, date, timeZone);
        return {
          booking,
          table: assignments.get(booking.id)!,
          rowStart: rowOf(s),
          rowEnd: Math.max(rowOf(e), rowOf(s) + 1),
          startTime: timeOfMinutes(s),
          endTime: timeOfMinutes(e),
          mates: partyMates(booking, bookings),
        };
      })
      .sort((a, b) => a.rowStart - b.rowStart || a.table.table - b.table.table),
    blocks: blocks.map((block) => {
      const s = minutesOn(block.start, date, timeZone);
      const e = minutesOn(block.end, date, timeZone);
      return {
        block,
        rowStart: rowOf(s),
        rowEnd: Math.max(rowOf(e), rowOf(s) + 1),
        startTime: timeOfMinutes(s),
        endTime: e >= 24 * 60 ? '24:00' : timeOfMinutes(e),
        wholeDay: s <= first && e >= last,
      };
    }),
    hours,
    now: nowInside
      ? {
          row: Math.floor((nowZoned.minutes - first) / step),
          fraction: ((nowZoned.minutes - first) % step) / step,
          time: nowZoned.time,
        }
      : null,
  };
}

/**
 * The other dogs of `booking`'s booking of several among `bookings` (decision 082): the first dog
 * (the one whose id is the party's) first, then by start; none for a booking of one dog.
 */
export function partyMates(
  booking: Pick<ScheduleBooking, 'id' | 'partyId'>,
  bookings: readonly ScheduleBooking[],
): ScheduleBooking[] {
  const { partyId } = booking;
  if (!partyId) return [];
  return bookings
    .filter((b) => b.partyId === partyId && b.id !== booking.id)
    .sort(
      (a, b) =>
        Number(b.id === partyId) - Number(a.id === partyId) ||
        Date.parse(a.start) - Date.parse(b.start) ||
        (a.id < b.id ? -1 : 1),
    );
}

/** "With Biscuit", "With Biscuit and Moss": who a dog is booked with; '' for a dog booked alone. */
export function withLine(mates: readonly Pick<ScheduleBooking, 'dog'>[]): string {
  return mates.length ? `With ${joinNames(mates.map((m) => m.dog.name))}` : '';
}

/**
 * A move asks for the start of the whole booking, its first dog's (decision 082): a later dog dragged
 * to `dogStart` moves its first dog by as much, so every dog keeps its place.
 */
export function bookingStartFor(
  booking: Pick<ScheduleBooking, 'id' | 'start' | 'partyId'>,
  mates: readonly Pick<ScheduleBooking, 'id' | 'start'>[],
  dogStart: string,
): { start: string; leadId: string } {
  const lead = mates.find((m) => m.id === booking.partyId);
  if (!lead || booking.id === booking.partyId) return { start: dogStart, leadId: booking.id };
  const offset = Date.parse(booking.start) - Date.parse(lead.start);
  return { start: new Date(Date.parse(dogStart) - offset).toISOString(), leadId: lead.id };
}

/** A drag of `pixels` on a grid whose rows are `rowHeight` tall: the new start, on the slot grid. */
export function draggedStart(start: string, pixels: number, rowHeight: number, step: number): string {
  const rows = Math.round(pixels / rowHeight);
  return new Date(Date.parse(start) + rows * step * 60_000).toISOString();
}

/** The wall time of an instant in the shop's zone, 'HH:MM'. */
export function wallTime(iso: string, timeZone: string): string {
  return instantToZoned(new Date(iso), timeZone).time;
}

export type CardStatusTone = 'booked' | 'pending' | 'arrived' | 'completed' | 'no_show' | 'cancelled';

/**
 * An appointment's state in words, for its card's visible text and its accessible name: the colours
 * only repeat it, so nobody has to tell "arrived" from "done" by shade (WCAG 1.4.1).
 */
export function cardStatus(booking: Pick<ScheduleBooking, 'status' | 'attendance'> & { stage?: VisitStage | null }): {
  text: string;
  tone: CardStatusTone;
} {
  // A dog in the shop says where it is once staff have tapped it on (decision 092).
  if (booking.attendance === 'arrived')
    return {
      text: booking.stage && booking.stage !== 'checked_in' ? STAGE_LABELS[booking.stage] : 'Arrived',
      tone: 'arrived',
    };
  if (booking.attendance === 'completed') return { text: 'Done', tone: 'completed' };
  if (booking.attendance === 'no_show') return { text: 'No-show', tone: 'no_show' };
  if (booking.status === 'pending_payment') return { text: 'Paying deposit', tone: 'pending' };
  if (booking.status === 'cancelled') return { text: 'Cancelled', tone: 'cancelled' };
  if (booking.status === 'expired') return { text: 'Deposit not paid', tone: 'cancelled' };
  return { text: 'Booked', tone: 'booked' };
}

export type DayEntry =
  | { kind: 'block'; start: number; item: DayLayout['blocks'][number] }
  | { kind: 'booking'; start: number; item: DayLayout['bookings'][number] };

/** A day's blocks and bookings in one list by start (the week's lists read down the day as the grid does). */
export function dayEntries(layout: DayLayout): DayEntry[] {
  return [
    ...layout.blocks.map((item) => ({ kind: 'block' as const, start: Date.parse(item.block.start), item })),
    ...layout.bookings.map((item) => ({ kind: 'booking' as const, start: Date.parse(item.booking.start), item })),
  ].sort((a, b) => a.start - b.start || (a.kind === b.kind ? 0 : a.kind === 'block' ? -1 : 1));
}

/**
 * Why the counter's No-show cannot be pressed yet, in words (null once the time has passed): a
 * disabled button alone tells nobody when it will work.
 */
export function noShowWait(start: string, now: Date, timeZone: string): string | null {
  if (Date.parse(start) <= now.getTime()) return null;
  const at = instantToZoned(new Date(start), timeZone);
  if (instantToZoned(now, timeZone).date < at.date)
    return `Arrival and completion can be marked on ${shortDate(at.date)}; a no-show from ${at.time} that day.`;
  return `You can mark a no-show from ${at.time}.`;
}

/**
 * What the Block time form starts with on a day: the afternoon to the day's closing (a break
 * or an early close), from its opening when it opens after 13:00; 13:00–17:30 when the hours are
 * not known (a shut day, where a block changes little).
 */
export function blockDefaults(day: Pick<ScheduleDay, 'open' | 'opens' | 'closes'> | undefined): {
  from: string;
  to: string;
} {
  if (!day?.open || !day.opens || !day.closes) return { from: '13:00', to: '17:30' };
  const from = day.opens > '13:00' || day.closes <= '13:00' ? day.opens : '13:00';
  return { from, to: day.closes };
}

/** "Blocked all day" or "Blocked 13:00–17:30", with the reason after a dot when there is one. */
export function blockText(block: Pick<DayLayout['blocks'][number], 'wholeDay' | 'startTime' | 'endTime' | 'block'>): {
  when: string;
  reason: string;
} {
  return {
    when: block.wholeDay ? 'Blocked all day' : `Blocked ${block.startTime}–${block.endTime}`,
    reason: block.block.reason ? ` · ${block.block.reason}` : '',
  };
}

/** Why the day grid's day is shut, in a sentence; null on an open day (or one not in the answer). */
export function closedText(day: Pick<ScheduleDay, 'open' | 'reason' | 'holiday'> | undefined): string | null {
  if (!day || day.open) return null;
  if (day.reason === 'bank_holiday') return `Closed for ${day.holiday ?? 'the bank holiday'}.`;
  if (day.reason === 'closure') return 'The shop is closed this day.';
  return 'The shop is not open on this day of the week.';
}

/** A card's money in a few words: paid, kept, or what is still due. */
export function moneyLine(
  b: Pick<
    ScheduleBooking,
    'attendance' | 'balancePaidPence' | 'balanceMethod' | 'depositHeldPence' | 'balanceDuePence'
  > & { balanceLinkSent?: boolean | undefined },
): { text: string; tone: 'paid' | 'due' | 'none' } {
  if (b.attendance === 'completed' && b.balanceLinkSent && !b.balancePaidPence)
    return { text: `Link sent · ${formatPence(b.balanceDuePence)} due`, tone: 'due' };
  if (b.attendance === 'completed')
    return {
      text: `Paid${b.balancePaidPence ? ` ${formatPence(b.balancePaidPence)} ${b.balanceMethod ?? ''}` : ''}`.trim(),
      tone: 'paid',
    };
  if (b.attendance === 'no_show')
    return {
      text: b.depositHeldPence ? `Deposit ${formatPence(b.depositHeldPence)} kept` : 'Nothing paid',
      tone: 'none',
    };
  if (b.depositHeldPence > 0)
    return {
      text: `Deposit ${formatPence(b.depositHeldPence)} paid · ${formatPence(b.balanceDuePence)} due`,
      tone: 'paid',
    };
  return { text: `${formatPence(b.balanceDuePence)} due`, tone: 'due' };
}

/** The dog's notes and the staff note in one line ('' when neither). */
export function cardNotes(b: { dog: { notes: string }; staffNote: string }): string {
  return [b.dog.notes, b.staffNote].filter(Boolean).join(' · ');
}

/** The grooming table a booking is drawn on, on its own day's grid (null when it is not in the answer). */
export function tableOf(schedule: ScheduleResponse, booking: ScheduleBooking, now: Date): number | null {
  const date = instantToZoned(new Date(booking.start), schedule.timeZone).date;
  return dayLayout(schedule, date, now).bookings.find((b) => b.booking.id === booking.id)?.table.table ?? null;
}
