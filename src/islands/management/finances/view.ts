import { periodStartOf, type Period } from '../../../domain/finances.ts';
import { addDays } from '../../../domain/london-time.ts';

/**
 * What the Finances screen shows: a period (a preset or two dates of one's own) and how the takings
 * are grouped. Pure, so the presets and the changes are tested as a table.
 */
export type Range = { from: string; to: string };
export const PRESETS = ['This week', 'This month', 'Last month', 'This year'] as const;
export type Preset = (typeof PRESETS)[number];

export interface FinancesView {
  preset: Preset | 'Custom';
  range: Range;
  by: Period;
}

export type FinancesChange =
  | { type: 'preset'; preset: Preset; today: string }
  | { type: 'from' | 'to'; date: string }
  | { type: 'by'; by: Period };

export function presetRange(preset: Preset, today: string): Range {
  const month = periodStartOf(today, 'month');
  switch (preset) {
    case 'This week': {
      const week = periodStartOf(today, 'week');
      return { from: week, to: addDays(week, 6) };
    }
    case 'This month':
      return { from: month, to: addDays(periodStartOf(addDays(month, 32), 'month'), -1) };
    case 'Last month':
      return { from: periodStartOf(addDays(month, -1), 'month'), to: addDays(month, -1) };
    case 'This year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** The screen as it opens: this month, day by day. */
export function firstView(today: string): FinancesView {
  return { preset: 'This month', range: presetRange('This month', today), by: 'day' };
}

export function changeView(view: FinancesView, change: FinancesChange): FinancesView {
  switch (change.type) {
    case 'preset':
      return {
        preset: change.preset,
        range: presetRange(change.preset, change.today),
        // A year day by day is 365 rows: a year is read by month.
        by: change.preset === 'This year' ? 'month' : view.by,
      };
    case 'from':
    case 'to':
      // A date field cleared half way through typing changes nothing.
      if (!change.date) return view;
      return { ...view, preset: 'Custom', range: { ...view.range, [change.type]: change.date } };
    case 'by':
      return { ...view, by: change.by };
  }
}
