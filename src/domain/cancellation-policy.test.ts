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
  ] as Array<{
    name: string;
    now: string;
    status: BookingStatus;
    reason: string;
    cancel: boolean;
    move: boolean;
    refund: boolean;
  }>)('$name', ({ now, status, reason, cancel, move, refund }) => {
    const d = canChange({ appointmentStart: start, now: new Date(now), settings, status });
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
