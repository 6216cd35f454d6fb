/**
 * Which grooming table a booking is drawn on. The database gives a booking a seat per 5-minute cell
 * (docs/decisions/025), not one table for its whole length, so the schedule works out a display
 * table here: interval partitioning, each booking on one table from start to end. Bookings are taken
 * by start (longer first on a tie, then id, so the answer never depends on the order they came in),
 * and each goes on the lowest-numbered table free at its start. That uses exactly as many tables as
 * bookings overlap at the busiest moment, which the capacity rule keeps to the number of tables; only
 * a capacity lowered under existing bookings can need more, and those go on extra "overflow" tables.
 */
export interface TimedBooking {
  id: string;
  start: Date | string;
  end: Date | string;
}

export interface TableAssignment {
  /** 1-based table number; above `tables` only for an overflow. */
  table: number;
  overflow: boolean;
}

const ms = (t: Date | string) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

export function assignTables(bookings: readonly TimedBooking[], tables: number): Map<string, TableAssignment> {
  const items = bookings
    .map((b) => ({ id: b.id, start: ms(b.start), end: ms(b.end) }))
    .sort((a, b) => a.start - b.start || b.end - a.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // freeFrom[k]: when table k+1 is next free. Half-open times: a booking ending at 10:00 frees its
  // table for one starting at 10:00.
  const freeFrom: number[] = [];
  const out = new Map<string, TableAssignment>();
  for (const item of items) {
    let k = freeFrom.findIndex((free) => free <= item.start);
    if (k === -1) {
      k = freeFrom.length;
      freeFrom.push(item.end);
    } else {
      freeFrom[k] = item.end;
    }
    out.set(item.id, { table: k + 1, overflow: k + 1 > tables });
  }
  return out;
}

/** How many tables a day's drawing needs: the tables, or more when a booking overflows. */
export function tablesNeeded(assignments: Iterable<TableAssignment>, tables: number): number {
  let most = tables;
  for (const a of assignments) most = Math.max(most, a.table);
  return most;
}
