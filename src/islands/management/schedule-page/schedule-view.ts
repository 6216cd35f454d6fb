import { addDays } from '../../../domain/london-time.ts';
import { mondayOf } from '../../../domain/schedule.ts';
import { longDate } from '../format.ts';

/**
 * Which stretch of the schedule is on screen: the day or the week, and the date it is about. Pure,
 * so the toolbar's buttons are actions and the rules are tested beside it.
 */
export type View = 'day' | 'week';

export interface ScheduleView {
  view: View;
  date: string;
}

export type ScheduleViewAction =
  | { type: 'step'; by: number }
  | { type: 'go'; date: string }
  | { type: 'show'; view: View }
  /** A day of the week list opened on the day grid. */
  | { type: 'open-day'; date: string };

export function scheduleViewReducer(state: ScheduleView, action: ScheduleViewAction): ScheduleView {
  switch (action.type) {
    case 'step':
      return { ...state, date: addDays(state.date, action.by * rangeOf(state).days) };
    case 'go':
      return action.date ? { ...state, date: action.date } : state;
    case 'show':
      return { ...state, view: action.view };
    case 'open-day':
      return { view: 'day', date: action.date };
  }
}

/** ?day=2026-12-02 opens that day (a link from the dashboard, or a page kept across sign-in); else today. */
export function initialView(search: string, today: string): ScheduleView {
  const asked = new URLSearchParams(search).get('day');
  const valid = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked));
  return { view: 'day', date: valid ? asked : today };
}

/** The days the schedule asks for: the day, or the week from its Monday. */
export function rangeOf({ view, date }: ScheduleView): { from: string; days: number } {
  return view === 'day' ? { from: date, days: 1 } : { from: mondayOf(date), days: 7 };
}

/** Whether "Today" is what is shown (the day itself, or its week). */
export function showsToday({ view, date }: ScheduleView, today: string): boolean {
  return view === 'day' ? date === today : mondayOf(date) === mondayOf(today);
}

/** The heading over the schedule. */
export function viewTitle(state: ScheduleView, today: string): string {
  if (state.view === 'week') return `Week of ${longDate(rangeOf(state).from)}`;
  return state.date === today ? `Today, ${longDate(state.date)}` : longDate(state.date);
}
