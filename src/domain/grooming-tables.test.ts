import { describe, expect, it } from 'vitest';
import { assignTables, tablesNeeded, type TimedBooking } from './grooming-tables.ts';

/** A seeded generator, so a failure repeats. */
function random(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const at = (hhmm: string) => `2026-11-24T${hhmm}:00.000Z`;
const b = (id: string, from: string, to: string): TimedBooking => ({ id, start: at(from), end: at(to) });

const CASES: Array<{
  name: string;
  tables: number;
  bookings: TimedBooking[];
  expected: Record<string, number>;
  overflow?: string[];
}> = [
  { name: 'nothing booked', tables: 2, bookings: [], expected: {} },
  {
    name: 'one after another stays on table 1',
    tables: 2,
    bookings: [b('a', '09:00', '10:00'), b('b', '10:30', '11:00'), b('c', '13:00', '14:00')],
    expected: { a: 1, b: 1, c: 1 },
  },
  {
    name: 'back to back shares a table (half-open times)',
    tables: 2,
    bookings: [b('a', '09:00', '10:00'), b('b', '10:00', '11:00')],
    expected: { a: 1, b: 1 },
  },
  {
    name: 'two at once take both tables',
    tables: 2,
    bookings: [b('a', '09:00', '10:00'), b('b', '09:00', '10:00')],
    expected: { a: 1, b: 2 },
  },
  {
    name: 'the longer of two equal starts takes table 1',
    tables: 2,
    bookings: [b('short', '09:00', '09:30'), b('long', '09:00', '11:00')],
    expected: { long: 1, short: 2 },
  },
  {
    name: 'equal times: by id',
    tables: 2,
    bookings: [b('zz', '09:00', '10:00'), b('aa', '09:00', '10:00')],
    expected: { aa: 1, zz: 2 },
  },
  {
    // The fragmentation case of decision 025: each booking still fits one table for its whole time.
    name: 'a booking across two others fits without changing table',
    tables: 2,
    bookings: [b('first', '09:00', '10:00'), b('across', '09:30', '11:30'), b('later', '11:00', '12:00')],
    expected: { first: 1, across: 2, later: 1 },
  },
  {
    name: 'a freed table 1 is used again before table 2',
    tables: 2,
    bookings: [b('a', '09:00', '10:00'), b('b', '09:30', '12:00'), b('c', '10:00', '10:30'), b('d', '10:30', '11:00')],
    expected: { a: 1, b: 2, c: 1, d: 1 },
  },
  {
    name: 'three at once on two tables: the third overflows',
    tables: 2,
    bookings: [b('a', '09:00', '10:00'), b('b', '09:00', '10:00'), b('c', '09:15', '09:45')],
    expected: { a: 1, b: 2, c: 3 },
    overflow: ['c'],
  },
  {
    name: 'one table: everything in a row',
    tables: 1,
    bookings: [b('a', '09:00', '10:00'), b('b', '10:00', '11:00')],
    expected: { a: 1, b: 1 },
  },
];

describe('assignTables', () => {
  it.each(CASES)('$name', ({ bookings, tables, expected, overflow = [] }) => {
    const result = assignTables(bookings, tables);
    expect(Object.fromEntries([...result].map(([id, a]) => [id, a.table]))).toEqual(expected);
    expect([...result].filter(([, a]) => a.overflow).map(([id]) => id)).toEqual(overflow);
  });

  it('answers the same whatever order the bookings come in', () => {
    const bookings = [
      b('a', '09:00', '10:00'),
      b('b', '09:30', '11:30'),
      b('c', '10:00', '10:45'),
      b('d', '11:00', '12:00'),
      b('e', '11:30', '12:30'),
      b('f', '12:30', '13:00'),
    ];
    const reference = [...assignTables(bookings, 2)].sort();
    const next = random(7);
    for (let shuffle = 0; shuffle < 30; shuffle++) {
      const shuffled = [...bookings]
        .map((x) => [next(), x] as const)
        .sort(([p], [q]) => p - q)
        .map(([, x]) => x);
      expect([...assignTables(shuffled, 2)].sort()).toEqual(reference);
    }
  });

  it('never puts two overlapping bookings on one table, and uses no more tables than ever overlap', () => {
    // Random days on a 15-minute grid with at most 2 at once, as the capacity rule allows.
    const next = random(2026);
    for (let day = 0; day < 200; day++) {
      const bookings: TimedBooking[] = [];
      for (let i = 0; i < 12; i++) {
        const start = Date.parse(at('09:00')) + Math.floor(next() * 32) * 15 * 60_000;
        const end = start + (1 + Math.floor(next() * 8)) * 15 * 60_000;
        const overlapping = (s: number) =>
          bookings.filter((o) => Date.parse(String(o.start)) <= s && s < Date.parse(String(o.end))).length;
        let fits = true;
        for (let t = start; t < end; t += 15 * 60_000) if (overlapping(t) + 1 > 2) fits = false;
        if (fits)
          bookings.push({ id: `b${i}`, start: new Date(start).toISOString(), end: new Date(end).toISOString() });
      }
      const result = assignTables(bookings, 2);
      expect(tablesNeeded(result.values(), 2)).toBe(2);
      for (const x of bookings) {
        for (const y of bookings) {
          if (x.id >= y.id) continue;
          const overlap =
            Date.parse(String(x.start)) < Date.parse(String(y.end)) &&
            Date.parse(String(y.start)) < Date.parse(String(x.end));
          if (overlap) expect(result.get(x.id)!.table).not.toBe(result.get(y.id)!.table);
        }
      }
    }
  });
});

describe('tablesNeeded', () => {
  it.each([
    { tables: 2, used: [1, 1, 2], expected: 2 },
    { tables: 2, used: [], expected: 2 },
    { tables: 2, used: [1, 3], expected: 3 },
  ])('$used on $tables tables → $expected', ({ tables, used, expected }) => {
    expect(
      tablesNeeded(
        used.map((table) => ({ table, overflow: table > tables })),
        tables,
      ),
    ).toBe(expected);
  });
});
