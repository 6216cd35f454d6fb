import { describe, expect, it } from 'vitest';
import type { BookingStatus } from './booking-schemas.ts';
import { DEFAULT_BOOKING_SETTINGS } from './booking-settings.ts';
import { canChange } from './cancellation-policy.ts';

const start = new Date('2026-11-24T10:00:00Z'); // Tuesday 10:00 in London
const settings = DEFAULT_BOOKING_SETTINGS;

describe('canChange (free up to 24 hours before, deposit refunded; later, deposit kept)', () => {
  it.each([
    {
      name: 'a week before',
      now: '2026-11-17T10:00:00Z',
      status: 'confirmed',
      reason: 'free_change',
      cancel: true,
      move: true,
      refund: true,
    },
    {
      name: 'exactly 24 hours before',
      now: '2026-11-23T10:00:00Z',
      status: 'confirmed',
      reason: 'free_change',
      cancel: true,
      move: true,
      refund: true,
    },
    {
      name: 'a second under 24 hours',
      now: '2026-11-23T10:00:01Z',
      status: 'confirmed',
      reason: 'late_change',
      cancel: true,
      move: false,
      refund: false,
    },
    {
      name: 'an hour before',
      now: '2026-11-24T09:00:00Z',
      status: 'confirmed',
      reason: 'late_change',
      cancel: true,
      move: false,
      refund: false,
    },
    {
      name: 'at the start',
      now: '2026-11-24T10:00:00Z',
      status: 'confirmed',
      reason: 'started',
      cancel: false,
      move: false,
      refund: false,
    },
    {
      name: 'after the start',
      now: '2026-11-25T10:00:00Z',
      status: 'confirmed',
      reason: 'started',
      cancel: false,
      move: false,
      refund: false,
    },
    {
      name: 'already cancelled',
      now: '2026-11-17T10:00:00Z',
      status: 'cancelled',
      reason: 'cancelled',
      cancel: false,
      move: false,
      refund: false,
    },
    {
      name: 'expired hold',
      now: '2026-11-17T10:00:00Z',
      status: 'expired',
      reason: 'expired',
      cancel: false,
      move: false,
      refund: false,
    },
    {
      name: 'awaiting payment',
      now: '2026-11-17T10:00:00Z',
      status: 'pending_payment',
      reason: 'awaiting_payment',
      cancel: true,
      move: false,
      refund: false,
    },
    // Booked inside the free period (decision 079): movable up to the booking notice (2 hours).
    {
      name: 'booked the same morning, moved 3 hours before',
      bookedAt: '2026-11-24T07:00:00Z',
      now: '2026-11-24T07:00:00Z',
      status: 'confirmed',
      reason: 'late_booking',
      cancel: true,
      move: true,
      refund: false,
    },
    {
      name: 'booked the evening before, exactly 2 hours before',
      bookedAt: '2026-11-23T19:30:00Z',
      now: '2026-11-24T08:00:00Z',
      status: 'confirmed',
      reason: 'late_booking',
      cancel: true,
      move: true,
      refund: false,
    },
    {
      name: 'booked the same morning, a second under 2 hours before',
      bookedAt: '2026-11-24T07:00:00Z',
      now: '2026-11-24T08:00:01Z',
      status: 'confirmed',
      reason: 'late_change',
      cancel: true,
      move: false,
      refund: false,
    },
    {
      name: 'booked exactly 24 hours before (it had its free period), an hour before',
      bookedAt: '2026-11-23T10:00:00Z',
      now: '2026-11-24T09:00:00Z',
      status: 'confirmed',
      reason: 'late_change',
      cancel: true,
      move: false,
      refund: false,
    },
    {
      name: 'booked a week before, 3 hours before',
      bookedAt: '2026-11-17T10:00:00Z',
      now: '2026-11-24T07:00:00Z',
      status: 'confirmed',
      reason: 'late_change',
      cancel: true,
      move: false,
      refund: false,
    },
    {
      name: 'booked the same morning, awaiting its deposit',
      bookedAt: '2026-11-24T07:00:00Z',
      now: '2026-11-24T07:00:00Z',
      status: 'pending_payment',
      reason: 'awaiting_payment',
      cancel: true,
      move: false,
      refund: false,
    },
    {
      name: 'booked the same morning, started',
      bookedAt: '2026-11-24T07:00:00Z',
      now: '2026-11-24T10:00:00Z',
      status: 'confirmed',
      reason: 'started',
      cancel: false,
      move: false,
      refund: false,
    },
  ] as Array<{
    name: string;
    bookedAt?: string;
    now: string;
    status: BookingStatus;
    reason: string;
    cancel: boolean;
    move: boolean;
    refund: boolean;
  }>)('$name', ({ bookedAt, now, status, reason, cancel, move, refund }) => {
    const d = canChange({
      appointmentStart: start,
      now: new Date(now),
      settings,
      status,
      ...(bookedAt ? { bookedAt: new Date(bookedAt) } : {}),
    });
    expect(d).toMatchObject({ reason, canCancel: cancel, allowed: cancel, canMove: move, refundDeposit: refund });
    expect(d.message.length).toBeGreaterThan(10);
  });

  it('says until when, in London time', () => {
    const d = canChange({
      appointmentStart: new Date('2026-07-14T08:00:00Z'),
      now: new Date('2026-07-01T08:00:00Z'),
      settings,
      status: 'confirmed',
    });
    expect(d.freeUntil.toISOString()).toBe('2026-07-13T08:00:00.000Z');
    expect(d.message).toBe(
      'You can cancel or move this appointment free of charge until Monday 13 July at 09:00; any deposit you paid is refunded.',
    );
  });

  it('tells a booking made inside the free period until when it can move online', () => {
    const d = canChange({
      appointmentStart: start,
      now: new Date('2026-11-24T07:00:00Z'),
      bookedAt: new Date('2026-11-24T06:55:00Z'),
      settings,
      status: 'confirmed',
    });
    expect(d.message).toBe(
      'You booked less than 24 hours ahead, so you can move this appointment online until Tuesday 24 November at 08:00. You can still cancel, but any deposit is kept.',
    );
    // The shop's booking notice decides how long: with 30 minutes, until 09:30.
    const shorter = canChange({
      appointmentStart: start,
      now: new Date('2026-11-24T09:15:00Z'),
      bookedAt: new Date('2026-11-24T06:55:00Z'),
      settings: { ...settings, minNoticeMinutes: 30 },
      status: 'confirmed',
    });
    expect(shorter).toMatchObject({ reason: 'late_booking', canMove: true });
    expect(shorter.message).toContain('until Tuesday 24 November at 09:30');
  });

  it('follows the notice setting', () => {
    const d = canChange({
      appointmentStart: start,
      now: new Date('2026-11-22T10:00:00Z'),
      settings: { ...settings, cancellationNoticeHours: 72 },
      status: 'confirmed',
    });
    expect(d.reason).toBe('late_change');
    expect(d.message).toContain('less than 72 hours');
  });
});
