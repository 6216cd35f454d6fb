import { changeAgainst, firstDays, type DashboardResponse } from '../../../domain/dashboard.ts';
import { addDays, daysBetween } from '../../../domain/london-time.ts';
import { formatPence } from '../../../domain/money.ts';
import type { ChartSeries } from '../charts.ts';
import { shortDate } from '../format.ts';

/**
 * The dashboard's figures put into words, charts and tables: pure, so what each tile and chart says
 * is tested without drawing it.
 */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The brand's two chart colours: this week or the many (bars), last week or the few (a line). */
const BARS = '#0f5563';
const LINE = '#b8431c';

/** The figures of one chart: its points, and the same numbers as a table for everyone who cannot see it. */
export interface ChartFigures {
  labels: string[];
  series: ChartSeries[];
  format: 'pounds' | 'count';
  table: { name: string; head: string[]; rows: string[][] };
}

/** This week's takings so far, against last week's to the same weekday, as the tile says it. */
export function takingsSoFar(figures: Pick<DashboardResponse, 'today' | 'takings'>): {
  soFar: string;
  note: string;
  direction: 'up' | 'down' | 'level';
} {
  const { thisWeek, lastWeek } = figures.takings;
  const dayIndex = daysBetween(thisWeek.monday, figures.today) + 1;
  const soFar = firstDays(thisWeek.days, dayIndex);
  const lastSoFar = firstDays(lastWeek.days, dayIndex);
  const change = changeAgainst(soFar, lastSoFar);
  const day = WEEKDAYS[dayIndex - 1];
  const arrow = change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : '=';
  return {
    soFar: formatPence(soFar),
    direction: change.direction,
    note:
      change.percent === null
        ? `Last week to ${day}: ${formatPence(lastSoFar)}`
        : `${arrow} ${change.percent}% against last week to ${day} (${formatPence(lastSoFar)})`,
  };
}

/**
 * The value of this week's appointments (their quotes and agreed surcharges, paid or not), against
 * last week's: a second figure beside the takings, never added to them.
 */
export function appointmentsValueWords(figures: Pick<DashboardResponse, 'appointmentsValue'>): {
  value: string;
  note: string;
} {
  const sum = (days: readonly number[]) => days.reduce((a, b) => a + b, 0);
  const { thisWeek, lastWeek } = figures.appointmentsValue;
  return {
    value: formatPence(sum(thisWeek.days)),
    note: `Monday to Sunday at their prices, paid or not · last week ${formatPence(sum(lastWeek.days))}`,
  };
}

/** Takings by day: this week as bars, last week's same days as a line. */
export function takingsChart({ takings }: Pick<DashboardResponse, 'takings'>): ChartFigures {
  return {
    labels: WEEKDAYS,
    series: [
      { label: 'This week', values: takings.thisWeek.days.map((p) => p / 100), colour: BARS, kind: 'bars' },
      { label: 'Last week', values: takings.lastWeek.days.map((p) => p / 100), colour: LINE, kind: 'line' },
    ],
    format: 'pounds',
    table: {
      name: 'Takings by day, this week and last week',
      head: ['Day', 'This week', 'Last week'],
      rows: WEEKDAYS.map((_, i) => [
        shortDate(addDays(takings.thisWeek.monday, i)),
        formatPence(takings.thisWeek.days[i]!),
        formatPence(takings.lastWeek.days[i]!),
      ]),
    },
  };
}

/** Appointments a week: returning customers as bars, first visits as a line; weeks labelled "30/11". */
export function customersChart({ customers }: Pick<DashboardResponse, 'customers'>): ChartFigures {
  return {
    labels: customers.map((w) => `${Number(w.monday.slice(8))}/${Number(w.monday.slice(5, 7))}`),
    series: [
      { label: 'Returning', values: customers.map((w) => w.returning), colour: BARS, kind: 'bars' },
      { label: 'First visit', values: customers.map((w) => w.first), colour: LINE, kind: 'line' },
    ],
    format: 'count',
    table: {
      name: 'New and returning customers by week',
      head: ['Week of', 'First visits', 'Returning'],
      rows: customers.map((w) => [shortDate(w.monday), String(w.first), String(w.returning)]),
    },
  };
}

/** "1 appointment", "3 appointments". */
export const appointments = (n: number) => `${n} appointment${n === 1 ? '' : 's'}`;

/** "1 table", "3 tables". */
const tables = (n: number) => `${n} table${n === 1 ? '' : 's'}`;

/**
 * The waitlist tile in a groomer's words: this week's tables refilled as the figure, what they
 * brought back and the other periods as its note; before any, what will count there.
 */
export function refilledWords({ refilled }: Pick<DashboardResponse, 'refilled'>): { value: string; note: string } {
  const { thisWeek, lastWeek, last28Days } = refilled;
  const value = tables(thisWeek.tables);
  if (last28Days.tables === 0 && last28Days.pence === 0 && thisWeek.pence === 0 && lastWeek.pence === 0)
    return { value, note: 'A cancelled time booked from the waitlist counts here' };
  return {
    value,
    note: `${formatPence(thisWeek.pence)} brought back · last week ${tables(lastWeek.tables)}, ${formatPence(lastWeek.pence)} · 28 days ${tables(last28Days.tables)}, ${formatPence(last28Days.pence)}`,
  };
}
