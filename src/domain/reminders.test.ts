import { describe, expect, it } from 'vitest';
import { REMINDER_CASES, REMINDER_CASES_NOW } from './reminders.cases.ts';
import { dayBeforeReminderRun, dueForReminder, reminderDedupeKey, reminderPlan, reminderWindow } from './reminders.ts';

const tz = 'Europe/London';

describe('reminderWindow (tomorrow, midnight to midnight in London)', () => {
  it.each([
    {
      now: '2026-11-20T17:00:00Z',
      date: '2026-11-21',
      from: '2026-11-21T00:00:00.000Z',
      to: '2026-11-22T00:00:00.000Z',
      hours: 24,
    },
    {
      now: '2026-07-20T17:00:00Z',
      date: '2026-07-21',
      from: '2026-07-20T23:00:00.000Z',
      to: '2026-07-21T23:00:00.000Z',
      hours: 24,
    },
    // 23:30 UTC in summer is already the next day in London
    {
      now: '2026-07-20T23:30:00Z',
      date: '2026-07-22',
      from: '2026-07-21T23:00:00.000Z',
      to: '2026-07-22T23:00:00.000Z',
      hours: 24,
    },
    {
      now: '2026-03-28T17:00:00Z',
      date: '2026-03-29',
      from: '2026-03-29T00:00:00.000Z',
      to: '2026-03-29T23:00:00.000Z',
      hours: 23,
    },
    {
      now: '2026-10-24T17:00:00Z',
      date: '2026-10-25',
      from: '2026-10-24T23:00:00.000Z',
      to: '2026-10-26T00:00:00.000Z',
      hours: 25,
    },
    {
      now: '2027-03-27T17:00:00Z',
      date: '2027-03-28',
      from: '2027-03-28T00:00:00.000Z',
      to: '2027-03-28T23:00:00.000Z',
      hours: 23,
    },
    {
      now: '2027-10-30T17:00:00Z',
      date: '2027-10-31',
      from: '2027-10-30T23:00:00.000Z',
      to: '2027-11-01T00:00:00.000Z',
      hours: 25,
    },
  ])('at $now: $date ($hours hours)', ({ now, date, from, to, hours }) => {
    const w = reminderWindow(new Date(now), tz);
    expect({ date: w.date, from: w.from.toISOString(), to: w.to.toISOString() }).toEqual({ date, from, to });
    expect((w.to.getTime() - w.from.getTime()) / 3600_000).toBe(hours);
  });
});

describe('dueForReminder', () => {
  const now = REMINDER_CASES_NOW;
  it.each(REMINDER_CASES)('$name → $due', ({ status, start, due }) => {
    expect(dueForReminder([{ status, start: new Date(start) }], now, tz)).toHaveLength(due ? 1 : 0);
  });

  it('keys change with the start time', () => {
    expect(reminderDedupeKey('abc', new Date('2026-11-21T09:00:00Z'), 'sms')).toBe(
      'reminder:abc:2026-11-21T09:00:00.000Z:sms',
    );
  });
});

describe('reminderPlan (what the confirmation may promise, decision 079)', () => {
  // Appointments on Saturday 21 November 2026 (GMT) and Tuesday 21 July 2026 (BST).
  it.each([
    {
      name: 'booked a week ahead',
      start: '2026-11-21T10:00:00Z',
      bookedAt: '2026-11-14T12:00:00Z',
      now: null,
      plan: 'day_before',
    },
    {
      name: 'booked at 16:59 the day before',
      start: '2026-11-21T09:00:00Z',
      bookedAt: '2026-11-20T16:59:00Z',
      now: null,
      plan: 'day_before',
    },
    {
      name: 'booked at 17:00 the day before (the run)',
      start: '2026-11-21T09:00:00Z',
      bookedAt: '2026-11-20T17:00:00Z',
      now: null,
      plan: 'too_late',
    },
    {
      name: 'booked at 21:00 the day before',
      start: '2026-11-21T09:00:00Z',
      bookedAt: '2026-11-20T21:00:00Z',
      now: null,
      plan: 'too_late',
    },
    {
      name: 'booked the same morning',
      start: '2026-11-21T15:00:00Z',
      bookedAt: '2026-11-21T08:00:00Z',
      now: null,
      plan: 'too_late',
    },
    {
      name: 'summer: booked at 17:59 London (16:59 UTC) the day before',
      start: '2026-07-21T08:00:00Z',
      bookedAt: '2026-07-20T16:59:00Z',
      now: null,
      plan: 'day_before',
    },
    {
      name: 'summer: booked at 18:30 London the day before',
      start: '2026-07-21T08:00:00Z',
      bookedAt: '2026-07-20T17:30:00Z',
      now: null,
      plan: 'too_late',
    },
    {
      name: 'summer: an 00:30 London appointment is on its own day',
      start: '2026-07-20T23:30:00Z',
      bookedAt: '2026-07-20T12:00:00Z',
      now: null,
      plan: 'day_before',
    },
    {
      name: 'booked ahead, seen after the run',
      start: '2026-11-21T10:00:00Z',
      bookedAt: '2026-11-14T12:00:00Z',
      now: '2026-11-20T18:00:00Z',
      plan: 'passed',
    },
    {
      name: 'booked late, seen later on',
      start: '2026-11-21T15:00:00Z',
      bookedAt: '2026-11-21T08:00:00Z',
      now: '2026-11-21T12:00:00Z',
      plan: 'too_late',
    },
  ])('$name → $plan', ({ start, bookedAt, now, plan }) => {
    expect(
      reminderPlan({
        start: new Date(start),
        bookedAt: new Date(bookedAt),
        now: new Date(now ?? bookedAt),
        timeZone: tz,
      }),
    ).toBe(plan);
  });

  it('names the run whose window holds the appointment, in winter, summer and on clock-change days', () => {
    for (const start of [
      '2026-11-21T00:00:00Z',
      '2026-11-21T23:59:00Z',
      '2026-07-20T23:00:00Z',
      '2026-07-21T22:59:00Z',
      '2026-03-29T12:00:00Z',
      '2026-10-25T12:00:00Z',
    ]) {
      const run = dayBeforeReminderRun(new Date(start), tz);
      const w = reminderWindow(run, tz);
      expect(new Date(start) >= w.from && new Date(start) < w.to, start).toBe(true);
    }
  });
});
