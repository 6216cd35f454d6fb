import { describe, expect, it } from 'vitest';
import {
  initialView,
  rangeOf,
  scheduleViewReducer,
  showsToday,
  viewTitle,
  type ScheduleView,
  type ScheduleViewAction,
} from './schedule-view.ts';

const day = (date: string): ScheduleView => ({ view: 'day', date });
const week = (date: string): ScheduleView => ({ view: 'week', date });

const step = (by: number): ScheduleViewAction => ({ type: 'step', by });
const go = (date: string): ScheduleViewAction => ({ type: 'go', date });

describe('scheduleViewReducer', () => {
  it.each<[string, ScheduleView, ScheduleViewAction, ScheduleView]>([
    ['a day forward', day('2026-12-01'), step(1), day('2026-12-02')],
    ['a day back', day('2026-12-01'), step(-1), day('2026-11-30')],
    ['a week forward', week('2026-12-02'), step(1), week('2026-12-09')],
    ['a week back', week('2026-12-02'), step(-1), week('2026-11-25')],
    ['a date chosen', week('2026-12-02'), go('2027-01-05'), week('2027-01-05')],
    ['a cleared date is ignored', day('2026-12-02'), go(''), day('2026-12-02')],
    ['the week shown', day('2026-12-02'), { type: 'show', view: 'week' }, week('2026-12-02')],
    ['a day of the week opened', week('2026-12-02'), { type: 'open-day', date: '2026-12-04' }, day('2026-12-04')],
  ])('%s', (_name, state, action, expected) => {
    expect(scheduleViewReducer(state, action)).toEqual(expected);
  });
});

describe('initialView', () => {
  it.each([
    { search: '', expected: '2026-12-01' },
    { search: '?day=2026-12-24', expected: '2026-12-24' },
    { search: '?day=24-12-2026', expected: '2026-12-01' },
    { search: '?day=2026-13-45', expected: '2026-12-01' },
  ])('$search opens $expected', ({ search, expected }) => {
    expect(initialView(search, '2026-12-01')).toEqual(day(expected));
  });
});

describe('the range, "Today" and the heading', () => {
  it('asks for a day, or the week from its Monday', () => {
    expect(rangeOf(day('2026-12-03'))).toEqual({ from: '2026-12-03', days: 1 });
    expect(rangeOf(week('2026-12-03'))).toEqual({ from: '2026-11-30', days: 7 });
  });

  it.each([
    { state: day('2026-12-01'), today: true },
    { state: day('2026-12-02'), today: false },
    { state: week('2026-12-03'), today: true },
    { state: week('2026-12-08'), today: false },
  ])('$state.view of $state.date shows today: $today', ({ state, today }) => {
    expect(showsToday(state, '2026-12-01')).toBe(today);
  });

  it.each([
    { state: day('2026-12-01'), title: 'Today, Tuesday 1 December 2026' },
    { state: day('2026-12-02'), title: 'Wednesday 2 December 2026' },
    { state: week('2026-12-03'), title: 'Week of Monday 30 November 2026' },
  ])('$title', ({ state, title }) => {
    expect(viewTitle(state, '2026-12-01')).toBe(title);
  });
});
