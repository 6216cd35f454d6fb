import { describe, expect, it } from 'vitest';
import type { ScheduleBooking, ScheduleResponse } from '../../domain/schedule.ts';
import {
  blockDefaults,
  blockText,
  bookingStartFor,
  cardNotes,
  cardStatus,
  closedText,
  dayEntries,
  dayLayout,
  draggedStart,
  moneyLine,
  noShowWait,
  partyMates,
  tableOf,
  withLine,
} from './schedule-layout.ts';

const booking = (id: string, start: string, end: string): ScheduleBooking => ({
  id,
  status: 'confirmed',
  start,
  end,
  service: { id: 'full', title: 'Full Groom', durationMinutes: 60 },
  dog: { id: 'd', name: 'Rex', breed: 'Beagle', weightKg: 12, coat: 'short', notes: '', nervous: false },
  customer: { id: 'c', name: 'Sam', phone: null, email: '' },
  totalFromPence: 4500,
  depositPence: 0,
  depositHeldPence: 0,
  balanceDuePence: 4500,
  balancePaidPence: 0,
  balanceMethod: null,
  attendance: null,
  stage: null,
  staffNote: '',
  takenBy: 'online',
  holdExpiresAt: null,
  firstVisit: false,
  dispute: null,
  refundFailedPence: 0,
});

// Winter: London is UTC, so wall times read straight off the instants.
const schedule = (bookings: ScheduleBooking[], blocks: ScheduleResponse['blocks'] = []): ScheduleResponse => ({
  timeZone: 'Europe/London',
  tables: 2,
  slotStepMinutes: 15,
  days: [{ date: '2026-12-01', open: true, opens: '09:00', closes: '18:00' }],
  blocks,
  bookings,
  next: null,
});

describe('dayLayout', () => {
  it.each([
    { name: 'an empty day spans its opening hours', bookings: [], first: 9 * 60, rows: 36 },
    {
      name: 'a booking before opening stretches the grid to its hour',
      bookings: [booking('a'.repeat(22), '2026-12-01T08:30:00Z', '2026-12-01T09:30:00Z')],
      first: 8 * 60,
      rows: 40,
    },
    {
      name: 'a booking after closing stretches it the other way',
      bookings: [booking('a'.repeat(22), '2026-12-01T17:30:00Z', '2026-12-01T18:45:00Z')],
      first: 9 * 60,
      rows: 40,
    },
  ])('$name', ({ bookings, first, rows }) => {
    const layout = dayLayout(schedule(bookings), '2026-12-01', new Date('2026-11-30T12:00:00Z'));
    expect(layout.startMinutes).toBe(first);
    expect(layout.rows).toBe(rows);
  });

  it('places overlapping bookings on separate tables, by rows of the slot step', () => {
    const layout = dayLayout(
      schedule([
        booking('b'.repeat(22), '2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z'),
        booking('a'.repeat(22), '2026-12-01T10:30:00Z', '2026-12-01T11:15:00Z'),
        booking('c'.repeat(22), '2026-12-01T11:00:00Z', '2026-12-01T12:00:00Z'),
      ]),
      '2026-12-01',
      new Date('2026-11-30T12:00:00Z'),
    );
    expect(
      layout.bookings.map((b) => [b.booking.id[0], b.table.table, b.rowStart, b.rowEnd, b.startTime, b.endTime]),
    ).toEqual([
      ['b', 1, 4, 8, '10:00', '11:00'],
      ['a', 2, 6, 9, '10:30', '11:15'],
      ['c', 1, 8, 12, '11:00', '12:00'],
    ]);
  });

  it('marks the time now only on that day and inside the grid', () => {
    const s = schedule([]);
    expect(dayLayout(s, '2026-12-01', new Date('2026-12-01T10:40:00Z')).now).toEqual({
      row: 6,
      fraction: 10 / 15,
      time: '10:40',
    });
    expect(dayLayout(s, '2026-12-01', new Date('2026-12-01T07:00:00Z')).now).toBeNull();
    expect(dayLayout(s, '2026-12-01', new Date('2026-12-02T10:40:00Z')).now).toBeNull();
  });

  it('calls a block over the whole grid a whole day, and clamps one over midnight', () => {
    const layout = dayLayout(
      schedule(
        [],
        [{ id: 'x'.repeat(16), start: '2026-11-30T20:00:00Z', end: '2026-12-02T00:00:00Z', reason: 'Holiday' }],
      ),
      '2026-12-01',
      new Date('2026-11-30T12:00:00Z'),
    );
    expect(layout.blocks.map((b) => [b.startTime, b.endTime, b.wholeDay, b.rowStart, b.rowEnd])).toEqual([
      ['00:00', '24:00', true, 0, 36],
    ]);
  });
});

describe('draggedStart', () => {
  it.each([
    { pixels: 60, expected: '2026-12-01T10:30:00.000Z' },
    { pixels: 46, expected: '2026-12-01T10:30:00.000Z' },
    { pixels: 44, expected: '2026-12-01T10:15:00.000Z' },
    { pixels: 14, expected: '2026-12-01T10:00:00.000Z' },
    { pixels: -31, expected: '2026-12-01T09:45:00.000Z' },
  ])('$pixels px at 30 px a 15-minute row → $expected', ({ pixels, expected }) => {
    expect(draggedStart('2026-12-01T10:00:00.000Z', pixels, 30, 15)).toBe(expected);
  });
});

describe('cardStatus', () => {
  it.each([
    { status: 'confirmed', attendance: null, text: 'Booked' },
    { status: 'pending_payment', attendance: null, text: 'Paying deposit' },
    { status: 'confirmed', attendance: 'arrived', text: 'Arrived' },
    { status: 'confirmed', attendance: 'completed', text: 'Done' },
    { status: 'confirmed', attendance: 'no_show', text: 'No-show' },
    { status: 'cancelled', attendance: null, text: 'Cancelled' },
    { status: 'expired', attendance: null, text: 'Deposit not paid' },
    { status: 'confirmed', attendance: 'arrived', stage: 'checked_in', text: 'Arrived' },
    { status: 'confirmed', attendance: 'arrived', stage: 'dry', text: 'Drying' },
    { status: 'confirmed', attendance: 'arrived', stage: 'ready', text: 'Ready to collect' },
  ] as const)('$status, $attendance, $stage → $text', (row) => {
    expect(cardStatus({ stage: null, ...row }).text).toBe(row.text);
  });
});

describe('dayEntries', () => {
  it('lists blocks and bookings by start, not blocks first', () => {
    const layout = dayLayout(
      schedule(
        [
          booking('b'.repeat(22), '2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z'),
          booking('a'.repeat(22), '2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z'),
        ],
        [{ id: 'x'.repeat(16), start: '2026-12-01T13:00:00Z', end: '2026-12-01T14:00:00Z', reason: 'Vet' }],
      ),
      '2026-12-01',
      new Date('2026-11-30T12:00:00Z'),
    );
    expect(dayEntries(layout).map((e) => [e.kind, e.item.startTime])).toEqual([
      ['booking', '10:00'],
      ['block', '13:00'],
      ['booking', '15:00'],
    ]);
  });
});

describe('noShowWait', () => {
  const start = '2026-07-01T09:30:00Z'; // 10:30 in London (summer time)
  it.each([
    { now: '2026-07-01T08:00:00Z', text: 'You can mark a no-show from 10:30.' },
    {
      now: '2026-06-30T16:00:00Z',
      text: 'Arrival and completion can be marked on Wed 1 Jul; a no-show from 10:30 that day.',
    },
    { now: '2026-07-01T09:30:00Z', text: null },
    { now: '2026-07-01T12:00:00Z', text: null },
  ])('at $now → $text', ({ now, text }) => {
    expect(noShowWait(start, new Date(now), 'Europe/London')).toBe(text);
  });
});

describe('blockDefaults', () => {
  it.each([
    { name: 'to the closing time', day: { open: true, opens: '09:00', closes: '18:00' }, from: '13:00', to: '18:00' },
    { name: 'a late opening', day: { open: true, opens: '14:00', closes: '20:00' }, from: '14:00', to: '20:00' },
    { name: 'a morning only', day: { open: true, opens: '08:00', closes: '12:30' }, from: '08:00', to: '12:30' },
    { name: 'a shut day', day: { open: false }, from: '13:00', to: '17:30' },
    { name: 'an unknown day', day: undefined, from: '13:00', to: '17:30' },
  ])('$name', ({ day, from, to }) => {
    expect(blockDefaults(day)).toEqual({ from, to });
  });
});

describe('blockText', () => {
  const block = (reason: string) => ({ id: 'x'.repeat(16), start: '', end: '', reason });
  it.each([
    { wholeDay: true, reason: '', text: { when: 'Blocked all day', reason: '' } },
    { wholeDay: false, reason: 'Vet training', text: { when: 'Blocked 13:00–17:30', reason: ' · Vet training' } },
  ])('$text.when$text.reason', ({ wholeDay, reason, text }) => {
    expect(blockText({ wholeDay, startTime: '13:00', endTime: '17:30', block: block(reason) })).toEqual(text);
  });
});

describe('closedText', () => {
  it.each([
    { day: undefined, text: null },
    { day: { open: true }, text: null },
    { day: { open: false, reason: 'bank_holiday' as const, holiday: 'Boxing Day' }, text: 'Closed for Boxing Day.' },
    { day: { open: false, reason: 'bank_holiday' as const }, text: 'Closed for the bank holiday.' },
    { day: { open: false, reason: 'closure' as const }, text: 'The shop is closed this day.' },
    { day: { open: false, reason: 'closed' as const }, text: 'The shop is not open on this day of the week.' },
  ])('$text', ({ day, text }) => {
    expect(closedText(day)).toBe(text);
  });
});

describe('moneyLine', () => {
  const money = {
    attendance: null,
    balancePaidPence: 0,
    balanceMethod: null,
    depositHeldPence: 0,
    balanceDuePence: 4500,
  } as const;
  it.each([
    { name: 'nothing paid yet', b: money, line: { text: '£45.00 due', tone: 'due' } },
    {
      name: 'a deposit paid',
      b: { ...money, depositHeldPence: 1000, balanceDuePence: 3500 },
      line: { text: 'Deposit £10.00 paid · £35.00 due', tone: 'paid' },
    },
    {
      name: 'completed, the balance by card',
      b: { ...money, attendance: 'completed', balancePaidPence: 4500, balanceMethod: 'card' },
      line: { text: 'Paid £45.00 card', tone: 'paid' },
    },
    {
      name: 'completed with nothing to take',
      b: { ...money, attendance: 'completed' },
      line: { text: 'Paid', tone: 'paid' },
    },
    {
      name: 'completed, a payment link out (decision 096)',
      b: { ...money, attendance: 'completed', balanceLinkSent: true },
      line: { text: 'Link sent · £45.00 due', tone: 'due' },
    },
    {
      name: 'completed, paid by the link',
      b: { ...money, attendance: 'completed', balancePaidPence: 4500, balanceMethod: 'online' },
      line: { text: 'Paid £45.00 online', tone: 'paid' },
    },
    {
      name: 'a no-show keeps the deposit',
      b: { ...money, attendance: 'no_show', depositHeldPence: 1000 },
      line: { text: 'Deposit £10.00 kept', tone: 'none' },
    },
    {
      name: 'a no-show with no deposit',
      b: { ...money, attendance: 'no_show' },
      line: { text: 'Nothing paid', tone: 'none' },
    },
  ] as const)('$name', ({ b, line }) => {
    expect(moneyLine(b)).toEqual(line);
  });
});

describe('cardNotes and tableOf', () => {
  it('joins the dog’s notes and the staff note, leaving out an empty one', () => {
    expect(cardNotes({ dog: { notes: 'Bites' }, staffNote: '' })).toBe('Bites');
    expect(cardNotes({ dog: { notes: 'Bites' }, staffNote: 'Muzzle' })).toBe('Bites · Muzzle');
    expect(cardNotes({ dog: { notes: '' }, staffNote: '' })).toBe('');
  });

  it('finds the table a booking is drawn on, on its own day', () => {
    const a = booking('a'.repeat(22), '2026-12-01T10:00:00Z', '2026-12-01T11:00:00Z');
    const b = booking('b'.repeat(22), '2026-12-01T10:30:00Z', '2026-12-01T11:30:00Z');
    const now = new Date('2026-11-30T12:00:00Z');
    expect(tableOf(schedule([a, b]), b, now)).toBe(2);
    expect(tableOf(schedule([a]), b, now)).toBeNull();
  });
});

describe('partyMates and withLine', () => {
  const party = 'p'.repeat(22);
  const dog = (id: string, name: string, start: string, partyId?: string): ScheduleBooking => {
    const b = booking(id, start, start.replace('T10', 'T11').replace('T12', 'T13'));
    return { ...b, dog: { ...b.dog, name }, ...(partyId ? { partyId } : {}) };
  };
  // The first dog (id = the party's) starts last here: it is still listed first.
  const first = dog(party, 'Rex', '2026-12-01T12:00:00Z', party);
  const second = dog('b'.repeat(22), 'Biscuit', '2026-12-01T10:00:00Z', party);
  const third = dog('c'.repeat(22), 'Moss', '2026-12-01T12:00:00Z', party);
  const alone = dog('d'.repeat(22), 'Pip', '2026-12-01T10:00:00Z');
  const all = [alone, third, second, first];

  it.each([
    ['the first dog: the others by start', first, ['Biscuit', 'Moss'], 'With Biscuit and Moss'],
    ['another dog: the first dog first', third, ['Rex', 'Biscuit'], 'With Rex and Biscuit'],
    ['a dog booked alone', alone, [], ''],
  ])('%s', (_, b, names, line) => {
    const mates = partyMates(b, all);
    expect(mates.map((m) => m.dog.name)).toEqual(names);
    expect(withLine(mates)).toBe(line);
  });

  it('the day grid gives each dog of a booking its mates on that day', () => {
    const layout = dayLayout(schedule([alone, first, second]), '2026-12-01', new Date('2026-11-30T12:00:00Z'));
    const mates = Object.fromEntries(layout.bookings.map((p) => [p.booking.dog.name, withLine(p.mates)]));
    expect(mates).toEqual({ Pip: '', Biscuit: 'With Rex', Rex: 'With Biscuit' });
  });
});

describe('bookingStartFor', () => {
  const party = 'p'.repeat(22);
  const lead = { id: party, start: '2026-12-01T10:00:00.000Z', partyId: party };
  const after = { id: 'b'.repeat(22), start: '2026-12-01T11:30:00.000Z', partyId: party };
  it.each([
    [
      'a dog booked alone',
      { id: 'a'.repeat(22), start: lead.start },
      [],
      '2026-12-01T12:00:00.000Z',
      '2026-12-01T12:00:00.000Z',
    ],
    ['the first dog', lead, [after], '2026-12-01T12:00:00.000Z', '2026-12-01T12:00:00.000Z'],
    [
      'a dog after the first: the first moves as much',
      after,
      [lead],
      '2026-12-01T12:00:00.000Z',
      '2026-12-01T10:30:00.000Z',
    ],
  ])('%s', (_, b, mates, dogStart, start) => expect(bookingStartFor(b, mates, dogStart).start).toBe(start));
});
