import { describe, expect, it } from 'vitest';
import type { BookingStatus } from './booking-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS } from './booking-settings.ts';
import {
  balanceDuePence,
  depositHeldPence,
  mayMarkAttendance,
  staffBookingSettings,
  staffMayCancel,
  staffMayMove,
  type Attendance,
} from './staff-rules.ts';

const TZ = 'Europe/London';
// Tuesday 24 November 2026, 14:00 in London (GMT); and a summer day for the clock change.
const START = new Date('2026-11-24T14:00:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

describe('staffBookingSettings', () => {
  it('lifts the minimum notice and nothing else', () => {
    const staff = staffBookingSettings(DEFAULT_BOOKING_SETTINGS);
    expect(staff.minNoticeMinutes).toBe(0);
    expect({ ...staff, minNoticeMinutes: DEFAULT_BOOKING_SETTINGS.minNoticeMinutes }).toEqual(DEFAULT_BOOKING_SETTINGS);
  });
});

const CHANGES: Array<{
  name: string;
  status: BookingStatus;
  attendance: Attendance | null;
  now: Date;
  move: boolean;
  cancel: boolean;
}> = [
  { name: 'a week ahead', status: 'confirmed', attendance: null, now: minutes(-7 * 24 * 60), move: true, cancel: true },
  {
    name: 'an hour before: inside the customer notice, staff still may',
    status: 'confirmed',
    attendance: null,
    now: minutes(-60),
    move: true,
    cancel: true,
  },
  { name: 'a minute before', status: 'confirmed', attendance: null, now: minutes(-1), move: true, cancel: true },
  { name: 'at the start', status: 'confirmed', attendance: null, now: START, move: false, cancel: false },
  { name: 'after the start', status: 'confirmed', attendance: null, now: minutes(30), move: false, cancel: false },
  { name: 'arrived early', status: 'confirmed', attendance: 'arrived', now: minutes(-10), move: false, cancel: false },
  { name: 'cancelled', status: 'cancelled', attendance: null, now: minutes(-600), move: false, cancel: false },
  { name: 'expired hold', status: 'expired', attendance: null, now: minutes(-600), move: false, cancel: false },
  {
    name: 'awaiting payment: cancel releases it, no move',
    status: 'pending_payment',
    attendance: null,
    now: minutes(-600),
    move: false,
    cancel: true,
  },
];

describe('staffMayMove and staffMayCancel', () => {
  it.each(CHANGES)('$name', ({ status, attendance, now, move, cancel }) => {
    const input = { status, attendance, start: START, now };
    expect(staffMayMove(input).allowed).toBe(move);
    expect(staffMayCancel(input).allowed).toBe(cancel);
    for (const d of [staffMayMove(input), staffMayCancel(input)]) if (!d.allowed) expect(d.message).toMatch(/\.$/);
  });
});

const MARKS: Array<{
  name: string;
  status?: BookingStatus;
  to: Attendance | null;
  now: Date;
  start?: Date;
  allowed: boolean;
}> = [
  { name: 'arrived on the morning of the day', to: 'arrived', now: new Date('2026-11-24T08:00:00Z'), allowed: true },
  { name: 'arrived the evening before', to: 'arrived', now: new Date('2026-11-23T23:59:00Z'), allowed: false },
  { name: 'completed after the start', to: 'completed', now: minutes(90), allowed: true },
  { name: 'completed early on the day', to: 'completed', now: minutes(-30), allowed: true },
  { name: 'completed days later (marked late)', to: 'completed', now: minutes(3 * 24 * 60), allowed: true },
  { name: 'no-show before the start', to: 'no_show', now: minutes(-1), allowed: false },
  { name: 'no-show at the start', to: 'no_show', now: START, allowed: true },
  { name: 'no-show later', to: 'no_show', now: minutes(45), allowed: true },
  { name: 'taking a mark back, any time', to: null, now: minutes(-600), allowed: true },
  { name: 'a cancelled booking', status: 'cancelled', to: 'arrived', now: minutes(5), allowed: false },
  { name: 'a hold awaiting payment', status: 'pending_payment', to: 'arrived', now: minutes(5), allowed: false },
  {
    // 00:30 BST on the day of a summer appointment is already that day in London (23:30 UTC the day before).
    name: "the day is London's day, in summer time",
    to: 'arrived',
    start: new Date('2026-07-01T09:00:00Z'),
    now: new Date('2026-06-30T23:30:00Z'),
    allowed: true,
  },
  {
    name: 'and not an hour before it',
    to: 'arrived',
    start: new Date('2026-07-01T09:00:00Z'),
    now: new Date('2026-06-30T22:59:00Z'),
    allowed: false,
  },
];

describe('mayMarkAttendance', () => {
  it.each(MARKS)('$name', ({ status = 'confirmed', to, now, start = START, allowed }) => {
    expect(mayMarkAttendance({ status, start, now, timeZone: TZ, to }).allowed).toBe(allowed);
  });
});

describe('money at the counter', () => {
  it.each([
    {
      name: 'nothing paid yet',
      m: { totalFromPence: 4500, depositPaidPence: 0, depositRefundedPence: 0, refundDuePence: 0, balancePaidPence: 0 },
      held: 0,
      due: 4500,
    },
    {
      name: 'deposit paid',
      m: {
        totalFromPence: 4500,
        depositPaidPence: 1000,
        depositRefundedPence: 0,
        refundDuePence: 0,
        balancePaidPence: 0,
      },
      held: 1000,
      due: 3500,
    },
    {
      name: 'deposit refunded',
      m: {
        totalFromPence: 4500,
        depositPaidPence: 1000,
        depositRefundedPence: 1000,
        refundDuePence: 0,
        balancePaidPence: 0,
      },
      held: 0,
      due: 4500,
    },
    {
      name: 'refund on its way',
      m: {
        totalFromPence: 4500,
        depositPaidPence: 1000,
        depositRefundedPence: 0,
        refundDuePence: 1000,
        balancePaidPence: 0,
      },
      held: 0,
      due: 4500,
    },
    {
      name: 'balance taken',
      m: {
        totalFromPence: 4500,
        depositPaidPence: 1000,
        depositRefundedPence: 0,
        refundDuePence: 0,
        balancePaidPence: 3500,
      },
      held: 1000,
      due: 0,
    },
    {
      name: 'more taken than quoted (a matted coat)',
      m: {
        totalFromPence: 4500,
        depositPaidPence: 0,
        depositRefundedPence: 0,
        refundDuePence: 0,
        balancePaidPence: 5500,
      },
      held: 0,
      due: 0,
    },
  ])('$name', ({ m, held, due }) => {
    expect(depositHeldPence(m)).toBe(held);
    expect(balanceDuePence(m)).toBe(due);
  });
});
