/**
 * "A time has freed" (docs/decisions/083-a-time-has-freed.md): the one event the waitlist hears
 * whenever room for a booking may have appeared. The database raises it (migration
 * 20261128020000_time_freed.sql), so every path that frees a time raises it, the ones written later
 * too; these are its causes, in the words the table's CHECK uses.
 */
export const TIME_FREED_CAUSES = [
  /** A booking cancelled, by its owner or by staff. */
  'cancelled',
  /** An unpaid hold that lapsed, whose payment page expired, or whose bank payment failed. */
  'expired',
  /** A booking moved elsewhere: its old time is free. */
  'moved',
  /** A booking row deleted outright (its cells cascade); no path of the app does this today. */
  'deleted',
  /** A blocked-off time removed or shortened. */
  'unblocked',
  /** A closed day lifted. */
  'reopened',
  /** The shop's booking rules changed (more tables, longer hours, a shorter notice…). */
  'settings',
] as const;
export type TimeFreedCause = (typeof TIME_FREED_CAUSES)[number];

export interface TimeFreed {
  id: string;
  start: Date;
  end: Date;
  cause: TimeFreedCause;
  /** The booking that gave its time back; null for blocks, closures and settings. */
  bookingId: string | null;
  at: Date;
}

export interface FreedRange {
  start: Date;
  end: Date;
}

/**
 * The ranges to look at again, overlapping or touching ones made one, in time order: a party of
 * three dogs cancelled raises three events but is one look at the schedule, and two adjacent freed
 * hours can hold a booking neither could alone.
 */
export function mergeFreedRanges(ranges: readonly FreedRange[]): FreedRange[] {
  const sorted = [...ranges].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: FreedRange[] = [];
  for (const r of sorted) {
    const last = merged.at(-1);
    if (last && r.start.getTime() <= last.end.getTime()) {
      if (r.end.getTime() > last.end.getTime()) last.end = r.end;
    } else {
      merged.push({ start: r.start, end: r.end });
    }
  }
  return merged;
}
