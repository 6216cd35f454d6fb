import { describe, expect, it } from 'vitest';
import { customersChart, refilledWords, takingsChart, takingsSoFar } from './figures.ts';

const week = (monday: string, days: number[]) => ({ monday, days });
const takings = {
  thisWeek: week('2026-11-30', [1000, 2000, 4500, 0, 0, 0, 0]),
  lastWeek: week('2026-11-23', [1000, 1000, 1000, 9900, 0, 0, 0]),
};

describe('takingsSoFar', () => {
  it.each([
    { today: '2026-11-30', soFar: '£10.00', note: '= 0% against last week to Mon (£10.00)', direction: 'level' },
    { today: '2026-12-01', soFar: '£30.00', note: '▲ 50% against last week to Tue (£20.00)', direction: 'up' },
    { today: '2026-12-03', soFar: '£75.00', note: '▼ 42% against last week to Thu (£129.00)', direction: 'down' },
  ])('on $today: $note', ({ today, soFar, note, direction }) => {
    expect(takingsSoFar({ today, takings })).toEqual({ soFar, note, direction });
  });

  it('says last week’s figure alone when there is nothing to compare with', () => {
    const empty = { thisWeek: takings.thisWeek, lastWeek: week('2026-11-23', [0, 0, 0, 0, 0, 0, 0]) };
    expect(takingsSoFar({ today: '2026-12-01', takings: empty }).note).toBe('Last week to Tue: £0.00');
  });
});

describe('the charts’ figures', () => {
  it('takings: pounds by weekday, the table in pence as money, each day with its date', () => {
    const chart = takingsChart({ takings });
    expect(chart.series.map((s) => s.values)).toEqual([
      [10, 20, 45, 0, 0, 0, 0],
      [10, 10, 10, 99, 0, 0, 0],
    ]);
    expect(chart.table.rows[0]).toEqual(['Mon 30 Nov', '£10.00', '£10.00']);
    expect(chart.table.rows[6]![0]).toBe('Sun 6 Dec');
  });

  it('customers: a week a label (day/month), first visits and returning in the table', () => {
    const chart = customersChart({
      customers: [
        { monday: '2026-11-23', first: 2, returning: 5 },
        { monday: '2026-11-30', first: 1, returning: 7 },
      ],
    });
    expect(chart.labels).toEqual(['23/11', '30/11']);
    expect(chart.table.rows).toEqual([
      ['Mon 23 Nov', '2', '5'],
      ['Mon 30 Nov', '1', '7'],
    ]);
  });
});

describe('refilledWords', () => {
  const period = (tables: number, pence: number) => ({ tables, pence });
  it.each([
    {
      name: 'three this week',
      refilled: { thisWeek: period(3, 13500), lastWeek: period(1, 4500), last28Days: period(6, 27000) },
      value: '3 tables',
      note: '£135.00 brought back · last week 1 table, £45.00 · 28 days 6 tables, £270.00',
    },
    {
      name: 'one refilled and cancelled, its deposit kept',
      refilled: { thisWeek: period(0, 1000), lastWeek: period(0, 0), last28Days: period(0, 1000) },
      value: '0 tables',
      note: '£10.00 brought back · last week 0 tables, £0.00 · 28 days 0 tables, £10.00',
    },
    {
      name: 'one, nothing paid yet',
      refilled: { thisWeek: period(1, 0), lastWeek: period(0, 0), last28Days: period(1, 0) },
      value: '1 table',
      note: '£0.00 brought back · last week 0 tables, £0.00 · 28 days 1 table, £0.00',
    },
    {
      name: 'none yet',
      refilled: { thisWeek: period(0, 0), lastWeek: period(0, 0), last28Days: period(0, 0) },
      value: '0 tables',
      note: 'A cancelled time booked from the waitlist counts here',
    },
  ])('$name: $value', ({ refilled, value, note }) => {
    expect(refilledWords({ refilled })).toEqual({ value, note });
  });
});
